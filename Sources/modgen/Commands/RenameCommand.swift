import ModGenKit

/// Renames a recorded module: renders it under the new name and carries the developer's edits over with the merge
/// of `update`; files get their new paths, the project's references and the record follow, in one run.
///
/// `modgen rename <Old> <New> [--dry-run] [--quiet] [--no-hooks] [--templates <dir>]… [--config <file>]`
struct RenameCommand: FixedOptionsCommand {
    static let oldName = ArgumentSpec(name: "Old", help: "The recorded module to rename (see .modgen/modules).")
    static let newName = ArgumentSpec(name: "New", help: "Its new name.")
    static let dryRun = OptionSpec.flag(
        "dry-run", help: "List what the rename would do with every file; write nothing.")

    static let configuration = CommandSpec(
        name: "rename",
        abstract: "Rename a recorded module, keeping your edits: files, project references and record follow.",
        discussion: """
            The module is rendered with its recorded answers under the new name, from its template's current \
            version, and merged file by file as 'update' merges: base is the recorded version under the old name, \
            template the current one under the new name, yours the files on disk. What the template writes \
            follows the name; your edits are carried over as they are (a line you wrote that names the old name \
            keeps it). Each file is written at its new path and its old path is removed; a path without the name \
            keeps it. Where both sides changed the same lines the file gets conflict markers and the run exits \
            with 1. The Xcode project's references move to the new paths, in the same targets, and the record is \
            renamed. A file of other contents already at a new path stops the rename with nothing changed.
            """,
        arguments: [oldName, newName],
        options: [dryRun, WriteFlags.quiet, WriteFlags.noHooks] + SessionOptions.options
    )

    var oldModule: String
    var newModule: String
    var isDryRun: Bool
    var isQuiet: Bool
    var runsHooks: Bool
    var sessionOptions: SessionOptions

    init(_ parsed: ParsedArguments) throws {
        oldModule = try parsed.required(Self.oldName)
        newModule = try parsed.required(Self.newName)
        isDryRun = parsed.isSet(Self.dryRun)
        isQuiet = parsed.isSet(WriteFlags.quiet)
        runsHooks = !parsed.isSet(WriteFlags.noHooks)
        sessionOptions = SessionOptions(parsed)
    }

    func run(io: CommandIO) throws -> ExitCode {
        try ModuleNameError.check(oldModule)
        try ModuleNameError.check(newModule)
        let session = try sessionOptions.session(in: io.workingDirectory, environment: io.environment)
        guard
            let records = ModuleRecording.records(
                session: session, workingDirectory: io.workingDirectory.url, shown: io.workingDirectory.shown)
        else { throw UpdateError.noProjectFolder }
        guard let record = try records.record(module: oldModule) else {
            throw UpdateError.notRecorded(module: oldModule, record: records.shownPath(module: oldModule))
        }
        if newModule == oldModule { throw ModuleRunError.alreadyRecorded(module: newModule) }
        let run = ModuleRun(
            mode: isDryRun ? .dryRun : .apply, session: session, records: records,
            currentDirectory: io.workingDirectory.libraryPath, shown: io.workingDirectory.shown)
        let template = try run.currentTemplate(of: record)
        let result = try run.carryOut([.rename(record: record, newName: newModule, template: template)])
        guard let planned = result.requests.first, let rename = planned.rename else { return .success }
        let update = rename.update
        let would = isDryRun ? "would " : ""
        var lines: [String] = []
        for (index, file) in update.files.enumerated() {
            if let oldPath = rename.oldPaths[index] {
                let word =
                    switch file.outcome {
                    case .merged, .kept: "merge"
                    case .conflict: "write conflict markers in"
                    default: "rename"
                    }
                lines.append(
                    "\(would)\(word) \(update.plan.display(oldPath, root: file.root)) -> \(update.display(file))")
            } else if file.outcome.writes {
                lines.append(
                    isDryRun
                        ? "\(UpdateCommand.wouldDo(file.outcome)) \(update.display(file))"
                        : "\(file.outcome.rawValue) \(update.display(file))")
            }
        }
        if let project = update.record.project {
            let shown = io.workingDirectory.shown(ModuleRecording.folder(project.path, records: records))
            lines += ProjectListing.lines(
                for: planned.projectChanges, project: shown, wording: isDryRun ? .wouldAdd : .added)
        }
        lines.append(
            "\(would)rename \(records.shownPath(module: oldModule)) -> \(records.shownPath(module: newModule))")
        if isDryRun { lines.append("dry run: nothing was written") }
        if !isQuiet { io.writeOutput(lines.joined(separator: "\n") + "\n") }
        for file in update.files where file.outcome == .keptEdited {
            io.writeError(
                "modgen: warning: \(update.display(file)) is no longer in the template; kept at its old path because "
                    + "it was edited\n")
        }
        // The files are rendered anew, as by `update`: the config's formatters run on them as after an update.
        if runsHooks, !isDryRun, let report = planned.report {
            try AfterGenerateHooks(session: session, workingDirectory: io.workingDirectory).runIfWritten(
                .init(
                    moduleName: newModule, templateID: update.templateID, outputDirectory: update.outputDirectory,
                    report: report),
                io: io, style: TerminalStyle.plain, quiet: isQuiet)
        }
        let conflicts = update.conflicts.map(update.display)
        if !conflicts.isEmpty, !isDryRun { throw UpdateError.conflicts(paths: conflicts) }
        return .success
    }
}
