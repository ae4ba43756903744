import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `new` and `support` share once the template is known: its typed options, the header values, and how to
/// write. Like swift-argument-parser's `@OptionGroup`, one type read from the parsed arguments by both commands.
struct GenerationOptions {
    /// The options of the group, in help order; the template's own are added once it is known.
    static var options: [OptionSpec] {
        WriteFlags.options + XcodeProjectOptions.options + SessionOptions.options + HeaderOptions.options
    }

    var writing: WriteFlags
    var xcodeProject: XcodeProjectOptions
    var header: HeaderOptions
    var flags: TemplateFlags
    /// The template options typed, by option name.
    var templateOptions: [String: OptionValue]

    init(_ parsed: ParsedArguments, flags: TemplateFlags) throws {
        writing = try WriteFlags(parsed)
        xcodeProject = XcodeProjectOptions(parsed)
        header = HeaderOptions(parsed)
        self.flags = flags
        templateOptions = try flags.explicitValues(in: parsed)
    }

    var template: any ModuleTemplate { flags.template }

    /// A renderer for the template, with the session's header partial.
    func renderer() -> any TemplateRendering {
        flags.session.renderer(for: flags.template)
    }

    /// The options, `--set` values and header fields resolved for one render (`moduleName` nil for support files),
    /// SOURCE_DATE_EPOCH read from `io.environment`, and the output folder made absolute against
    /// `io.workingDirectory` (a relative one without a working folder is left out: writing refuses it with its own
    /// error).
    func request(moduleName: String?, io: CommandIO) throws -> GenerationRequest {
        var request = try flags.request(
            moduleName: moduleName, explicit: templateOptions, header: header, environment: io.environment)
        let output = writing.outputDirectory(
            configOutput: configOutput(moduleName: moduleName), workingDirectory: io.workingDirectory)
        request.environment = flags.session.environment(outputDirectory: try? io.workingDirectory.absolutePath(output))
        let configured = flags.session.config.xcodeProject
        request.environment.targets = xcodeProject.targets.isEmpty ? configured?.targets ?? [] : xcodeProject.targets
        request.environment.testTargets =
            xcodeProject.testTargets.isEmpty ? configured?.testTargets ?? [] : xcodeProject.testTargets
        if moduleName != nil {
            request.environment.targetModule = try xcodeProject.request(
                config: flags.session.config, workingDirectory: io.workingDirectory)?.targetModuleName(
                    currentDirectory: io.workingDirectory.libraryPath)
        }
        return request
    }

    /// The config's folder for a module (`output`), or with `nil` for support files (`supportOutput`, else `output`).
    private func configOutput(moduleName: String?) -> URL? {
        let config = flags.session.config
        return moduleName == nil ? config.supportOutput ?? config.output : config.output
    }

    /// Prints what the renders did without stopping (a macro left as written), one line each.
    func report(_ renderer: any TemplateRendering, io: CommandIO) {
        for warning in renderer.warnings { io.writeError("modgen: warning: \(PrintableText.escaped(warning))\n") }
    }

    /// Writes (or lists, or checks) `files` as the write flags say: the module `moduleName`, or with `nil` the
    /// support files, which go to the config's `supportOutput` when it has one.
    func write(
        _ files: [RenderedFile], moduleName: String?, io: CommandIO,
        record: RecordChange? = nil
    ) throws -> ExitCode {
        var target = WriteFlags.Target(
            moduleName: moduleName, template: template, configOutput: configOutput(moduleName: moduleName))
        target.record = record
        target.xcodeProject = try xcodeProject.request(
            config: flags.session.config, workingDirectory: io.workingDirectory)
        return try writing.perform(files, for: target, session: flags.session, io: io)
    }

    /// The record of a module `new` writes, with its template version's copy, beside the config (else in the
    /// current folder). Nothing to write for a dry run or a check, nor when the module's record already holds
    /// these answers; a record with other answers (and no `--force`) stops a run that would change the module:
    /// changing its answers is `update`'s work.
    func recording(moduleName: String, request: GenerationRequest, io: CommandIO) throws -> RecordChange? {
        guard
            let records = ModuleRecording.records(
                session: flags.session, workingDirectory: io.workingDirectory.url, shown: io.workingDirectory.shown)
        else { return nil }
        let output = writing.outputDirectory(
            configOutput: configOutput(moduleName: moduleName), workingDirectory: io.workingDirectory)
        let roots = writing.roots.directories(config: flags.session.config, workingDirectory: io.workingDirectory)
        let outputURL = try io.workingDirectory.url(forPath: output)
        let rootURLs = try roots.mapValues(io.workingDirectory.url(forPath:))
        if let outside = ModuleRecording.folderOutsideProject(
            outputDirectory: outputURL, rootDirectories: rootURLs, records: records)
        {
            if writing.mode == .write {
                io.writeError(
                    "modgen: warning: '\(moduleName)' is not recorded for 'modgen update': "
                        + "\(io.workingDirectory.shown(outside)) is outside \(io.workingDirectory.shown(records.projectFolder)), "
                        + "the folder that holds \(records.shownAs), and a record holds no absolute paths\n")
            }
            return nil
        }
        let recorded = try ModuleRecording.record(
            module: moduleName, template: template, request: request, records: records,
            outputDirectory: outputURL, rootDirectories: rootURLs)
        let existing = try records.record(module: moduleName)
        if let existing, existing.output != recorded.record.output {
            // Another module of the same name, in another folder: records are kept by name, so this one is generated
            // but not recorded, and the recorded one stays as it is.
            if writing.mode == .write {
                io.writeError(
                    "modgen: warning: '\(moduleName)' is not recorded for 'modgen update': the module of that name in "
                        + "'\(PrintableText.escaped(existing.output))' is (\(records.shownPath(module: moduleName)))\n")
            }
            return nil
        }
        if let existing, writing.policy != .overwrite {
            let new = recorded.record
            if existing.template != new.template || existing.options != new.options || existing.settings != new.settings
            {
                return .keepRefusingChanges(
                    refusal: UpdateError.recordedWithOtherAnswers(
                        module: moduleName, record: records.shownPath(module: moduleName)))
            }
            return existing.templateVersion == new.templateVersion ? .unchanged(existing) : nil
        }
        return .write(recorded.record, templateFiles: recorded.templateFiles)
    }
}
