import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A folder that holds a recorded snapshot (`modgen snapshot --output <dir>`): recording makes it equal to the
/// rendered files, checking reports every way it differs.
///
/// Recording also removes the files the snapshot no longer has, so it must never run in a folder that holds
/// anything else. A folder becomes a snapshot folder when modgen first records into it while it is missing or
/// empty: the marker file `.modgen-snapshot`, naming the template, is written with the snapshot. From then on the
/// folder is recorded into and compared with only while its marker names the same template; a folder that is not
/// empty and has no marker is refused before anything is written, and one without a marker has nothing to compare
/// with. The marker itself is never a stale file.
public struct SnapshotDirectory: Sendable {
    /// Joins and splits absolute paths the way the writer does.
    private typealias Paths = TargetResolver<LiveFileSystem>

    /// The marker's name inside the folder.
    public static let markerName = ".modgen-snapshot"

    /// The marker's one line: the same on every machine and in every run, so it can be committed.
    public static func markerContents(templateID: String) -> String {
        "template: \(templateID)\n"
    }

    /// The folder as the user typed it; paths in output lines and messages are shown under it.
    public var directory: String
    /// The template whose snapshot the folder holds (or is about to hold).
    public var templateID: String

    public init(directory: String, templateID: String) {
        self.directory = directory
        self.templateID = templateID
    }

    /// What `--check` found: a unified diff per file that differs or is missing, and the files the folder has but
    /// the snapshot does not (left over from a removed option or file).
    public struct Comparison: Sendable {
        public var differences: [FileDifference]
        public var staleFiles: [String]
        public var isUpToDate: Bool { differences.isEmpty && staleFiles.isEmpty }
    }

    /// Compares the folder with `files` (paths relative to the folder); reads only. A folder without the marker
    /// holds no recorded snapshot and is refused. A relative `directory` is taken from `currentDirectory`, by
    /// default the process's.
    public func compare(
        with files: [RenderedFile], currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws -> Comparison {
        try compare(with: files, currentDirectory: currentDirectory, fileSystem: LiveFileSystem())
    }

    /// Writes `files`, and the marker if the folder has none (the folder is the snapshot's, so differing files are
    /// overwritten), and removes the files the snapshot no longer has, as one plan (`recordingPlan`). Returns the
    /// lines to print: `create …`, `overwrite …`, `remove …`. A relative `directory` is taken from `currentDirectory`, by default the process's.
    public func record(
        _ files: [RenderedFile], currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws -> [String] {
        try record(files, currentDirectory: currentDirectory, fileSystem: LiveFileSystem())
    }

    func compare(
        with files: [RenderedFile], currentDirectory: String, fileSystem: some FileSystem
    ) throws -> Comparison {
        let folder = try open(currentDirectory: currentDirectory, fileSystem: fileSystem)
        // Without a marker there is nothing recorded to compare with: a diff of every file against nothing would
        // bury the one thing to say.
        guard folder.isMarked else {
            throw SnapshotFolderError.notRecorded(directory: directory, templateID: templateID)
        }
        // A folder recorded before the index existed holds one folder per combination: comparing it file by file
        // would list every one of them as stale. Recording migrates it, so that is what the error says.
        let index = SnapshotIndex.fileName
        // An index that is there but no file (a FIFO, a socket, a device) is not an older layout: it is input that
        // cannot be read, and reading it (without waiting on a FIFO) says so as for any other input file.
        if files.contains(where: { $0.path == index }), !folder.files.contains(index),
            let status = try? fileSystem.status(of: Paths.join(folder.root, index)), status.kind == .other
        {
            _ = try TextFile.readText(atPath: Paths.join(folder.root, index), shownAs: shown(index))
        }
        if files.contains(where: { $0.path == index }), !folder.files.isEmpty, !folder.files.contains(index) {
            throw SnapshotFolderError.withoutIndex(directory: directory, templateID: templateID)
        }
        let plan = try plan(files, withMarker: false, currentDirectory: currentDirectory, fileSystem: fileSystem)
        return Comparison(
            differences: plan.differences(existingSide: "recorded"), staleFiles: folder.files(notIn: files))
    }

    func record(_ files: [RenderedFile], currentDirectory: String, fileSystem: some FileSystem) throws -> [String] {
        let recording = try recordingPlan(files, currentDirectory: currentDirectory, fileSystem: fileSystem)
        let written = try recording.plan.apply(using: fileSystem).entries.filter { $0.action != .unchanged }
        return try written.map { $0.line(displayPrefix: directory) }
            + removeStaleLinks(recording, writtenCount: written.count, fileSystem: fileSystem)
    }

    /// What recording writes: one plan, and the stale symbolic links to remove once it is written.
    public struct Recording: Sendable {
        /// The files, the marker when the folder has none yet, and the removal of every stale file (the folders
        /// they leave empty with them): a failure anywhere rolls all of it back.
        public var plan: WritePlan
        /// Stale entries that are symbolic links (relative to the folder): the plan would follow them, so each is
        /// removed itself, after the plan is written. A link holds no data, so nothing is lost if that fails.
        public var staleLinks: [String]
        /// The folder's real path.
        var root: String
    }

    /// Plans recording `files`; reads only. A folder that is neither empty nor marked for this template is refused.
    public func recordingPlan(_ files: [RenderedFile], currentDirectory: String) throws -> Recording {
        try recordingPlan(files, currentDirectory: currentDirectory, fileSystem: LiveFileSystem())
    }

    /// Removes the stale links of a recording whose plan was written (`writtenCount` files), returning the lines to
    /// print; a failure says what was done.
    public func removeStaleLinks(_ recording: Recording, writtenCount: Int) throws -> [String] {
        try removeStaleLinks(recording, writtenCount: writtenCount, fileSystem: LiveFileSystem())
    }

    func recordingPlan(
        _ files: [RenderedFile], currentDirectory: String, fileSystem: some FileSystem
    ) throws -> Recording {
        let folder = try open(currentDirectory: currentDirectory, fileSystem: fileSystem)
        if !folder.isMarked, !folder.files.isEmpty {
            throw SnapshotFolderError.notASnapshotFolder(directory: directory, templateID: templateID)
        }
        var stale: [String] = []
        var links: [String] = []
        for path in folder.files(notIn: files) {
            let kind = try? fileSystem.status(of: Paths.join(folder.root, path))?.kind
            if kind == .symbolicLink { links.append(path) } else { stale.append(path) }
        }
        // On a case-insensitive file system a leftover that differs from a rendered path only in case is that very
        // file (a template renamed it in case): the plan removes the old spelling before it creates the new one.
        let plan = try plan(
            files, withMarker: !folder.isMarked, removing: stale, currentDirectory: currentDirectory,
            fileSystem: fileSystem)
        return Recording(plan: plan, staleLinks: links, root: folder.root)
    }

    func removeStaleLinks(
        _ recording: Recording, writtenCount: Int, fileSystem: some FileSystem
    ) throws -> [String] {
        var lines: [String] = []
        for (index, path) in recording.staleLinks.enumerated() {
            let target = Paths.join(recording.root, path)
            do {
                try fileSystem.removeFile(at: target)
            } catch {
                throw SnapshotFolderError.removalFailed(
                    path: shown(path), reason: error.reason, writtenCount: writtenCount, removedCount: index)
            }
            lines.append("remove \(shown(path))")
            removeEmptyFolders(above: target, below: recording.root, fileSystem: fileSystem)
        }
        return lines
    }

    /// Removes the folders a removed link leaves empty, up to (not including) the snapshot folder. `rmdir` fails
    /// on a folder that still holds something, which is where it stops.
    private func removeEmptyFolders(above file: String, below root: String, fileSystem: some FileSystem) {
        var folder = Paths.parent(of: file)
        while folder.hasPrefix(root + "/") {
            do { try fileSystem.removeDirectory(at: folder) } catch { return }
            folder = Paths.parent(of: folder)
        }
    }

    /// The folder on disk: its real path, whether this template's marker is in it, and the files in it now, the
    /// marker left out.
    private struct Folder {
        var root: String
        var isMarked: Bool
        var files: [String]
        var caseRule: CaseRule

        func files(notIn rendered: [RenderedFile]) -> [String] {
            let expected = Set(rendered.map(\.path))
            return files.filter { !expected.contains($0) }
        }
    }

    /// Finds the folder and reads what is in it; a marker naming another template is refused here already.
    /// Recording needs a folder that is missing, empty or marked (only then may its files be overwritten and
    /// removed), checking a marked one. Reads only.
    private func open(currentDirectory: String, fileSystem: some FileSystem) throws -> Folder {
        // The resolver refuses an output path that is a file, and gives the real path the plan writes under.
        let resolver = try TargetResolver(
            outputDirectory: directory, currentDirectory: currentDirectory, fileSystem: fileSystem)
        guard resolver.rootExists else {
            return Folder(root: resolver.root, isMarked: false, files: [], caseRule: resolver.caseRule)
        }
        let present = try FileWalker.relativeFilePaths(under: URL(fileURLWithPath: resolver.root))
            .filter { $0 != Self.markerName }
        let isMarked = try hasMarker(root: resolver.root, fileSystem: fileSystem)
        return Folder(root: resolver.root, isMarked: isMarked, files: present, caseRule: resolver.caseRule)
    }

    /// The files, and the marker when the folder has none yet (a marker that is there names this template, and
    /// is left as it is: its line ends may be a checkout's), planned with `.overwrite`: building the plan checks
    /// every path and reads the disk, nothing more.
    private func plan(
        _ files: [RenderedFile], withMarker: Bool, removing: [String] = [], currentDirectory: String,
        fileSystem: some FileSystem
    ) throws(WritingError) -> WritePlan {
        if files.contains(where: { $0.path == Self.markerName }) {
            throw .unsafePath(path: Self.markerName, reason: "it is the snapshot folder's marker")
        }
        let marker = RenderedFile(path: Self.markerName, contents: Self.markerContents(templateID: templateID))
        return try WritePlan(
            files: files + (withMarker ? [marker] : []),
            removing: removing.map { RenderedFile(path: $0, contents: "") }, outputDirectory: directory,
            policy: .overwrite,
            currentDirectory: currentDirectory, fileSystem: fileSystem)
    }

    /// Whether the folder has a marker naming this template. A marker that names another template, or none, is
    /// refused here, so a folder marked for one template is never recorded over with another.
    private func hasMarker(root: String, fileSystem: some FileSystem) throws(SnapshotFolderError) -> Bool {
        let marker = Paths.join(root, Self.markerName)
        let bytes: [UInt8]
        do throws(FileSystemError) {
            guard let status = try fileSystem.status(of: marker) else { return false }
            guard status.kind == .regularFile else {
                throw FileSystemError(path: marker, reason: "it is not a regular file")
            }
            bytes = try fileSystem.readFile(at: marker)
        } catch {
            throw .unusableMarker(path: shown(Self.markerName), reason: error.reason)
        }
        // Whitespace around the line is not part of it: a checkout with CRLF line ends (or an editor's trailing
        // spaces) must not make a recorded snapshot unusable.
        let firstLine =
            String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first
            .map { $0.trimmingSpaces() } ?? ""
        let prefix = "template:"
        let named =
            firstLine.hasPrefix(prefix)
            ? firstLine.dropFirst(prefix.count).trimmingSpaces() : nil
        guard named == templateID else {
            throw .markedForOtherTemplate(marker: shown(Self.markerName), markedID: named, templateID: templateID)
        }
        return true
    }

    private func shown(_ path: String) -> String {
        RenderedPath.display(path, under: directory)
    }
}

/// Why modgen will not record into (or compare with) a folder, or what happened when recording failed halfway.
public enum SnapshotFolderError: ModGenError, Equatable {
    /// The folder holds files but no marker: recording would remove them. Exit 1, like a conflict.
    case notASnapshotFolder(directory: String, templateID: String)
    /// The marker names another template (`markedID`), or names none (nil). Exit 1, like a conflict.
    case markedForOtherTemplate(marker: String, markedID: String?, templateID: String)
    /// `--check` of a folder without a marker: nothing was recorded there to compare with. Exit 1, like a
    /// difference.
    case notRecorded(directory: String, templateID: String)
    /// `--check` of a marked folder that holds files but no index: recorded by a modgen before the index, one
    /// folder per combination (or its index was deleted). Exit 1, like a difference.
    case withoutIndex(directory: String, templateID: String)
    /// An index line that is not `<combination> <path> <variant>`.
    case malformedIndex(file: String, line: Int, reason: String)
    /// The marker is not a regular file or cannot be read.
    case unusableMarker(path: String, reason: String)
    /// The snapshot was written, but a stale symbolic link could not be removed; `removedCount` stale links were
    /// removed before it and the later ones are still there.
    case removalFailed(path: String, reason: String, writtenCount: Int, removedCount: Int)

    public var message: String {
        message(recordCommand: nil)
    }

    /// The message, with `recordCommand` as the command that records the snapshot (the command line supplies it
    /// as it must be typed: with the `--templates` and `--config` of the run, shell-quoted); without one, the
    /// shortest such command.
    public func message(recordCommand: String?) -> String {
        let marker = SnapshotDirectory.markerName
        switch self {
        case .notASnapshotFolder(let directory, let templateID):
            // A folder recorded before markers existed is the one case where adding the marker by hand is right.
            return "'\(directory)' is not a snapshot folder: it is not empty and has no \(marker) marker, "
                + "so nothing was written (recording would remove its files); use a new or empty folder, or, if it "
                + "holds only a snapshot of '\(templateID)', add the marker with the line 'template: \(templateID)'"
        case .markedForOtherTemplate(let marker, let markedID?, let templateID):
            return "'\(marker)' marks a snapshot of template '\(markedID)', not '\(templateID)'; nothing was written"
        case .markedForOtherTemplate(let marker, nil, _):
            return "'\(marker)' does not name a template (expected a line 'template: <id>'); nothing was written"
        case .notRecorded(let directory, let templateID):
            let command = recordCommand ?? "modgen snapshot \(templateID) --output \(directory)"
            return "\(directory) holds no recorded snapshot of '\(templateID)'; record it first with: \(command)"
        case .withoutIndex(let directory, let templateID):
            let command = recordCommand ?? "modgen snapshot \(templateID) --output \(directory)"
            return "\(directory) has no index \(SnapshotIndex.fileName): it holds a snapshot in the layout of an older "
                + "modgen (one folder per combination); record it again, which moves it to the current layout, and "
                + "commit the result: \(command)"
        case .malformedIndex(let file, let line, let reason):
            return "\(file):\(line):1: \(reason)"
        case .unusableMarker(let path, let reason):
            return "cannot read the snapshot marker '\(path)': \(reason); nothing was written"
        case .removalFailed(let path, let reason, let writtenCount, let removedCount):
            return "the snapshot was written (\(Self.files(writtenCount)) created, overwritten or removed, "
                + "\(Self.files(removedCount, "stale link")) removed), but cannot remove the stale link '\(path)': "
                + "\(reason); it and any stale links after it are still there"
        }
    }

    private static func files(_ count: Int, _ noun: String = "file") -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
