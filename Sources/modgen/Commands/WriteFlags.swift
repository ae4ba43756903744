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
        "skip-existing",
        help: "Keep files that exist with other contents and write the others; exit 1 if any was kept, as the "
            + "module may then not be consistent.")
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
    static let noHooks = OptionSpec.flag(
        "no-hooks", help: "Do not run the config's after-generate hooks (\"after\") after writing.")

    static let options =
        [output, RootPlacements.option, force, skipExisting, dryRun, check, quiet, noHooks] + ColorOption.options

    /// `--output` as typed; `nil` lets the config's output, else the current folder, apply.
    var output: String?
    var policy: ConflictPolicy
    var mode: Mode
    var isQuiet: Bool
    var roots: RootPlacements
    var runsHooks: Bool
    var color: ColorOption

    /// Contradicting flags never get here: the spec declares them exclusive and the parser refuses them.
    init(_ parsed: ParsedArguments) throws {
        roots = try RootPlacements(parsed.values(RootPlacements.option))
        policy = parsed.isSet(Self.force) ? .overwrite : parsed.isSet(Self.skipExisting) ? .skip : .refuse
        mode = parsed.isSet(Self.check) ? .check : parsed.isSet(Self.dryRun) ? .dryRun : .write
        isQuiet = parsed.isSet(Self.quiet)
        runsHooks = !parsed.isSet(Self.noHooks)
        output = parsed.value(Self.output)
        color = ColorOption(parsed)
    }

    /// What is written: the files, and what the hooks are told about them.
    struct Target {
        var moduleName: String?
        var template: any ModuleTemplate
        /// The config's folder for these files: its `output`, or for support files its `supportOutput`.
        var configOutput: URL?
        /// A folder modgen owns (relative to the output folder), whose `WrittenFilesIndex` is among the files: the
        /// files its index on disk lists and the run no longer writes are removed.
        var ownedFolder: String? = nil
        /// What happens to the module's record (see `GenerationOptions.recording`).
        var record: RecordChange? = nil
        /// The Xcode project the files are added to, if any.
        var xcodeProject: ProjectMembership? = nil
    }

    /// The run's mode for these flags.
    var runMode: ModuleRun.Mode {
        switch mode {
        case .write: .apply
        case .dryRun: .dryRun
        case .check: .check
        }
    }

    /// Carries out `files` as one request of a `ModuleRun` and lists, checks or reports what it did, then runs the
    /// config's hooks if anything was written. Returns `.success`; conflicts and differences are thrown as
    /// `WritingError`s (exit 1), after the diffs or the dry-run listing are printed.
    ///
    /// The run locks the output folder from planning to the end of writing: a run that writes waits for any other
    /// run into the same folder (and then sees its files: the same module twice is "unchanged"), a dry run or a
    /// check never reads a folder while a run is half-way through writing it. Hooks run after the lock is released,
    /// so a hook may itself run modgen.
    func perform(
        _ files: [RenderedFile], for target: Target, session: GenerationSession, io: CommandIO
    ) throws -> ExitCode {
        let outputDirectory = outputDirectory(configOutput: target.configOutput, workingDirectory: io.workingDirectory)
        let style = color.style(for: io)
        let placement = FilePlacement(
            outputDirectory: outputDirectory,
            rootDirectories: roots.directories(config: session.config, workingDirectory: io.workingDirectory))
        let request = GeneratedFiles(
            moduleName: target.moduleName, files: files, placement: placement, policy: policy,
            ownedFolder: target.ownedFolder, record: target.record, project: target.xcodeProject)
        let run = ModuleRun(
            mode: runMode, session: session,
            records: ModuleRecording.records(
                session: session, workingDirectory: io.workingDirectory.url, shown: io.workingDirectory.shown),
            currentDirectory: io.workingDirectory.libraryPath, shown: io.workingDirectory.shown)
        let result = try run.carryOut([.generate(request)])
        let planned = result.requests[0]
        try list(result, io: io, style: style)
        if let report = planned.report, runsHooks {
            try AfterGenerateHooks(session: session, workingDirectory: io.workingDirectory).runIfWritten(
                .init(
                    moduleName: target.moduleName, templateID: target.template.id,
                    outputDirectory: outputDirectory, report: report, xcodeProject: target.xcodeProject?.absolutePath),
                io: io, style: style, quiet: isQuiet)
        }
        // The files were written as asked, but what was kept was generated for other options or edited since,
        // and the new files may need what it lacks: a zero exit would call the module consistent. Unless the
        // module is recorded with these very answers and template version: what differs is the developer's edits.
        let keptPaths = keptPaths(in: planned.plan)
        if case .unchanged = target.record {
        } else if !keptPaths.isEmpty {
            throw WritingError.keptDifferentFiles(paths: keptPaths, written: result.isApplied)
        }
        return .success
    }

    /// `--output` as typed, else the config's folder for these files shown relative to `workingDirectory`, else `.`.
    func outputDirectory(configOutput: URL?, workingDirectory: WorkingDirectory) -> String {
        output ?? configOutput.map(workingDirectory.shown) ?? "."
    }

    /// Prints what the run did or would do, as the mode says; throws the conflicts or differences it found.
    private func list(_ result: RunResult, io: CommandIO, style: TerminalStyle) throws {
        let plan = result.requests[0].plan
        if let generator = result.projects.first?.project.generator, let project = result.projects.first, !isQuiet {
            io.writeError(
                "modgen: warning: \(project.membership.path) is generated by \(generator): its next generation drops "
                    + "what modgen adds; add the files to the \(generator) spec instead\n")
        }
        let listing = PlanListing(
            outputDirectory: plan.outputDirectory, rootDirectories: plan.rootDirectories, style: style)
        // The project file is listed as it is shown, under no output folder.
        let editedEntries = result.projects.flatMap(\.plan.editedFiles).map {
            WriteEntry(action: $0.action, path: $0.path)
        }
        let editedListing = PlanListing(outputDirectory: ".", style: style)
        func projectLines(_ wording: ProjectListing.Wording) -> [String] {
            result.projects.flatMap {
                ProjectListing.lines(for: $0.edit, project: $0.membership.path, wording: wording)
            }
        }
        switch mode {
        case .check:
            let differences = plan.differences() + result.projects.flatMap { $0.plan.differences() }
            for difference in differences { io.writeOutput(style.paintDiff(difference.diff)) }
            say(projectLines(.missing), io: io)
            guard differences.isEmpty else {
                throw WritingError.differencesFound(
                    paths: differences.map { $0.isEditedFile ? $0.path : plan.display($0.path, root: $0.root) },
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
            say(
                listing.dryRunLines(plan.entries) + editedListing.dryRunLines(editedEntries)
                    + projectLines(.wouldAdd)
                    + [listing.dryRunSummary(plan.entries)], io: io)
            // A dry run answers "would it work?" with the exit code and message the real run would give.
            if !result.conflicts.isEmpty { throw WritingError.conflicts(paths: result.conflicts) }
        case .write:
            guard let report = result.requests[0].report else {
                // Every conflict is listed here, as a dry run would; the error lists only the first few.
                say(listing.lines(plan.entries.filter { $0.action == .conflict }), io: io)
                throw WritingError.conflicts(paths: result.conflicts)
            }
            say(listing.lines(report.entries) + editedListing.lines(editedEntries) + projectLines(.added), io: io)
        }
    }

    /// The files `--skip-existing` keeps: each exists with other contents than these options render.
    private func keptPaths(in plan: WritePlan) -> [String] {
        plan.entries.filter { $0.action == .skip }.map { plan.display($0.path, root: $0.root) }
    }

    private func say(_ lines: [String], io: CommandIO) {
        if !isQuiet, !lines.isEmpty { io.writeOutput(lines.joined(separator: "\n") + "\n") }
    }

    private func say(_ line: String, io: CommandIO) {
        say([line], io: io)
    }
}
