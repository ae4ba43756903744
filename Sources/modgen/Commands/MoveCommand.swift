import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Moves a recorded module to other folders: its files byte for byte, its project references and its record, in
/// one run; files already moved by hand (`git mv`) are adopted.
///
/// `modgen move <Name> --output <dir> [--root <name>=<dir>]… [--dry-run | --check] [--quiet] [--templates <dir>]…
/// [--config <file>]`
struct MoveCommand: FixedOptionsCommand {
    static let name = ArgumentSpec(name: "Name", help: "The recorded module to move (see .modgen/modules).")
    static let output = OptionSpec.value(
        "output", short: "o", valueName: "dir", help: "The folder the module's files go to (as --output of 'new').")
    static let root = OptionSpec.repeatable(
        "root", valueName: "name=dir",
        help: "Where the module's files of a named output root go (tests=Tests/Features); roots not named stay "
            + "(repeatable).")
    static let check = OptionSpec.flag(
        "check", help: "Write nothing; list what a move would change, and exit with 1 if there is anything.")
    static let dryRun = OptionSpec.flag("dry-run", help: "List what would move; change nothing.")
        .exclusive(with: check)

    static let configuration = CommandSpec(
        name: "move",
        abstract: "Move a recorded module to another folder: its files, its project references and its record.",
        discussion: """
            The module's files (the ones its recorded template version renders) are moved byte for byte, your \
            edits with them, into --output and, for the roots named with --root, into those folders; their Xcode \
            project references move to the new folders' groups, in the same targets, and the record names the \
            new folders. Files already at the new place (moved by hand or with 'git mv') are adopted as they are. \
            A file of other contents at the new place stops the move with nothing changed. Other files in the \
            module's folder are not the module's and stay. All of it happens or none of it.
            """,
        arguments: [name],
        options: [output, root, dryRun, check, WriteFlags.quiet] + SessionOptions.options
    )

    var moduleName: String
    var outputPath: String
    var roots: RootPlacements
    var mode: WriteFlags.Mode
    var isQuiet: Bool
    var sessionOptions: SessionOptions

    init(_ parsed: ParsedArguments) throws {
        moduleName = try parsed.required(Self.name)
        outputPath = try parsed.required(Self.output)
        roots = try RootPlacements(parsed.values(Self.root))
        mode = parsed.isSet(Self.check) ? .check : parsed.isSet(Self.dryRun) ? .dryRun : .write
        isQuiet = parsed.isSet(WriteFlags.quiet)
        sessionOptions = SessionOptions(parsed)
    }

    func run(io: CommandIO) throws -> ExitCode {
        try ModuleNameError.check(moduleName)
        let session = try sessionOptions.session(in: io.workingDirectory, environment: io.environment)
        guard
            let records = ModuleRecording.records(
                session: session, workingDirectory: io.workingDirectory.url, shown: io.workingDirectory.shown)
        else { throw UpdateError.noProjectFolder }
        guard let record = try records.record(module: moduleName) else {
            throw UpdateError.notRecorded(module: moduleName, record: records.shownPath(module: moduleName))
        }
        let output = try io.workingDirectory.url(forPath: outputPath)
        var rootFolders: [String: URL] = [:]
        for (name, folder) in roots.typed { rootFolders[name] = try io.workingDirectory.url(forPath: folder) }
        let run = ModuleRun(
            mode: mode == .write ? .apply : mode == .check ? .check : .dryRun, session: session, records: records,
            currentDirectory: io.workingDirectory.libraryPath, shown: io.workingDirectory.shown)
        let result = try run.carryOut([.move(record: record, outputDirectory: output, rootDirectories: rootFolders)])
        guard let planned = result.requests.first, let move = planned.move else { return .success }
        let would = mode == .write ? "" : "would "
        var lines: [String] = []
        func old(_ file: ModuleMove.File) -> String { move.vacated.display(file.path, root: file.root) }
        func new(_ file: ModuleMove.File) -> String { move.plan.display(file.path, root: file.root) }
        for file in move.files {
            switch file.outcome {
            case .moved: lines.append("\(would)move \(old(file)) -> \(new(file))")
            case .alreadyCopied: lines.append("\(would)remove \(old(file)) (the same file is at \(new(file)))")
            case .adopted: lines.append("\(would)adopt \(new(file)) (already moved)")
            case .missing, .stays: break
            }
        }
        if let project = move.record.project {
            let shown = io.workingDirectory.shown(ModuleRecording.folder(project.path, records: records))
            lines += ProjectListing.lines(
                for: planned.projectChanges, project: shown, wording: mode == .write ? .added : .wouldAdd)
        }
        let recordChanges = move.record != record
        if recordChanges {
            lines.append(
                "\(would)record \(moduleName) in \(io.workingDirectory.shown(move.outputFolder)) "
                    + "(\(records.shownPath(module: moduleName)))")
        }
        if mode == .check {
            if !lines.isEmpty {
                io.writeOutput(lines.map { "\(moduleName): \($0)\n" }.joined())
                throw RelocationCheckError.wouldChange(module: moduleName, command: "move")
            }
            say(["module \(moduleName) is in \(io.workingDirectory.shown(move.outputFolder))"], io: io)
            return .success
        }
        if lines.isEmpty { lines.append("module \(moduleName) is already in \(io.workingDirectory.shown(output))") }
        if mode == .dryRun { lines.append("dry run: nothing was moved") }
        say(lines, io: io)
        return .success
    }

    private func say(_ lines: [String], io: CommandIO) {
        if !isQuiet, !lines.isEmpty { io.writeOutput(lines.joined(separator: "\n") + "\n") }
    }
}

/// `move --check` or `rename --check` that finds something to do (exit 1).
enum RelocationCheckError: ModGenError, ReportedError, Equatable {
    case wouldChange(module: String, command: String)

    var message: String {
        switch self {
        case .wouldChange(let module, let command):
            "'modgen \(command)' would change module \(module) (listed above)"
        }
    }

    var exitCode: ExitCode { .differences }
}
