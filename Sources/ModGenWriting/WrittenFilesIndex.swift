import ModGenCore

/// The list of files modgen wrote into a folder it owns (an exported Xcode bundle), kept beside the folder as
/// `.<folder>.modgen-files` (inside it, Xcode could copy it into a project with the template's files): the next run
/// into the folder removes the files the list names that the run no longer writes (see `WritePlan`'s
/// `staleFiles`), and `--check` reports them, while files modgen never wrote there (an icon the user added) are
/// never touched. One path a line, relative to the folder, in the order written; lines starting with `#` are
/// comments.
public enum WrittenFilesIndex {
    /// The index's path for `folder` (both relative to the output folder): beside it, hidden.
    public static func path(for folder: String) -> String {
        let parts = folder.split(separator: "/")
        let parent = parts.dropLast().joined(separator: "/")
        let name = ".\(parts.last ?? "").modgen-files"
        return parent.isEmpty ? name : "\(parent)/\(name)"
    }

    private static let comment =
        "# The files modgen wrote into the folder beside: a later run removes those it no longer writes.\n"

    /// The index of `folder` (relative to the output folder) listing `files`, those of the run in that folder.
    public static func file(for folder: String, listing files: [RenderedFile]) -> RenderedFile {
        let prefix = folder + "/"
        let paths = files.filter { $0.root == nil && $0.path.hasPrefix(prefix) }.map { $0.path.dropFirst(prefix.count) }
        return RenderedFile(path: path(for: folder), contents: comment + paths.map { $0 + "\n" }.joined())
    }

    /// The files of `folder` a previous run listed in its index that `files` no longer holds, relative to the
    /// output folder; empty when there is no index yet. `outputDirectory` is taken from `currentDirectory` when
    /// relative. Errors name the index as it sits under `outputDirectory`.
    public static func staleFiles(
        in folder: String, files: [RenderedFile], outputDirectory: String, currentDirectory: String
    ) throws -> [String] {
        let index = path(for: folder)
        let shown = RenderedPath.display(index, under: outputDirectory)
        let absolute =
            (outputDirectory.hasPrefix("/") ? outputDirectory : currentDirectory + "/" + outputDirectory) + "/" + index
        // No index: the folder was not written by a modgen that keeps one, and nothing in it is known to be stale.
        guard FileStatus.isDirectory(atPath: absolute) != nil else { return [] }
        let text = try TextFile.readText(atPath: absolute, shownAs: shown)
        let written = Set(files.filter { $0.root == nil }.map(\.path))
        var stale: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in zip(1..., lines.map { $0.trimmingSpaces() }) where !line.hasPrefix("#") && !line.isEmpty {
            // A hand-edited line must not name a file outside the folder: it would be removed.
            do {
                _ = try RenderedPath.components(of: line)
            } catch {
                throw DataFileError(
                    fileName: shown, position: SourcePosition(line: number, column: 1), reason: error.message)
            }
            let path = "\(folder)/\(line)"
            if !written.contains(path) { stale.append(path) }
        }
        return stale
    }
}
