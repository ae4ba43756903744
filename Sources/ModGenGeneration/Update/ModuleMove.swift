import ModGenCore
import ModGenTemplates
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One module's move to other folders, planned: each file of the module carried byte for byte from where the
/// record says it is to the new folders, the record that names them, and the two write plans that do it.
public struct ModuleMove: Sendable {
    /// What a move does with one file of the module.
    public enum Outcome: String, Sendable {
        /// Written at the new place with the bytes it has, and removed from the old one.
        case moved
        /// Already at the new place (moved by hand or `git mv`): nothing on disk changes.
        case adopted
        /// At the new place with the same bytes and still at the old one: the old copy goes.
        case alreadyCopied = "already copied"
        /// Neither here nor there: the developer deleted it, and it stays deleted.
        case missing
        /// The new place is the old one (a root that does not move).
        case stays
    }

    public struct File: Sendable {
        public var path: String
        public var root: String?
        public var outcome: Outcome
        /// Where it was and where it is after the move (absolute).
        public var from: URL
        public var to: URL
        /// Its group below its root's, when that is not its folder (`RenderedFile.group`).
        public var group: String? = nil
    }

    /// The record with the new folders.
    public var record: ModuleRecord
    public var files: [File]
    /// Writes the moved files at the new place.
    public var plan: WritePlan
    /// Removes them from the old place, with the folders they leave empty.
    public var vacated: WritePlan
    /// The new output folder and roots (absolute).
    public var outputFolder: URL
    public var rootFolders: [String: URL]
    /// The old ones.
    public var oldOutputFolder: URL
    public var oldRootFolders: [String: URL]
}

/// Why a move or a rename cannot be planned (exit codes in the command's ExitCodes.swift).
public enum ModuleRelocationError: ModGenError, Equatable {
    /// Files of another content are where the module's files would go: nothing is overwritten.
    case destinationTaken(module: String, paths: [String])
    /// A new place differs from the old one in letter case only: one file on macOS, so the move would lose it.
    case caseOnlyMove(from: String, to: String)
    /// None of the module's files is at the old place or at the new one.
    case nothingToMove(module: String, folders: [String])
    /// `--root` names a root the module has no files in.
    case unknownRoot(module: String, root: String, roots: [String])
    /// The recorded template renders a different list of files under the new name (a file whose condition reads
    /// the name): the files cannot be paired.
    case unpairedFiles(module: String, newName: String)

    public var message: String {
        switch self {
        case .destinationTaken(let module, let paths):
            "\(paths.count == 1 ? "a file is" : "\(paths.count) files are") already where module \(module)'s files "
                + "would go, with other contents, so nothing was changed: \(WritingError.listed(paths))"
        case .caseOnlyMove(let from, let to):
            "\(from) and \(to) differ only in letter case, which is one file on macOS: move the module through "
                + "another folder name first"
        case .nothingToMove(let module, let folders):
            "none of module \(module)'s files is in \(WritingError.listed(folders)): nothing to move"
        case .unknownRoot(let module, let root, let roots):
            "module \(module) has no files in a root named '\(root)'"
                + (roots.isEmpty ? " (it has none)" : " (its roots: \(roots.joined(separator: ", ")))")
        case .unpairedFiles(let module, let newName):
            "module \(module)'s recorded template renders other files under the name \(newName), so its files "
                + "cannot be paired with their new names"
        }
    }
}

extension ModuleUpdater {
    /// Plans moving `record`'s module to `outputFolder` and, for the roots named in `rootFolders`, to those
    /// folders (absolute): the files the recorded version renders with the recorded answers, wherever they are now.
    /// A file already at the new place (moved by hand) is adopted, one at neither place stays deleted, and one at
    /// the new place with other contents stops the move. Reads the disk, writes nothing.
    public func move(
        _ record: ModuleRecord, to outputFolder: URL, rootFolders newRoots: [String: URL]
    ) throws -> ModuleMove {
        let oldOutput = ModuleRecording.folder(record.output, records: records)
        let oldRoots = record.roots.mapValues { ModuleRecording.folder($0, records: records) }
        for root in newRoots.keys.sorted() where oldRoots[root] == nil {
            throw ModuleRelocationError.unknownRoot(module: record.module, root: root, roots: oldRoots.keys.sorted())
        }
        let roots = oldRoots.merging(newRoots) { _, new in new }
        let output = outputFolder.standardizedFileURL
        let recorded = try recordedTemplate(of: record)
        let request = try ModuleRecording.recordedRequest(
            record, template: recorded.template, records: records,
            environment: session.environment(outputDirectory: oldOutput.path))
        var files: [ModuleMove.File] = []
        var writes: [RenderedFile] = []
        var removals: [RenderedFile] = []
        var taken: [String] = []
        for file in try recorded.renderer.renderModule(request) {
            let from = (file.root.flatMap { oldRoots[$0] } ?? oldOutput).appendingPathComponent(file.path)
            let to = (file.root.flatMap { roots[$0] } ?? output).appendingPathComponent(file.path)
            var moved = ModuleMove.File(
                path: file.path, root: file.root, outcome: .stays, from: from, to: to, group: file.group)
            let (fromPath, toPath) = (from.standardizedFileURL.path, to.standardizedFileURL.path)
            if fromPath != toPath {
                // As the writer's case rule compares names on a case-insensitive file system.
                if fromPath.lowercased() == toPath.lowercased() {
                    throw ModuleRelocationError.caseOnlyMove(from: shown(from), to: shown(to))
                }
                let old = try readBytes(at: from)
                let new = try readBytes(at: to)
                switch (old, new) {
                case (let old?, nil):
                    moved.outcome = .moved
                    writes.append(RenderedFile(path: file.path, bytes: old, root: file.root))
                    removals.append(file)
                case (let old?, let new?) where old == new:
                    moved.outcome = .alreadyCopied
                    removals.append(file)
                case (.some, .some):
                    taken.append(shown(to))
                case (nil, .some):
                    moved.outcome = .adopted
                case (nil, nil):
                    moved.outcome = .missing
                }
            } else if FileStatus.isDirectory(atPath: from.path) == nil {
                moved.outcome = .missing
            }
            files.append(moved)
        }
        if !taken.isEmpty { throw ModuleRelocationError.destinationTaken(module: record.module, paths: taken) }
        if !files.isEmpty, files.allSatisfy({ $0.outcome == .missing }) {
            throw ModuleRelocationError.nothingToMove(
                module: record.module, folders: [shown(oldOutput), shown(output)])
        }
        var newRecord = record
        newRecord.output = ModuleRecording.relativePath(of: output, in: records.projectFolder)
        newRecord.roots = roots.mapValues { ModuleRecording.relativePath(of: $0, in: records.projectFolder) }
        var plan = try WritePlan(
            files: writes, outputDirectory: shown(output), rootDirectories: roots.mapValues(shown), policy: .refuse,
            currentDirectory: currentDirectory)
        let vacated = try WritePlan(
            files: [], removing: removals, outputDirectory: shown(oldOutput),
            rootDirectories: oldRoots.mapValues(shown), policy: .overwrite, currentDirectory: currentDirectory)
        // A moved file keeps its mode (an executable script stays executable), as `mv` keeps it.
        for file in writes {
            if let permissions = vacated.permissionsOfRemoved(file.path, root: file.root) {
                plan.setPermissions(permissions, ofCreated: file.path, root: file.root)
            }
        }
        return ModuleMove(
            record: newRecord, files: files, plan: plan, vacated: vacated, outputFolder: output, rootFolders: roots,
            oldOutputFolder: oldOutput, oldRootFolders: oldRoots)
    }

    /// What to say of a module none of whose files is where its record says: where they are now, when a file of
    /// the output folder turns up below the folder that holds `.modgen`, and the `move` that records it.
    func movedModuleAdvice(_ record: ModuleRecord, files: [RenderedFile]) -> String {
        let output = ModuleRecording.folder(record.output, records: records)
        let missing = "none of module \(record.module)'s files is in \(shown(output))"
        guard let file = files.first(where: { $0.root == nil }),
            let found = Self.folder(holding: file.path, below: records.projectFolder, skipping: output)
        else {
            return missing + "; if its folder was moved, run 'modgen move \(record.module) --output <its new folder>'"
        }
        let rootsNote = record.roots.isEmpty ? "" : " (and --root for each root that moved)"
        return "\(missing), but they are in \(shown(found)): run 'modgen move \(record.module) --output "
            + "\(shown(found))'\(rootsNote)"
    }

    /// The most folders the search for a moved module looks at: a project's source tree, not a disk.
    static let movedModuleSearchLimit = 5_000

    /// The first folder (breadth first, hidden folders skipped) below `top` that holds a file at `relativePath`.
    static func folder(holding relativePath: String, below top: URL, skipping skipped: URL) -> URL? {
        var queue = [top.standardizedFileURL]
        var looked = 0
        while !queue.isEmpty, looked < movedModuleSearchLimit {
            let folder = queue.removeFirst()
            looked += 1
            if folder.path != skipped.standardizedFileURL.path,
                FileStatus.isDirectory(atPath: folder.appendingPathComponent(relativePath).path) == false
            {
                return folder
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = folder.appendingPathComponent(name)
                if FileStatus.isDirectory(atPath: child.path) == true { queue.append(child) }
            }
        }
        return nil
    }

    /// The bytes of the file at `url`, `nil` when there is none.
    func readBytes(at url: URL) throws -> [UInt8]? {
        guard FileStatus.isDirectory(atPath: url.path) != nil else { return nil }
        return try TextFile.readBytes(atPath: url.path, shownAs: shown(url))
    }
}
