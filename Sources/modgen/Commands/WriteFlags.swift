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
        /// The module's record and template copy, written with the files and not listed.
        var recording: ModuleRecordWrite? = nil
        /// The Xcode project the files are added to, if any.
        var xcodeProject: XcodeProjectRequest? = nil
    }

    /// What `new` writes about the module it generates (see `GenerationOptions.recording`).
    struct ModuleRecordWrite {
        /// The record and the template version's copy, files of the root `ModuleRecords.rootName`; empty when the
        /// record stays as it is.
        var files: [RenderedFile]
        /// The `.modgen` folder.
        var folder: String
        /// The module is recorded with other answers: the error for a run that would change any of its files.
        var otherAnswers: UpdateError?
    }

    /// Plans `files` and checks, lists or writes them, then runs the config's hooks if anything was written.
    /// Returns `.success`; conflicts and differences are thrown as `WritingError`s (exit 1), after the diffs or
    /// the dry-run listing are printed.
    ///
    /// The output folder is locked from planning to the end of writing: a run that writes waits for any other run
    /// into the same folder (and then sees its files: the same module twice is "unchanged"), a dry run or a check
    /// never reads a folder while a run is half-way through writing it. A named root's folder is locked with it. Hooks run after the lock is released, so
    /// a hook may itself run modgen.
    func perform(
        _ files: [RenderedFile], for target: Target, session: GenerationSession, io: CommandIO
    ) throws -> ExitCode {
        let outputDirectory = outputDirectory(configOutput: target.configOutput, workingDirectory: io.workingDirectory)
        let style = color.style(for: io)
        let access: OutputFolderLock.Access = mode == .write ? .exclusive : .shared
        var rootDirectories = roots.directories(config: session.config, workingDirectory: io.workingDirectory)
        // Refused before any folder is locked (and so made): the user has to say where the root goes first.
        try WritePlan.checkRootsPlaced(files, rootDirectories: rootDirectories)
        var files = files
        if let recording = target.recording {
            files += recording.files
            rootDirectories[ModuleRecords.rootName] = recording.folder
        }
        var directories = Set(files.map(\.root)).map { $0.flatMap { rootDirectories[$0] } ?? outputDirectory }
        if let project = target.xcodeProject {
            try project.checkExists()
            directories.append(project.path)
        }
        let outcome = try OutputFolderLock.withLocks(access, on: directories, in: io.workingDirectory.libraryPath) {
            // Read under the lock: the index is what the last run into the folder wrote.
            let staleFiles = try target.ownedFolder.map {
                try WrittenFilesIndex.staleFiles(
                    in: $0, files: files, outputDirectory: outputDirectory,
                    currentDirectory: io.workingDirectory.libraryPath)
            }
            return try performLocked(
                files, into: outputDirectory, rootDirectories: rootDirectories, staleFiles: staleFiles ?? [],
                recording: target.recording, project: target.xcodeProject, io: io, style: style)
        }
        if var report = outcome.report, runsHooks {
            // The record is modgen's bookkeeping: hooks hear of the module's files and roots only.
            report.entries.removeAll { $0.root == ModuleRecords.rootName }
            report.rootDirectories[ModuleRecords.rootName] = nil
            try AfterGenerateHooks(session: session, workingDirectory: io.workingDirectory).runIfWritten(
                .init(
                    moduleName: target.moduleName, templateID: target.template.id,
                    outputDirectory: outputDirectory, report: report, xcodeProject: target.xcodeProject?.absolutePath),
                io: io, style: style, quiet: isQuiet)
        }
        // The files were written as asked, but what was kept was generated for other options or edited since,
        // and the new files may need what it lacks: a zero exit would call the module consistent.
        if !outcome.keptPaths.isEmpty {
            throw WritingError.keptDifferentFiles(paths: outcome.keptPaths, written: outcome.report != nil)
        }
        return .success
    }

    /// What a locked run did: the report of what it wrote (`nil` for a dry run or a check), and the paths of the
    /// files `--skip-existing` kept although they differ from what was rendered, as shown in its listing.
    private struct Outcome {
        var report: WriteReport?
        var keptPaths: [String] = []
    }

    /// `--output` as typed, else the config's folder for these files shown relative to `workingDirectory`, else `.`.
    func outputDirectory(configOutput: URL?, workingDirectory: WorkingDirectory) -> String {
        output ?? configOutput.map(workingDirectory.shown) ?? "."
    }

    /// `outputDirectory` is the output folder as paths are shown under it, relative to `io.workingDirectory`:
    /// `--output` as typed, else the config's, else `.`.
    private func performLocked(
        _ files: [RenderedFile], into outputDirectory: String, rootDirectories: [String: String],
        staleFiles: [String], recording: ModuleRecordWrite?, project: XcodeProjectRequest?, io: CommandIO,
        style: TerminalStyle
    ) throws -> Outcome {
        var plan = try WritePlan(
            files: files, outputDirectory: outputDirectory, rootDirectories: rootDirectories, policy: policy,
            staleFiles: staleFiles, currentDirectory: io.workingDirectory.libraryPath)
        // A recorded module generated again with other answers is `update`'s work, unless nothing would change.
        if let otherAnswers = recording?.otherAnswers,
            plan.entries.contains(where: { $0.root != ModuleRecords.rootName && $0.action != .unchanged })
        {
            throw otherAnswers
        }
        let projectEdit = try project?.addEdit(to: &plan, currentDirectory: io.workingDirectory.libraryPath)
        if let generator = projectEdit?.0.generator, let project, !isQuiet {
            io.writeError(
                "modgen: warning: \(project.path) is generated by \(generator): its next generation drops what modgen "
                    + "adds; add the files to the \(generator) spec instead\n")
        }
        let listing = PlanListing(outputDirectory: outputDirectory, rootDirectories: rootDirectories, style: style)
        // The project file is listed as it is shown, under no output folder.
        let editedEntries = plan.editedFiles.map { WriteEntry(action: $0.action, path: $0.path) }
        let editedListing = PlanListing(outputDirectory: ".", style: style)
        func projectLines(_ wording: XcodeProjectRequest.Wording) -> [String] {
            guard let project, let edit = projectEdit?.1 else { return [] }
            return XcodeProjectRequest.lines(for: edit, project: project.path, wording: wording)
        }
        switch mode {
        case .check:
            let differences = plan.differences()
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
            return Outcome()
        case .dryRun:
            say(
                listing.dryRunLines(plan.entries) + editedListing.dryRunLines(editedEntries)
                    + projectLines(.wouldAdd)
                    + [listing.dryRunSummary(plan.entries)], io: io)
            // A dry run answers "would it work?" with the exit code and message the real run would give.
            let conflicting = plan.entries.filter { $0.action == .conflict }
            if !conflicting.isEmpty {
                throw WritingError.conflicts(paths: conflicting.map { plan.display($0.path, root: $0.root) })
            }
            return Outcome(keptPaths: keptPaths(in: plan))
        case .write:
            // The error lists only the first few conflicts; every one of them is listed here, as a dry run would.
            say(listing.lines(plan.entries.filter { $0.action == .conflict }), io: io)
            let report = try plan.apply()
            say(
                listing.lines(report.entries.filter { $0.root != ModuleRecords.rootName })
                    + editedListing.lines(editedEntries) + projectLines(.added), io: io)
            return Outcome(report: report, keptPaths: keptPaths(in: plan))
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
