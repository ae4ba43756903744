#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The index of a snapshot folder, `<dir>/combinations.txt`: for every option combination, every file it generates
/// and where that file's contents are stored.
///
/// A snapshot stores each distinct file once, as `<variant>/<path>`, where the variant names only the options that
/// change that file; the index is what says which stored file each combination uses. One line per file of each
/// combination, `<combination> <path> <variant>`, so a diff of the index names the combination on every changed
/// line. Combination and variant names are plain words joined by `+` and `-` (no spaces), so a path with spaces
/// still reads back: it is everything between the first and the last space.
public struct SnapshotIndex: Equatable, Sendable {
    /// The index's name inside the snapshot folder.
    public static let fileName = "combinations.txt"

    /// One file of one combination.
    public struct Entry: Equatable, Sendable {
        /// The combination's name: `default`, `formatter+rx`.
        public var combination: String
        /// The file's path in the combination, as `modgen new` (module files) and `modgen support` (under
        /// `Support/`) would write it.
        public var path: String
        /// The stored file's variant: its contents are in `<variant>/<path>`.
        public var variant: String

        public init(combination: String, path: String, variant: String) {
            self.combination = combination
            self.path = path
            self.variant = variant
        }

        /// Where the file's contents are stored, relative to the snapshot folder.
        public var storedPath: String { "\(variant)/\(path)" }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The combinations in index order, each once.
    public var combinations: [String] {
        var seen = Set<String>()
        return entries.map(\.combination).filter { seen.insert($0).inserted }
    }

    /// The index file's text: a comment saying how to read it, then one line per entry.
    public var text: String {
        let header = """
            # modgen snapshot index: one line per file of each option combination, `<combination> <path> <variant>`.
            # The file's contents are stored once, in <variant>/<path>; the variant names only the options that change
            # that file. Written by `modgen snapshot`; re-record instead of editing it.

            """
        return header + entries.map { "\($0.combination) \($0.path) \($0.variant)\n" }.joined()
    }

    /// Reads an index's text; `file` names it in errors. Comment (`#`) and blank lines are skipped.
    public init(parsing text: String, file: String) throws(SnapshotFolderError) {
        var entries: [Entry] = []
        // `\r\n` is one Character in Swift, and a newline: a checkout's CRLF line ends split like `\n`.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.trimmingSpaces().isEmpty || line.hasPrefix("#") { continue }
            guard let first = line.firstIndex(of: " "), let last = line.lastIndex(of: " "),
                first > line.startIndex, first < last, line.index(after: last) < line.endIndex,
                line[line.index(after: first)..<last].contains(where: { $0 != " " })
            else {
                throw .malformedIndex(
                    file: file, line: number + 1, reason: "expected '<combination> <path> <variant>'")
            }
            entries.append(
                Entry(
                    combination: String(line[..<first]), path: String(line[line.index(after: first)..<last]),
                    variant: String(line[line.index(after: last)...])))
        }
        self.entries = entries
    }
}
