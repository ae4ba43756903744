import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Command {
    /// `modgen snapshot <template> --output <dir> [--name <Name>] [--check]`
    static let snapshot = Command(spec: SnapshotCommand.spec, run: SnapshotCommand.run)
}

/// Renders a template for every valid combination of its options into a snapshot folder (each distinct file once,
/// and an index of the combinations), or compares such a folder with what the template generates now. Template
/// authors run `--check` in CI.
enum SnapshotCommand {
    static let spec = CommandSpec(
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

            A snapshot must not depend on the machine that records it: no .modgen.json is read unless --config \
            names one, and SOURCE_DATE_EPOCH is ignored.
            """,
        arguments: [ArgumentSpec(name: "template", help: "The template id (see 'modgen list').")],
        options: [
            .value(
                "output", short: "o", valueName: "dir",
                help: "The snapshot folder: new, empty, or marked by an earlier recording of the same template.",
                isRequired: true),
            .value(
                "name", valueName: "Name", help: "The module name to render.",
                defaultDescription: "the template's sample name"),
        ]
            + shared(WriteFlags.options, ["check", "quiet"])
            + shared(SessionOptions.options, ["templates", "config"], defaults: ["config": "none"])
            + shared(
                TemplateFlags.renderingOptions, ["date", "set"],
                defaults: ["date": "the --config file's date, else none"])
    )

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        // The spec makes --output required, so the parser has already rejected a command line without it.
        guard let output = arguments.value("output") else {
            throw UsageError.missingArgument(synopsis: "--output <dir>")
        }
        let session = try session(from: arguments)
        let template = try session.catalog.template(id: arguments.argument("template") ?? "")
        // Snapshots do not read SOURCE_DATE_EPOCH: a recorded snapshot must not change with the build environment.
        let header = try session.header(date: arguments.value("date"), environment: [:])
        let snapshot = try Snapshot(
            rendering: session.renderer(for: template), moduleName: arguments.value("name"), header: header,
            settings: try session.settings(for: template, arguments: arguments.values("set")))
        let directory = SnapshotDirectory(directory: output, templateID: snapshot.templateID)
        let quiet = arguments.flag("quiet") ?? false
        if arguments.flag("check") ?? false {
            // A shared lock: never compared while a recording is half-way through.
            let comparison = try OutputFolderLock.withLock(.shared, on: output) {
                try directory.compare(with: snapshot.files)
            }
            for difference in comparison.differences { io.writeOutput(difference.diff) }
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
            if !quiet { io.writeOutput("\(snapshot.combinations.count) combinations up to date in \(output)\n") }
            return .success
        }
        // Recording writes and removes files: one run at a time, and a signal rolls the writing back.
        let lines = try OutputFolderLock.withLock(.exclusive, on: output) { try directory.record(snapshot.files) }
        if !quiet {
            for line in lines { io.writeOutput(line + "\n") }
            // The stored files are the snapshot's files but the index.
            let stored = snapshot.files.count - 1
            io.writeOutput(
                "\(snapshot.combinations.count) combinations (\(snapshot.generatedFileCount) files) stored as "
                    + "\(stored) distinct files and the index \(SnapshotIndex.fileName) in \(output)\n")
        }
        return .success
    }

    /// The session for `--config` when it is given; otherwise one that reads no config file at all, so the
    /// nearest `.modgen.json` cannot change a recorded snapshot. `--templates` works either way.
    private static func session(from arguments: ParsedArguments) throws -> GenerationSession {
        if arguments.value("config") != nil { return try SessionOptions.session(from: arguments) }
        return GenerationSession(
            ignoringConfigFiles: arguments.values("templates").map { URL(fileURLWithPath: $0) })
    }

    /// The options named in `names` as the other commands define them, so the same flag reads the same
    /// everywhere; `defaults` replaces the default descriptions that are not true for `snapshot`, which reads
    /// neither the nearest `.modgen.json` nor SOURCE_DATE_EPOCH.
    private static func shared(
        _ options: [OptionSpec], _ names: Set<String>, defaults: [String: String] = [:]
    ) -> [OptionSpec] {
        options.filter { names.contains($0.name) }.map { option in
            var option = option
            if let description = defaults[option.name] { option.defaultDescription = description }
            return option
        }
    }
}
