import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--output`, `--force`, `--skip-existing`, `--dry-run`, `--check` and `--quiet`: how `new` and `support` put
/// what they rendered on disk. Files arrive rendered in memory; a `WritePlan` decides for every one of them before
/// anything is written, so a conflict anywhere means nothing is written at all.
struct WriteFlags {
    enum Mode {
        case write
        /// List the plan, write nothing.
        case dryRun
        /// Print a diff for every file that is missing or differs, write nothing.
        case check
    }

    static let options: [OptionSpec] = [
        .value(
            "output", short: "o", valueName: "dir", help: "The folder to write into.",
            defaultDescription: "the config's output, else the current folder"),
        .flag("force", help: "Overwrite files that exist with other contents."),
        .flag("skip-existing", help: "Keep files that exist with other contents and write the others."),
        .flag("dry-run", help: "List what would be created, overwritten or left unchanged; write nothing."),
        .flag(
            "check",
            help: "Write nothing; print a unified diff for every file that is missing or differs, and exit with 1 "
                + "if there is any."),
        .flag("quiet", short: "q", help: "Print nothing but errors and differences."),
    ]

    /// The output folder as paths are shown under it: `--output` as typed, else the config's, else `.`.
    var outputDirectory: String
    var policy: ConflictPolicy
    var mode: Mode
    var isQuiet: Bool

    /// Reads the flags, refusing contradicting ones before any work is done.
    init(_ arguments: ParsedArguments, session: GenerationSession) throws(UsageError) {
        let flag = { (name: String) in arguments.flag(name) ?? false }
        if flag("force"), flag("skip-existing") { throw .exclusiveOptions("--force", "--skip-existing") }
        if flag("dry-run"), flag("check") { throw .exclusiveOptions("--dry-run", "--check") }
        policy = flag("force") ? .overwrite : flag("skip-existing") ? .skip : .refuse
        mode = flag("check") ? .check : flag("dry-run") ? .dryRun : .write
        isQuiet = flag("quiet")
        outputDirectory = arguments.value("output") ?? session.config.output.map(SessionOptions.shown) ?? "."
    }

    /// Plans `files` and checks, lists or writes them. Returns `.success`; conflicts and differences are thrown as
    /// `WritingError`s (exit 1), after the diffs or the dry-run listing are printed.
    ///
    /// The output folder is locked from planning to the end: a run that writes waits for any other run into the
    /// same folder (and then sees its files: the same module twice is "unchanged"), a dry run or a check never
    /// reads a folder while a run is half-way through writing it.
    func perform(_ files: [RenderedFile], io: CommandIO) throws -> ExitCode {
        try OutputFolderLock.withLock(mode == .write ? .exclusive : .shared, on: outputDirectory) {
            try performLocked(files, io: io)
        }
    }

    private func performLocked(_ files: [RenderedFile], io: CommandIO) throws -> ExitCode {
        let plan = try WritePlan(files: files, outputDirectory: outputDirectory, policy: policy)
        switch mode {
        case .check:
            let differences = plan.differences()
            for difference in differences { io.writeOutput(difference.diff) }
            guard differences.isEmpty else {
                throw WritingError.differencesFound(
                    paths: differences.map { shown($0.path) },
                    missing: differences.filter { $0.action == .create }.count)
            }
            let count = files.count == 1 ? "1 file is" : "\(files.count) files are"
            say("\(count) up to date in \(outputDirectory)", io: io)
        case .dryRun:
            say(plan.lines(), io: io)
            // A dry run answers "would it work?" with the exit code and message the real run would give.
            let conflicting = plan.entries.filter { $0.action == .conflict }
            if !conflicting.isEmpty { throw WritingError.conflicts(paths: conflicting.map { shown($0.path) }) }
        case .write:
            // The error lists only the first few conflicts; every one of them is listed here, as a dry run would.
            let conflicts = plan.entries.filter { $0.action == .conflict }
            say(conflicts.map { $0.line(displayPrefix: outputDirectory) }, io: io)
            say(try plan.apply().lines(displayPrefix: outputDirectory), io: io)
        }
        return .success
    }

    private func shown(_ path: String) -> String {
        RenderedPath.display(path, under: outputDirectory)
    }

    private func say(_ lines: [String], io: CommandIO) {
        if !isQuiet, !lines.isEmpty { io.writeOutput(lines.joined(separator: "\n") + "\n") }
    }

    private func say(_ line: String, io: CommandIO) {
        say([line], io: io)
    }
}
