import ModGenCore
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What an update does with one file of a module.
public enum FileUpdateOutcome: String, Sendable, CaseIterable {
    /// The disk already holds the new version.
    case unchanged
    /// The developer had not edited it: the new version replaces it.
    case replaced
    /// The template did not change it: the developer's version stays.
    case kept
    /// Both changed it and the changes merge cleanly.
    case merged
    /// Both changed the same lines: written with conflict markers.
    case conflict
    /// The new version adds it.
    case created
    /// The new version no longer has it and the developer had not edited it.
    case removed
    /// The new version no longer has it, but the developer edited it: it stays, with a warning.
    case keptEdited = "kept edited"
    /// The developer deleted it: it stays deleted (with a warning when the template changed it).
    case keptDeleted = "kept deleted"

    /// Whether the outcome changes the disk.
    public var writes: Bool { [.replaced, .merged, .conflict, .created, .removed].contains(self) }
}

/// One file of an update: its path (relative to its root's folder), its root, and the outcome.
public struct FileUpdate: Equatable, Sendable {
    public var path: String
    public var root: String?
    public var outcome: FileUpdateOutcome
    /// The bytes to write, for an outcome that writes a file.
    public var bytes: [UInt8]?
    /// The file on disk holds conflict markers after the update (left from an earlier one, or written now).
    public var hasConflictMarkers: Bool
    /// Its group below its root's, when that is not its folder (`RenderedFile.group`).
    public var group: String? = nil
}

/// The per-file rules of `modgen update`: base is the old template rendered with the old answers, theirs the
/// current template with the new answers, yours what is on disk.
public enum ModuleFileMerge {
    /// Decides every file. `readYours` gives a file's bytes on disk (`nil`: no such file); `yoursLabel` names a
    /// file in conflict markers (`Home/HomePresenter.swift (yours)`); `theirsLabel` names the template's side, and
    /// `baseLabel` the base's, which the `diff3` and `zdiff3` styles show.
    public static func plan(
        base: [RenderedFile], theirs: [RenderedFile], readYours: (RenderedFile) throws -> [UInt8]?,
        yoursLabel: (RenderedFile) -> String, theirsLabel: String, style: ThreeWayMerge.ConflictStyle = .merge,
        baseLabel: String = "base"
    ) throws -> [FileUpdate] {
        var baseByKey: [FileKey: RenderedFile] = [:]
        for file in base { baseByKey[FileKey(file)] = file }
        var updates: [FileUpdate] = []
        for file in theirs {
            let old = baseByKey.removeValue(forKey: FileKey(file))
            let yours = try readYours(file)
            var update = FileUpdate(
                path: file.path, root: file.root, outcome: .unchanged, bytes: nil,
                hasConflictMarkers: yours.map(ConflictMarkers.contains) ?? false, group: file.group)
            switch (yours, old) {
            case (nil, nil):
                update.outcome = .created
                update.bytes = file.bytes
            case (nil, .some):
                update.outcome = .keptDeleted
            case (let yours?, _) where yours == file.bytes:
                update.outcome = .unchanged
            case (let yours?, let old?) where yours == old.bytes:
                update.outcome = .replaced
                update.bytes = file.bytes
            case (_, let old?) where old.bytes == file.bytes:
                update.outcome = .kept
            case (let yours?, let old):
                // A file the new version adds that is already on disk merges from an empty base: both sides
                // added it, as git would say.
                let result = ThreeWayMerge.merge(
                    base: old?.bytes ?? [], yours: yours, theirs: file.bytes, yoursLabel: yoursLabel(file),
                    theirsLabel: theirsLabel, style: style, baseLabel: baseLabel)
                update.outcome = result.conflicts > 0 ? .conflict : .merged
                update.bytes = result.bytes
                update.hasConflictMarkers = result.conflicts > 0
            }
            updates.append(update)
        }
        for file in base where baseByKey[FileKey(file)] != nil {
            guard let yours = try readYours(file) else { continue }
            updates.append(
                FileUpdate(
                    path: file.path, root: file.root, outcome: yours == file.bytes ? .removed : .keptEdited,
                    bytes: nil, hasConflictMarkers: ConflictMarkers.contains(yours), group: file.group))
        }
        return updates
    }

    private struct FileKey: Hashable {
        var path: String
        var root: String?
        init(_ file: RenderedFile) {
            path = file.path
            root = file.root
        }
    }
}

/// Conflict markers left in a file: a line that starts with seven `<`, followed later by a line of seven `=` and
/// one that starts with seven `>`, as `modgen update` and `git` write them. The `diff3` styles add a line of seven
/// `|` and a label before the base's lines; such a line, left alone when the rest was resolved, is a marker too.
public enum ConflictMarkers {
    public static func contains(_ bytes: [UInt8]) -> Bool {
        var stage = 0
        var lineStart = 0
        let prefixes: [[UInt8]] = [Array("<<<<<<<".utf8), Array("=======".utf8), Array(">>>>>>>".utf8)]
        let baseMarker = Array("|||||||".utf8)
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
            let line = bytes[lineStart..<index]
            if line.starts(with: prefixes[stage]) {
                stage += 1
                if stage == prefixes.count { return true }
            }
            if line.starts(with: baseMarker),
                [nil, UInt8(ascii: " "), UInt8(ascii: "\r")].contains(line.dropFirst(7).first)
            {
                return true
            }
            lineStart = index + 1
        }
        return false
    }
}
