import Foundation

/// A folder that holds a recorded snapshot (`modgen snapshot --output <dir>`): recording makes it equal to the
/// snapshot, checking reports every way it differs.
public struct SnapshotDirectory: Sendable {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// What `--check` found: a unified diff per file that differs or is missing, and the files the folder has but
    /// the snapshot does not (left over from a removed option or file).
    public struct Comparison: Sendable {
        public var differences: [FileDifference]
        public var staleFiles: [String]
        public var isUpToDate: Bool { differences.isEmpty && staleFiles.isEmpty }
    }

    public func compare(with snapshot: Snapshot) throws(WritingError) -> Comparison {
        let plan = try WritePlan(files: snapshot.files, outputDirectory: directory, policy: .overwrite)
        return Comparison(differences: plan.differences(), staleFiles: staleFiles(of: snapshot))
    }

    /// Writes the snapshot (the folder is the snapshot's, so differing files are overwritten) and removes files
    /// the snapshot no longer has. Returns the lines to print: `create …`, `overwrite …`, `remove …`.
    public func record(_ snapshot: Snapshot) throws -> [String] {
        let plan = try WritePlan(files: snapshot.files, outputDirectory: directory, policy: .overwrite)
        let stale = staleFiles(of: snapshot)
        let report = try plan.apply()
        var lines = report.lines(displayPrefix: directory).filter { !$0.hasPrefix("unchanged ") }
        let root = URL(fileURLWithPath: directory)
        for path in stale {
            let url = root.appendingPathComponent(path)
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw WritingError.writeFailed(
                    path: url.path, reason: "cannot remove stale snapshot file", rollbackProblem: nil)
            }
            lines.append("remove \(RenderedPath.display(path, under: directory))")
            removeEmptyParents(of: url, below: root)
        }
        return lines
    }

    private func staleFiles(of snapshot: Snapshot) -> [String] {
        let expected = Set(snapshot.files.map(\.path))
        return FileWalker.relativeFilePaths(under: URL(fileURLWithPath: directory)).filter { !expected.contains($0) }
    }

    private func removeEmptyParents(of url: URL, below root: URL) {
        var folder = url.deletingLastPathComponent().standardizedFileURL
        let rootPath = root.standardizedFileURL.path
        while folder.path.hasPrefix(rootPath + "/"),
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true
        {
            try? FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }
}
