import ModGenCore
import ModGenWriting

/// Merges two versions of a `project.pbxproj` that both came from a common one, for git's merge driver.
///
/// Branches that each add files (with modgen or with Xcode) insert lines at the same places — a group's
/// `children`, a build phase's `files`, the end of a sorted section — which a line merge reports as conflicts. Read
/// with the editor's parser, such versions are additions only, and their union is well defined:
///
/// 1. When both versions only added (objects, list items, whole sections; `ProjectAdditions`), the result is the
///    base with both versions' additions, each at its place: objects at their sorted place in their section, list
///    items after the item they followed, ours before theirs; an addition both made identically once; an object
///    both added under one ID whose texts differ only in list items (two branches creating one `Modules` group)
///    once, with both sides' items. An object both added under one ID that differs otherwise is a conflict.
/// 2. Otherwise the line merge `git merge-file` makes (`ThreeWayMerge`), in which a conflict where both sides only
///    inserted lines at one place becomes ours' lines then theirs'; every other conflict keeps its markers.
/// 3. The result must read as a project with every ID defined once and none of the versions' objects referred to
///    but missing (with conflicts left: both ways of taking a side must); if not, the plain line merge is the
///    result, conflicts and all. So the result is never worse than git's own merge, and a merge reported clean
///    always reads as a project.
public enum ProjectMerge {
    /// How the result was made.
    public enum Method: String, Sendable {
        /// Both versions only added: the union of their additions.
        case additions
        /// The line merge, with conflicts of two insertions resolved as both.
        case linesWithInsertions
        /// The plain line merge, as `git merge-file` makes it.
        case lines
    }

    public struct Result: Equatable, Sendable {
        public var bytes: [UInt8]
        /// Conflicts left between markers (0: a clean merge).
        public var conflicts: Int
        public var method: Method
    }

    /// The conflict markers' labels: git hands a merge driver temporary files, not branch names.
    public static let oursLabel = "ours"
    public static let theirsLabel = "theirs"

    /// Merges `ours` and `theirs`, both changed from `base`; `path` names the file in messages (git's `%P`). An
    /// empty `base` (both sides created the file) gets the plain line merge. A version that does not read as a
    /// project is refused with the line merge as the error's `fallback`.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String) throws(ProjectMergeError)
        -> Result
    {
        let plain = ThreeWayMerge.merge(
            base: base, yours: ours, theirs: theirs, yoursLabel: oursLabel, theirsLabel: theirsLabel)
        let plainResult = Result(bytes: plain.bytes, conflicts: plain.conflicts, method: .lines)
        if base.isEmpty { return plainResult }
        var documents: [ProjectDocument] = []
        for (version, bytes) in [("base", base), ("ours", ours), ("theirs", theirs)] {
            do {
                documents.append(try ProjectDocument(bytes: bytes, fileName: path))
            } catch {
                throw ProjectMergeError(
                    version: version, reason: (error as? ModGenError)?.message ?? "\(error)", fallback: plainResult)
            }
        }
        let (baseDocument, oursDocument, theirsDocument) = (documents[0], documents[1], documents[2])
        let knownIDs = Set(documents.flatMap(\.objects.keys))
        if let oursAdditions = ProjectAdditions(base: baseDocument, version: oursDocument),
            let theirsAdditions = ProjectAdditions(base: baseDocument, version: theirsDocument),
            let union = ProjectAdditions.union(oursAdditions, theirsAdditions, onto: baseDocument),
            problem(in: union, path: path, knownIDs: knownIDs) == nil
        {
            return Result(bytes: union, conflicts: 0, method: .additions)
        }
        let lines = ThreeWayMerge.merge(
            base: base, yours: ours, theirs: theirs, yoursLabel: oursLabel, theirsLabel: theirsLabel,
            resolvingInsertions: { oursLines, theirsLines in Array((oursLines + theirsLines).joined()) })
        if lines.bytes == plain.bytes { return plainResult }
        let readable =
            lines.conflicts == 0
            ? problem(in: lines.bytes, path: path, knownIDs: knownIDs) == nil
            : [true, false].allSatisfy {
                problem(in: taking(oursSide: $0, of: lines.bytes), path: path, knownIDs: knownIDs) == nil
            }
        guard readable else { return plainResult }
        return Result(bytes: lines.bytes, conflicts: lines.conflicts, method: .linesWithInsertions)
    }

    /// Why `bytes` cannot be a merged project: it does not read as one (an ID defined twice included), or it refers
    /// to an object of one of the versions (`knownIDs`) that it no longer holds. `nil` when it can.
    static func problem(in bytes: [UInt8], path: String, knownIDs: Set<String>) -> String? {
        let document: ProjectDocument
        do {
            document = try ProjectDocument(bytes: bytes, fileName: path)
        } catch {
            return (error as? ModGenError)?.message ?? "\(error)"
        }
        for object in document.objectsInFileOrder {
            if let missing = missingReference(in: object.value, knownIDs: knownIDs, objects: document.objects) {
                return "\(object.isa) \(object.id) refers to \(missing), which the merged file no longer holds"
            }
        }
        return nil
    }

    private static func missingReference(
        in value: PropertyListValue, knownIDs: Set<String>, objects: [String: ProjectObject]
    ) -> String? {
        switch value.content {
        case .string(let text):
            return knownIDs.contains(text) && objects[text] == nil ? text : nil
        case .array(let elements):
            for element in elements {
                if let missing = missingReference(in: element, knownIDs: knownIDs, objects: objects) { return missing }
            }
            return nil
        case .dictionary(let entries):
            for entry in entries {
                if let missing = missingReference(in: entry.value, knownIDs: knownIDs, objects: objects) {
                    return missing
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// `bytes` with every conflict replaced by its ours part (or its theirs part): what a developer who resolves
    /// them all one way gets.
    static func taking(oursSide: Bool, of bytes: [UInt8]) -> [UInt8] {
        enum Part { case outside, ours, theirs }
        var part = Part.outside
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            if line.elementsEqual("<<<<<<< \(oursLabel)".utf8) {
                part = .ours
            } else if part == .ours, line.elementsEqual("=======".utf8) {
                part = .theirs
            } else if part == .theirs, line.elementsEqual(">>>>>>> \(theirsLabel)".utf8) {
                part = .outside
            } else if part == .outside || (part == .ours) == oursSide {
                result += line
                result.append(UInt8(ascii: "\n"))
            }
        }
        if let last = bytes.last, last != UInt8(ascii: "\n") {
            let tail = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last ?? []
            result += tail
        }
        return result
    }
}

/// A version given to `ProjectMerge` does not read as a project: the message names the file, line and column and
/// which version it is; `fallback` is the plain line merge, which the merge driver leaves as the result.
public struct ProjectMergeError: ModGenError {
    /// `base`, `ours` or `theirs`.
    public var version: String
    public var reason: String
    public var fallback: ProjectMerge.Result

    public var message: String {
        "\(reason) (\(version) version); left the line merge git would make (\(fallback.conflicts) conflicts)"
    }
}
