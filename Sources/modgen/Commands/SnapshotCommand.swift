import Foundation
import ModGenKit

extension Command {
    /// `modgen snapshot <template> --output <dir> [--name <Name>] [--check]`
    static let snapshot = Command(spec: SnapshotCommand.spec, run: SnapshotCommand.run)
}

/// Renders a template for every valid combination of its options, into `<dir>/<combination>/`, or compares such a
/// folder with what the template generates now. Template authors run `--check` in CI.
enum SnapshotCommand {
    static let spec = CommandSpec(
        name: "snapshot",
        abstract: "Render every valid option combination of a template, or check a recorded snapshot.",
        discussion: """
            Each combination goes to <dir>/<combination>/ (module files) and <dir>/<combination>/Support/ (support \
            files). Combination names list the options that differ from their defaults, in manifest order: \
            'default', 'rx', 'interface-storyboard+formatter+rx', 'no-interactor'. Recording also removes files that \
            the template no longer generates. With --check nothing is written: every difference is printed as a \
            unified diff and the exit code is 1.
            """,
        arguments: [ArgumentSpec(name: "template", help: "The template id (see 'modgen list').")],
        options: [
            .value("output", short: "o", valueName: "dir", help: "The snapshot folder."),
            .value(
                "name", valueName: "Name", help: "The module name to render.",
                defaultDescription: "the template's sample name"),
            .flag("check", help: "Compare the folder with the template's output instead of writing it."),
        ] + SessionOptions.options + [
            .value("date", valueName: "YYYY-MM-DD", help: "The date header fields show."),
            .flag("quiet", short: "q", help: "Print nothing but errors and differences."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard let output = arguments.value("output") else {
            throw UsageError.missingArgument(synopsis: "--output <dir>")
        }
        let session = try SessionOptions.session(from: arguments)
        let template = try session.catalog.template(id: arguments.argument("template") ?? "")
        // Snapshots do not read SOURCE_DATE_EPOCH: a recorded snapshot must not change with the build environment.
        let header = try session.header(date: arguments.value("date"), environment: [:])
        let snapshot = try Snapshot(
            rendering: session.renderer(for: template), moduleName: arguments.value("name"), header: header,
            settings: session.config.settings)
        let directory = SnapshotDirectory(directory: output)
        let quiet = arguments.flag("quiet") ?? false
        if arguments.flag("check") ?? false {
            let comparison = try directory.compare(with: snapshot)
            for difference in comparison.differences { io.writeOutput(difference.diff) }
            for stale in comparison.staleFiles {
                io.writeOutput("only in \(output): \(stale) (no longer generated)\n")
            }
            if comparison.isUpToDate {
                if !quiet { io.writeOutput("\(snapshot.combinations.count) combinations up to date in \(output)\n") }
                return .success
            }
            let count = comparison.differences.count + comparison.staleFiles.count
            io.writeError("modgen: error: \(count) file(s) differ from the snapshot in \(output)\n")
            return .differences
        }
        let lines = try directory.record(snapshot)
        if !quiet {
            for line in lines { io.writeOutput(line + "\n") }
            io.writeOutput("\(snapshot.combinations.count) combinations, \(snapshot.files.count) files in \(output)\n")
        }
        return .success
    }
}
