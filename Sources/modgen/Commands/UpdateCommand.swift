import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Brings recorded modules to their template's current version, keeping the developer's edits.
///
/// `modgen update [<Name>] [--all] [--adopt --template <id>] [template options] [--set <key=value>]… [--date <day>]
/// [--dry-run | --check] [--conflict-style merge|diff3|zdiff3] [--quiet] [--no-hooks] [--templates <dir>]… [--config <file>]`
struct UpdateCommand: ParsableCommand {
    static let name = ArgumentSpec(
        name: "Name", help: "The recorded module to update (see .modgen/modules).", isOptional: true)
    static let all = OptionSpec.flag("all", help: "Update every recorded module.")
    static let adopt = OptionSpec.flag(
        "adopt",
        help: "Record an existing module made without a record, with the answers given and the current template "
            + "as its base; no file of the module changes.")

    static let template = OptionSpec.value(
        "template", valueName: "id",
        help: "With --adopt, the template the module was generated from; otherwise the template to move it to.",
        defaultDescription: "the template its record names")
    static let output = OptionSpec.value(
        "output", short: "o", valueName: "dir", help: "With --adopt, the folder the module was generated into.",
        defaultDescription: "the config's output, else the current folder")
    static let check = OptionSpec.flag(
        "check",
        help: "Write nothing; list the recorded modules an update would change or whose files hold conflict "
            + "markers, and exit with 1 if there is any.")
    static let dryRun = OptionSpec.flag(
        "dry-run",
        help: "List what an update would do with every file (replaced, merged, conflict, created, removed, kept, "
            + "unchanged); write nothing."
    )
    .exclusive(with: check)
    static let conflictStyle = OptionSpec.choice(
        "conflict-style", valueName: "style", values: ThreeWayMerge.ConflictStyle.allCases.map(\.rawValue),
        defaultValue: ThreeWayMerge.ConflictStyle.merge.rawValue,
        help: "How conflicts are written, as git's merge.conflictStyle: merge (yours and the template's lines), "
            + "diff3 (also the base's, after a ||||||| line), zdiff3 (diff3 without the lines both sides share).")

    static let configuration = CommandSpec(
        name: "update",
        abstract: "Update recorded modules to their template's current version, keeping your edits.",
        discussion: """
            For every file: the old template version rendered with the recorded answers (base), the current \
            template with the new answers (template) and the file on disk (yours) are merged as 'git merge-file' \
            merges them. A file you did not edit is replaced; a file the template did not change is kept; edits on \
            both sides are merged, and where both changed the same lines the file is written with conflict markers \
            and the run exits with 1. Files the template adds are created; files it dropped are removed unless you \
            edited them. Template options, --set and --date change the recorded answers. With --check, nothing is \
            written: exit 1 lists the modules an update would change or whose files still hold conflict markers.
            """,
        arguments: [name],
        options: [template, all, adopt, output, dryRun, check, conflictStyle, WriteFlags.quiet, WriteFlags.noHooks]
            + SessionOptions.options + HeaderOptions.options
    )

    var moduleName: String?
    var updatesAll: Bool
    var adopts: Bool
    var mode: WriteFlags.Mode
    var conflictStyle: ThreeWayMerge.ConflictStyle
    var isQuiet: Bool
    var runsHooks: Bool
    var header: HeaderOptions
    var sessionOptions: SessionOptions
    var templateID: String?
    /// `--output` as typed, for `--adopt`.
    var output: String?
    /// The template the command line's flags were read for, and the options typed.
    var flags: TemplateFlags?
    var typedOptions: [String: OptionValue]

    init(_ parsed: ParsedArguments, flags: TemplateFlags?) throws {
        moduleName = parsed.argument(Self.name)
        updatesAll = parsed.isSet(Self.all)
        adopts = parsed.isSet(Self.adopt)
        mode = parsed.isSet(Self.check) ? .check : parsed.isSet(Self.dryRun) ? .dryRun : .write
        // The parser has checked the value against the choices.
        conflictStyle = parsed.value(Self.conflictStyle).flatMap { ThreeWayMerge.ConflictStyle(rawValue: $0) } ?? .merge
        isQuiet = parsed.isSet(WriteFlags.quiet)
        runsHooks = !parsed.isSet(WriteFlags.noHooks)
        header = HeaderOptions(parsed)
        sessionOptions = SessionOptions(parsed)
        templateID = parsed.value(Self.template)
        output = parsed.value(Self.output)
        self.flags = flags
        typedOptions = try flags?.explicitValues(in: parsed) ?? [:]
    }

    /// The template whose options the command line may give: `--template`'s, else the named module's recorded
    /// one. Without either (`--all`, `--check`), or when the record cannot be read, the command's own options only;
    /// the run reports the problem.
    static func invocation(for arguments: [String], io: CommandIO) throws -> Invocation {
        let known = ArgumentParser.extract(configuration.options, from: arguments)
        let name = ArgumentParser.extractPositionals(configuration.options, from: arguments).first
        let plain = Invocation(spec: configuration) { parsed, io in try Self(parsed, flags: nil).run(io: io) }
        guard let session = try? SessionOptions(known).session(in: io.workingDirectory, environment: io.environment)
        else { return plain }
        let template: (any ModuleTemplate)?
        if let id = known.value(Self.template) {
            template = try? session.catalog.template(id: id)
        } else if let name,
            let records = ModuleRecording.records(
                session: session, workingDirectory: io.workingDirectory.url, shown: io.workingDirectory.shown),
            let record = try? records.record(module: name)
        {
            let updater = ModuleUpdater(
                session: session, records: records, currentDirectory: io.workingDirectory.libraryPath,
                shown: io.workingDirectory.shown)
            template = try? updater.currentTemplate(of: record)
        } else {
            template = nil
        }
        guard let template else { return plain }
        let flags = TemplateFlags(session: session, template: template)
        return Invocation(
            spec: try flags.completing(configuration),
            run: { parsed, io in try Self(parsed, flags: flags).run(io: io) },
            explainUnknownOption: flags.explainUnknownOption)
    }

    func run(io: CommandIO) throws -> ExitCode {
        let session = try sessionOptions.session(in: io.workingDirectory, environment: io.environment)
        guard
            let records = ModuleRecording.records(
                session: session, workingDirectory: io.workingDirectory.url, shown: io.workingDirectory.shown)
        else { throw UpdateError.noProjectFolder }
        let run = ModuleRun(
            mode: mode == .write ? .apply : mode == .check ? .check : .dryRun, session: session, records: records,
            currentDirectory: io.workingDirectory.libraryPath, shown: io.workingDirectory.shown,
            conflictStyle: conflictStyle)
        // A record is named for its module: a name that is no type name (`Sub/Home`, `../x`) names no record.
        if let moduleName { try ModuleNameError.check(moduleName) }
        if adopts { return try adopt(run, records: records, session: session, io: io) }
        let modules: [ModuleRecord]
        if let moduleName {
            guard let record = try records.record(module: moduleName) else {
                throw UpdateError.notRecorded(module: moduleName, record: records.shownPath(module: moduleName))
            }
            modules = [record]
        } else if updatesAll || mode == .check {
            modules = try records.allRecords()
        } else {
            throw UsageError.missingArgument(synopsis: "\(Self.name.synopsis) or --all")
        }
        if modules.count > 1, flags != nil, !typedOptions.isEmpty || templateID != nil {
            throw UpdateError.optionsForSeveralModules
        }
        let changes = ModuleAnswerChanges(options: typedOptions, settings: header.settings, date: header.date)
        // Every module in one run: planned first (any error stops the run before a file is written), then all of
        // them written or none.
        var requests: [ModuleRequest] = []
        for record in modules {
            let template = try flags?.template ?? run.currentTemplate(of: record)
            requests.append(.update(record: record, template: template, changes: changes))
        }
        let result = try run.carryOut(requests)
        let updates = result.requests.compactMap { planned in planned.update.map { ($0, planned.report) } }
        try list(result, records: records, io: io)
        if runsHooks, mode == .write {
            let hooks = AfterGenerateHooks(session: session, workingDirectory: io.workingDirectory)
            for case (let update, let report?) in updates {
                try hooks.runIfWritten(
                    .init(
                        moduleName: update.record.module, templateID: update.templateID,
                        outputDirectory: update.outputDirectory, report: report),
                    io: io, style: TerminalStyle.plain, quiet: isQuiet)
            }
        }
        let conflicts = updates.flatMap { update, _ in update.conflicts.map(update.display) }
        if !conflicts.isEmpty { throw UpdateError.conflicts(paths: conflicts) }
        return .success
    }

    /// Lists what the run found (`--check`), would do (`--dry-run`) or did: each module's files, then what its
    /// files change in its project.
    private func list(_ result: RunResult, records: ModuleRecords, io: CommandIO) throws {
        let planned = result.requests.filter { $0.update != nil }
        func projectLines(_ item: PlannedRequest, _ wording: ProjectListing.Wording) -> [String] {
            guard let project = item.update?.record.project else { return [] }
            let shown = io.workingDirectory.shown(ModuleRecording.folder(project.path, records: records))
            return ProjectListing.lines(for: item.projectChanges, project: shown, wording: wording)
        }
        switch mode {
        case .check:
            var drifting: [String] = []
            var markers: [String] = []
            for item in planned {
                guard let update = item.update else { continue }
                let changed = update.files.filter { $0.outcome.writes || $0.hasConflictMarkers }
                // A file a synchronized folder picks up by itself changes nothing: only edits are drift.
                let changesProject = item.projectChanges.contains {
                    $0.isRemoved || $0.isNewReference || !$0.addedTo.isEmpty
                }
                let project = changesProject ? projectLines(item, .missing) : []
                guard !changed.isEmpty || !project.isEmpty else { continue }
                // Markers left from an earlier update are the developer's to resolve: an update rewrites nothing.
                if project.isEmpty, changed.allSatisfy({ !$0.outcome.writes }) {
                    markers += changed.map(update.display)
                } else {
                    drifting.append(update.record.module)
                }
                for file in changed {
                    let what =
                        file.hasConflictMarkers && !file.outcome.writes ? "conflict markers" : file.outcome.rawValue
                    io.writeOutput("\(update.record.module): \(what) \(update.display(file))\n")
                }
                for line in project { io.writeOutput("\(update.record.module): \(line)\n") }
            }
            guard drifting.isEmpty, markers.isEmpty else {
                throw UpdateError.drift(modules: drifting, markers: markers)
            }
            say(["\(planned.count == 1 ? "1 module is" : "\(planned.count) modules are") up to date"], io: io)
        case .dryRun:
            for item in planned {
                guard let update = item.update else { continue }
                let module = update.record.module
                say(update.files.map { "\(module): \(Self.wouldDo($0.outcome)) \(update.display($0))" }, io: io)
                say(projectLines(item, .wouldAdd).map { "\(module): \($0)" }, io: io)
            }
            say(["dry run: nothing was written"], io: io)
        case .write:
            for item in planned {
                guard let update = item.update else { continue }
                say(
                    update.files.filter(\.outcome.writes).map { "\($0.outcome.rawValue) \(update.display($0))" }, io: io
                )
                say(projectLines(item, .added), io: io)
                for file in update.files where file.outcome == .keptEdited {
                    io.writeError(
                        "modgen: warning: \(update.display(file)) is no longer in the template; kept because it was edited\n"
                    )
                }
            }
        }
    }

    /// What a dry run says an update would do with a file: `would merge`, or the outcome that changes nothing.
    static func wouldDo(_ outcome: FileUpdateOutcome) -> String {
        switch outcome {
        case .replaced: "would replace"
        case .merged: "would merge"
        case .conflict: "would write conflict markers in"
        case .created: "would create"
        case .removed: "would remove"
        case .unchanged, .kept, .keptEdited, .keptDeleted: outcome.rawValue
        }
    }

    /// `--adopt`: records the module as the template renders it now, with the answers given; writes only the record.
    private func adopt(
        _ run: ModuleRun, records: ModuleRecords, session: GenerationSession, io: CommandIO
    ) throws -> ExitCode {
        guard let moduleName else { throw UsageError.missingArgument(synopsis: Self.name.synopsis) }
        guard let templateID else { throw UsageError.missingArgument(synopsis: Self.template.synopsis) }
        // The template was not found when the flags were read: its own error says why.
        guard let flags else {
            _ = try session.catalog.template(id: templateID)
            throw UsageError.missingArgument(synopsis: Self.template.synopsis)
        }
        if try records.record(module: moduleName) != nil {
            throw UpdateError.alreadyRecorded(module: moduleName, record: records.shownPath(module: moduleName))
        }
        var request = try flags.request(
            moduleName: moduleName, explicit: typedOptions, header: header, environment: io.environment)
        let config = flags.session.config
        let output =
            try self.output.map(io.workingDirectory.url(forPath:)) ?? config.output ?? io.workingDirectory.url
            ?? URL(fileURLWithPath: ".")
        request.environment = flags.session.environment(outputDirectory: output.path)
        let result = try run.carryOut([
            .adopt(
                ModuleAdoption(
                    module: moduleName, template: flags.template, request: request, outputDirectory: output,
                    rootDirectories: config.roots))
        ])
        if let missing = result.requests.first?.missingFiles, !missing.isEmpty {
            io.writeError(
                "modgen: warning: with the options given \(moduleName) has \(WritingError.listed(missing)), which "
                    + "\(missing.count == 1 ? "is" : "are") not on disk: if it was generated with other options, "
                    + "adopt it with those (the record's options are what 'update' renders as its base)\n")
        }
        let record = records.shownPath(module: moduleName)
        say(["\(mode == .write ? "recorded" : "would record") \(moduleName) in \(record)"], io: io)
        return .success
    }

    private func say(_ lines: [String], io: CommandIO) {
        if !isQuiet, !lines.isEmpty { io.writeOutput(lines.joined(separator: "\n") + "\n") }
    }
}

/// What stops `update` (exit codes in ExitCodes.swift).
enum UpdateError: ModGenError, ReportedError, Equatable {
    case noProjectFolder
    case notRecorded(module: String, record: String)
    case alreadyRecorded(module: String, record: String)
    /// `new` for a recorded module with another template, other options or other `--set` values.
    case recordedWithOtherAnswers(module: String, record: String)
    case optionsForSeveralModules
    case conflicts(paths: [String])
    /// `--check`: modules an update would change, and files of others that still hold conflict markers.
    case drift(modules: [String], markers: [String])

    var message: String {
        switch self {
        case .noProjectFolder:
            "no config and no current folder: there is no project to keep module records in"
        case .notRecorded(let module, let record):
            "module '\(module)' has no record (\(record)); generate it with 'modgen new', or record it with "
                + "'modgen update \(module) --adopt --template <id>'"
        case .alreadyRecorded(let module, let record):
            "module '\(module)' is already recorded (\(record)); use 'modgen update \(module)' to change it"
        case .recordedWithOtherAnswers(let module, let record):
            "module '\(module)' is recorded with other options (\(record)); use 'modgen update \(module)' with "
                + "the options to change, which keeps your edits (or --force to generate it anew)"
        case .optionsForSeveralModules:
            "template options and --template apply to one module: name it instead of --all"
        case .conflicts(let paths):
            "\(paths.count == 1 ? "1 file has" : "\(paths.count) files have") conflicts, written between markers: "
                + WritingError.listed(paths) + "; resolve them and commit"
        case .drift(let modules, let markers):
            [
                modules.isEmpty
                    ? nil
                    : "\(modules.count == 1 ? "1 module differs" : "\(modules.count) modules differ") from an update "
                        + "to its template: \(WritingError.listed(modules)); run 'modgen update --all'",
                markers.isEmpty
                    ? nil
                    : "\(markers.count == 1 ? "1 file holds" : "\(markers.count) files hold") conflict markers: "
                        + "\(WritingError.listed(markers)); resolve them by hand and commit ('modgen update' does not)",
            ].compactMap { $0 }.joined(separator: "; ")
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .conflicts, .drift, .alreadyRecorded, .recordedWithOtherAnswers: .differences
        case .notRecorded: .noInput
        case .noProjectFolder, .optionsForSeveralModules: .usage
        }
    }
}
