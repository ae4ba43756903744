import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--output`, `--force`, `--skip-existing`, `--dry-run`, `--check` and `--quiet`: how `new` and `support` put
/// what they rendered on disk. Files arrive rendered in memory; a `WritePlan` decides for every one of them before
/// anything is written, so a conflict anywhere means nothing is written at all.
struct WriteFlags: OptionGroup {
    enum Mode {
        case write
        /// List the plan, write nothing.
        case dryRun
        /// Print a diff for every file that is missing or differs, write nothing.
        case check
    }

    static let output = OptionSpec.value(
        "output", short: "o", valueName: "dir", help: "The folder to write into.",
        defaultDescription: "the config's output, else the current folder")
    static let skipExisting = OptionSpec.flag(
        "skip-existing", help: "Keep files that exist with other contents and write the others.")
    static let force = OptionSpec.flag("force", help: "Overwrite files that exist with other contents.")
        .exclusive(with: skipExisting)
    static let check = OptionSpec.flag(
        "check",
        help: "Write nothing; print a unified diff for every file that is missing or differs, and exit with 1 "
            + "if there is any.")
    static let dryRun = OptionSpec.flag(
        "dry-run", help: "List what would be created, overwritten or left unchanged; write nothing."
    )
    .exclusive(with: check)
    static let quiet = OptionSpec.flag("quiet", short: "q", help: "Print nothing but errors and differences.")

    static let options = [output, RootPlacements.option, force, skipExisting, dryRun, check, quiet]

    /// `--output` as typed; `nil` lets the config's output, else the current folder, apply.
    var output: String?
    var policy: ConflictPolicy
    var mode: Mode
    var isQuiet: Bool
    var roots: RootPlacements

    /// Contradicting flags never get here: the spec declares them exclusive and the parser refuses them.
    init(_ parsed: ParsedArguments) throws {
        roots = try RootPlacements(parsed.values(RootPlacements.option))
        policy = parsed.isSet(Self.force) ? .overwrite : parsed.isSet(Self.skipExisting) ? .skip : .refuse
        mode = parsed.isSet(Self.check) ? .check : parsed.isSet(Self.dryRun) ? .dryRun : .write
        isQuiet = parsed.isSet(Self.quiet)
        output = parsed.value(Self.output)
    }

    /// Plans `files` and checks, lists or writes them. Returns `.success`; conflicts and differences are thrown as
    /// `WritingError`s (exit 1), after the diffs or the dry-run listing are printed.
    ///
    /// The output folder is locked from planning to the end: a run that writes waits for any other run into the
    /// same folder (and then sees its files: the same module twice is "unchanged"), a dry run or a check never
    /// reads a folder while a run is half-way through writing it.
    func perform(_ files: [RenderedFile], session: GenerationSession, io: CommandIO) throws -> ExitCode {
        let outputDirectory = output ?? session.config.output.map(SessionOptions.shown) ?? "."
        let rootDirectories = roots.directories(config: session.config)
        // Refused before any folder is locked (and so made): the user has to say where the root goes first.
        try WritePlan.checkRootsPlaced(files, rootDirectories: rootDirectories)
        let directories = Set(files.map(\.root)).map { $0.flatMap { rootDirectories[$0] } ?? outputDirectory }
        return try OutputFolderLock.withLocks(mode == .write ? .exclusive : .shared, on: directories) {
            let plan = try WritePlan(
                files: files, outputDirectory: outputDirectory, rootDirectories: rootDirectories, policy: policy)
            return try performLocked(plan, io: io)
        }
    }

    private func performLocked(_ plan: WritePlan, io: CommandIO) throws -> ExitCode {
        switch mode {
        case .check:
            let differences = plan.differences()
            for difference in differences { io.writeOutput(difference.diff) }
            guard differences.isEmpty else {
                throw WritingError.differencesFound(
                    paths: differences.map { plan.display($0.path, root: $0.root) },
                    missing: differences.filter { $0.action == .create }.count)
            }
            let count = plan.entries.count == 1 ? "1 file is" : "\(plan.entries.count) files are"
            var folders: [String] = []
            for entry in plan.entries {
                let folder = plan.directory(of: entry)
                if !folders.contains(folder) { folders.append(folder) }
            }
            say("\(count) up to date in \(folders.joined(separator: " and "))", io: io)
        case .dryRun:
            say(plan.lines(), io: io)
            // A dry run answers "would it work?" with the exit code and message the real run would give.
            let conflicting = plan.entries.filter { $0.action == .conflict }
            if !conflicting.isEmpty {
                throw WritingError.conflicts(paths: conflicting.map { plan.display($0.path, root: $0.root) })
            }
        case .write:
            // The error lists only the first few conflicts; every one of them is listed here, as a dry run would.
            let conflicts = plan.entries.filter { $0.action == .conflict }
            say(conflicts.map { "conflict \(plan.display($0.path, root: $0.root))" }, io: io)
            say(try plan.apply().lines(displayPrefix: plan.outputDirectory), io: io)
        }
        return .success
    }

    private func say(_ lines: [String], io: CommandIO) {
        if !isQuiet, !lines.isEmpty { io.writeOutput(lines.joined(separator: "\n") + "\n") }
    }

    private func say(_ line: String, io: CommandIO) {
        say([line], io: io)
    }
}
