import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders a template for every valid combination of its options into a snapshot folder (each distinct file once,
/// and an index of the combinations), or compares such a folder with what the template generates now. Template
/// authors run `--check` in CI.
///
/// `modgen snapshot <template> --output <dir> [--name <Name>] [--check] [--quiet] [--templates <dir>]…
/// [--config <file>] [--date <YYYY-MM-DD>] [--set <key=value>]…`
struct SnapshotCommand: FixedOptionsCommand {
    static let template = ArgumentSpec(name: "template", help: "The template id (see 'modgen list').")
    static let output = OptionSpec.value(
        "output", short: "o", valueName: "dir",
        help: "The snapshot folder: new, empty, or marked by an earlier recording of the same template.",
        isRequired: true)
    static let name = OptionSpec.value(
        "name", valueName: "Name", help: "The module name to render.", defaultDescription: "the template's sample name")
    // The shared flags, with the defaults that are true for `snapshot`, which reads neither the nearest
    // `.modgen.json` nor SOURCE_DATE_EPOCH.
    static let config = SessionOptions.config.describingDefault("none")
    static let date = HeaderOptions.date.describingDefault("the --config file's date, else none")

    static let combinations = OptionSpec.choice(
        "combinations", valueName: "set", values: CombinationSet.allCases.map(\.rawValue),
        help: "Record every valid combination, or a pairwise covering set: every pair of two options' values in at "
            + "least one recorded combination."
    )
    .describingDefault("the manifest's snapshot combinations, else all")

    static let configuration = CommandSpec(
        name: "snapshot",
        abstract: "Render every valid option combination of a template, or check a recorded snapshot.",
        discussion: """
            Every file of every combination is rendered (module files, and support files under Support/), and \
            each distinct file is stored once, as <dir>/<variant>/<path>: the variant names only the options that \
            change that file ('default' when none does, 'rx', 'formatter+rx'), in manifest order. The index \
            <dir>/\(SnapshotIndex.fileName) lists every combination ('default', 'interface-storyboard+formatter+rx', \
            'no-interactor') with each file it generates and the variant that holds it, one line each: \
            '<combination> <path> <variant>'.

            The first recording needs a new or empty folder; it writes the marker <dir>/\
            \(SnapshotDirectory.markerName), which names the template. Later recordings overwrite the folder's files \
            and remove the ones the template no longer generates. A folder that is not empty and has no marker, or \
            whose marker names another template, is refused with exit code 1 and nothing is written. With --check \
            nothing is written: a folder without the marker holds no recorded snapshot to compare with (exit code \
            1); in a marked one every difference, the index's too, is printed as a unified diff and the exit code \
            is 1. A folder recorded by an older modgen (one folder per combination, no index) is moved to this \
            layout by recording into it again.

            A snapshot must not depend on the machine that records it: of the nearest .modgen.json only its \
            template folders are read (the whole file only when --config names it), and SOURCE_DATE_EPOCH is \
            ignored.
            """,
        arguments: [template],
        options: [
            output, name, combinations, WriteFlags.check, WriteFlags.quiet, SessionOptions.templates, config, date,
            HeaderOptions.set,
        ] + ColorOption.options
    )

    var templateID: String
    var output: String
    var moduleName: String?
    var isCheck: Bool
    var isQuiet: Bool
    var sessionOptions: SessionOptions
    var header: HeaderOptions
    var combinationSet: CombinationSet?
    var color: ColorOption

    init(_ parsed: ParsedArguments) throws {
        combinationSet = parsed.value(Self.combinations).flatMap(CombinationSet.init(rawValue:))
        color = ColorOption(parsed)
        templateID = try parsed.required(Self.template)
        output = try parsed.required(Self.output)
        moduleName = parsed.value(Self.name)
        isCheck = parsed.isSet(WriteFlags.check)
        isQuiet = parsed.isSet(WriteFlags.quiet)
        sessionOptions = SessionOptions(parsed)
        header = HeaderOptions(parsed)
    }

    func run(io: CommandIO) throws -> ExitCode {
        let session = try session(in: io.workingDirectory, environment: io.environment)
        let template = try session.catalog.template(id: templateID)
        // Snapshots do not read SOURCE_DATE_EPOCH (`io.environment`): a recorded snapshot must not change with the
        // build environment.
        let headerFields = try header.header(in: session, environment: [:])
        let renderer = session.renderer(for: template)
        // No output folder: a snapshot reads no project's IDETemplateMacros.plist, only one the named config gives.
        let snapshot = try Snapshot(
            rendering: renderer, moduleName: moduleName, header: headerFields,
            settings: try header.settings(in: session, for: template),
            environment: session.environment(outputDirectory: nil), combinations: combinationSet)
        if snapshot.combinationSet == .pairwise, !isQuiet {
            let among = snapshot.validCombinationCount.map { " of \($0) valid combinations" } ?? " combinations"
            io.writeOutput("pairwise: \(snapshot.combinations.count)\(among) cover every pair of option values\n")
        }
        for warning in renderer.warnings { io.writeError("modgen: warning: \(PrintableText.escaped(warning))\n") }
        let directory = SnapshotDirectory(directory: output, templateID: snapshot.templateID)
        let currentDirectory = io.workingDirectory.libraryPath
        if isCheck {
            // A shared lock: never compared while a recording is half-way through.
            let comparison: SnapshotDirectory.Comparison
            do {
                comparison = try OutputFolderLock.withLock(.shared, on: output, in: currentDirectory) {
                    try directory.compare(with: snapshot.files, currentDirectory: currentDirectory)
                }
            } catch let error as SnapshotFolderError {
                throw SnapshotHint(error: error, recordCommand: recordCommand)
            }
            let style = color.style(for: io)
            for difference in comparison.differences { io.writeOutput(style.paintDiff(difference.diff)) }
            for stale in comparison.staleFiles {
                io.writeOutput("only in \(output): \(stale) (no longer generated)\n")
            }
            guard comparison.isUpToDate else {
                let paths = comparison.differences.map(\.path) + comparison.staleFiles
                throw WritingError.differencesFound(
                    paths: paths.map { RenderedPath.display($0, under: output) },
                    missing: comparison.differences.filter { $0.action == .create }.count,
                    stale: comparison.staleFiles.count)
            }
            if !isQuiet { io.writeOutput("\(snapshot.combinations.count) combinations up to date in \(output)\n") }
            return .success
        }
        // Recording writes and removes files: one run at a time, and a signal rolls the writing back.
        let lines = try OutputFolderLock.withLock(.exclusive, on: output, in: currentDirectory) {
            try directory.record(snapshot.files, currentDirectory: currentDirectory)
        }
        if !isQuiet {
            for line in lines { io.writeOutput(line + "\n") }
            // The stored files are the snapshot's files but the index.
            let stored = snapshot.files.count - 1
            io.writeOutput(
                "\(snapshot.combinations.count) combinations (\(snapshot.generatedFileCount) files) stored as "
                    + "\(stored) distinct files and the index \(SnapshotIndex.fileName) in \(output)\n")
        }
        return .success
    }

    /// The session for `--config` when it is given. Otherwise the nearest `.modgen.json` gives its template folders
    /// only (where the template is found), never its header, date, `set` values or options, so a recorded
    /// snapshot does not depend on the machine; `--templates` come first either way.
    private func session(in workingDirectory: WorkingDirectory, environment: [String: String]) throws
        -> GenerationSession
    {
        if sessionOptions.configFile != nil {
            return try sessionOptions.session(in: workingDirectory, environment: environment)
        }
        let typed = try sessionOptions.templateDirectories.map(workingDirectory.url(forPath:))
        let configured = try workingDirectory.url.flatMap(ModGenConfig.findTrusted(from:)).map {
            var git = GitTemplates(
                lockFile: $0.deletingLastPathComponent().appendingPathComponent(TemplateLock.fileName),
                settings: GitTemplates.Settings(environment: environment))
            return try ModGenConfig(contentsOf: $0, gitTemplates: &git).templateDirectories
        }
        return GenerationSession(
            ignoringConfigFiles: typed + (configured ?? []), workingDirectory: workingDirectory.url)
    }

    /// The command that records this snapshot, as it must be typed: this run's `--templates`, `--config`,
    /// `--name`, `--date` and `--set`, shell-quoted, and `--check` left out.
    var recordCommand: String {
        var words = ["modgen", "snapshot", templateID, "--output", output]
        if let moduleName { words += ["--name", moduleName] }
        if let combinationSet { words += ["--combinations", combinationSet.rawValue] }
        for folder in sessionOptions.templateDirectories { words += ["--templates", folder] }
        if let configFile = sessionOptions.configFile { words += ["--config", configFile] }
        if let date = header.date { words += ["--date", date] }
        for setting in header.settings { words += ["--set", setting] }
        return ShellWord.commandLine(words)
    }
}

/// A snapshot folder error whose hint is the command this run needs to record it.
struct SnapshotHint: ModGenError, ReportedError {
    var error: SnapshotFolderError
    var recordCommand: String

    var message: String { error.message(recordCommand: recordCommand) }
    var exitCode: ExitCode { error.exitCode }
}
