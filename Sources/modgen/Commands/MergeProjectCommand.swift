import ModGenKit

/// git's merge driver for `project.pbxproj` (`ProjectMerge`): merges the three versions git hands it and writes the
/// result into ours' file, as git's protocol asks (`%O %A %B %P`).
///
/// `modgen merge-project <base> <ours> <theirs> [<path>]`
struct MergeProjectCommand: FixedOptionsCommand {
    static let base = ArgumentSpec(name: "base", help: "The common version (git's %O).")
    static let ours = ArgumentSpec(name: "ours", help: "Our version, which receives the result (git's %A).")
    static let theirs = ArgumentSpec(name: "theirs", help: "Their version (git's %B).")
    static let path = ArgumentSpec(
        name: "path", help: "The file's path in the repository, for messages (git's %P).", isOptional: true)

    static let configuration = CommandSpec(
        name: "merge-project",
        abstract: "Merge two versions of an Xcode project file (git's merge driver for *.pbxproj).",
        discussion: """
            Where both versions only added to the common one (objects, list items such as a group's children or a \
            build phase's files, whole sections), the result holds both sides' additions: objects at their sorted \
            place, list items ours first, an addition made on both sides once. Otherwise the result is the line \
            merge 'git merge-file' makes, in which conflicts of two insertions at one place take both; every other \
            conflict stays between markers. A result that would not read as a project (an ID defined twice, a \
            reference to an object it lost) is replaced by git's plain line merge. The result is written into \
            <ours>: exit 0 when clean, 1 when conflicts are left between markers, 65 when a version does not read \
            as a project (<ours> then holds the plain line merge). 'modgen setup-merge-driver' makes git use it.
            """,
        arguments: [base, ours, theirs, path],
        options: []
    )

    var basePath: String
    var oursPath: String
    var theirsPath: String
    var displayPath: String?

    init(_ parsed: ParsedArguments) throws {
        basePath = try parsed.required(Self.base)
        oursPath = try parsed.required(Self.ours)
        theirsPath = try parsed.required(Self.theirs)
        displayPath = parsed.argument(Self.path)
    }

    func run(io: CommandIO) throws -> ExitCode {
        let shown = displayPath ?? oursPath
        let oursFile = try io.workingDirectory.absolutePath(oursPath)
        let base = try TextFile.readBytes(atPath: try io.workingDirectory.absolutePath(basePath), shownAs: basePath)
        let ours = try TextFile.readBytes(atPath: oursFile, shownAs: oursPath)
        let theirs = try TextFile.readBytes(
            atPath: try io.workingDirectory.absolutePath(theirsPath), shownAs: theirsPath)
        let result: ProjectMerge.Result
        do {
            result = try ProjectMerge.merge(base: base, ours: ours, theirs: theirs, path: shown)
        } catch {
            // Refused, but git still takes what is in <ours> as the result: leave what its own merge would.
            try write(error.fallback.bytes, over: ours, at: oursFile, io: io)
            throw error
        }
        try write(result.bytes, over: ours, at: oursFile, io: io)
        guard result.conflicts > 0 else { return .success }
        let count = result.conflicts == 1 ? "1 conflict" : "\(result.conflicts) conflicts"
        io.writeOutput("\(PrintableText.escaped(shown)): \(count) left between markers\n")
        return .differences
    }

    /// Replaces `original` at `file` by `bytes` through the writing layer: atomically, refused if the file changed
    /// meanwhile, its permissions kept.
    private func write(_ bytes: [UInt8], over original: [UInt8], at file: String, io: CommandIO) throws {
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        let currentDirectory = io.workingDirectory.libraryPath
        try OutputFolderLock.withLock(.exclusive, on: folder.isEmpty ? "/" : folder, in: currentDirectory) {
            var plan = try WritePlan(files: [], outputDirectory: folder, currentDirectory: currentDirectory)
            try plan.addEditedFile(at: file, shownAs: oursPath, originalBytes: original, newBytes: bytes)
            try plan.apply()
        }
    }
}
