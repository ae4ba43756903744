import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Removes a recorded module: its files, its references in the project it joined, its record, and the template
/// versions no record uses any more, in one run.
///
/// `modgen remove <Name> [--force] [--dry-run] [--quiet] [--templates <dir>]… [--config <file>]`
struct RemoveCommand: FixedOptionsCommand {
    static let name = ArgumentSpec(name: "Name", help: "The recorded module to remove (see .modgen/modules).")
    static let force = OptionSpec.flag("force", help: "Remove files edited since the module was generated too.")
    static let dryRun = OptionSpec.flag("dry-run", help: "List what would be removed; remove nothing.")

    static let configuration = CommandSpec(
        name: "remove",
        abstract: "Remove a recorded module: its files, its project references and its record.",
        discussion: """
            The module's files are the ones its recorded template version renders with its recorded answers. Files \
            unchanged since then are removed, with the folders they leave empty; a file edited since stops the run \
            with nothing removed, unless --force. The references of every file of the module go from the Xcode \
            project its record names, its record goes, and so do the template versions no other record uses. All \
            of it happens or none of it.
            """,
        arguments: [name],
        options: [force, dryRun, WriteFlags.quiet] + SessionOptions.options
    )

    var moduleName: String
    var forces: Bool
    var isDryRun: Bool
    var isQuiet: Bool
    var sessionOptions: SessionOptions

    init(_ parsed: ParsedArguments) throws {
        moduleName = try parsed.required(Self.name)
        forces = parsed.isSet(Self.force)
        isDryRun = parsed.isSet(Self.dryRun)
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
        let run = ModuleRun(
            mode: isDryRun ? .dryRun : .apply, session: session, records: records,
            currentDirectory: io.workingDirectory.libraryPath, shown: io.workingDirectory.shown)
        let result = try run.carryOut([.remove(record: record, force: forces)])
        guard !isQuiet, let planned = result.requests.first else { return .success }
        let would = isDryRun ? "would " : ""
        var lines = planned.plan.entries.map { "\(would)remove \(planned.plan.display($0.path, root: $0.root))" }
        if let project = record.project {
            let shown = io.workingDirectory.shown(ModuleRecording.folder(project.path, records: records))
            lines += ProjectListing.lines(
                for: planned.projectChanges, project: shown, wording: isDryRun ? .wouldAdd : .added)
        }
        lines.append("\(would)remove \(records.shownPath(module: moduleName))")
        if isDryRun { lines.append("dry run: nothing was removed") }
        io.writeOutput(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
