import ModGenCore
import ModGenTemplates
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One module's update, planned: every file's outcome, the new record, and the write plan that carries them out.
public struct ModuleUpdate: Sendable {
    public var record: ModuleRecord
    public var files: [FileUpdate]
    /// The module's files (the run writes the record, `record`, with them).
    public var plan: WritePlan
    /// The copy of the template version the record names, relative to the `.modgen` folder: the run stores each
    /// version once, whatever number of modules use it.
    public var templateCopy: [RenderedFile]
    public var templateID: String
    /// The output folder as messages show it.
    public var outputDirectory: String
    /// The output folder and each named root's folder, absolute.
    public var outputFolder: URL
    public var rootFolders: [String: URL]

    /// Files the update adds and removes: where a project file (an Xcode project) gets its references changed.
    public var createdFiles: [FileUpdate] { files.filter { $0.outcome == .created } }
    public var removedFiles: [FileUpdate] { files.filter { $0.outcome == .removed } }
    public var conflicts: [FileUpdate] { files.filter { $0.outcome == .conflict } }

    /// Where a file of the module is on disk (absolute).
    public func location(of file: FileUpdate) -> URL {
        (file.root.flatMap { rootFolders[$0] } ?? outputFolder).appendingPathComponent(file.path)
    }

    /// A file's path as messages show it, under its root's folder or the output folder.
    public func display(_ file: FileUpdate) -> String { plan.display(file.path, root: file.root) }
}

/// What the command line changes in an update: option flags, `--set` pairs and `--date`, over the record's.
public struct ModuleAnswerChanges: Sendable {
    public var options: [String: OptionValue]
    public var settings: [String]
    public var date: String?

    public init(options: [String: OptionValue] = [:], settings: [String] = [], date: String? = nil) {
        self.options = options
        self.settings = settings
        self.date = date
    }
}

/// `modgen update`'s work for one module: base (the recorded template version with the recorded answers), theirs
/// (the current template with the new answers) and yours (the disk), merged file by file (`ModuleFileMerge`).
public struct ModuleUpdater {
    /// What one run reads once however many modules it updates: each recorded version checked and loaded, each
    /// current template's files hashed, each template's renderer (which keeps its parsed files).
    private final class Cache {
        var recorded: [String: (template: any ModuleTemplate, renderer: any TemplateRendering)] = [:]
        var current: [String: (files: [RenderedFile], version: String, renderer: any TemplateRendering)] = [:]
        var templates: [String: any ModuleTemplate] = [:]
    }

    private let cache = Cache()
    public var session: GenerationSession
    public var records: ModuleRecords
    /// The folder relative paths are taken from.
    public var currentDirectory: String
    /// How messages show a folder (relative to the current folder when below it).
    public var shown: @Sendable (URL) -> String

    public init(
        session: GenerationSession, records: ModuleRecords, currentDirectory: String,
        shown: @escaping @Sendable (URL) -> String
    ) {
        self.session = session
        self.records = records
        self.currentDirectory = currentDirectory
        self.shown = shown
    }

    /// The template a record names, as the catalog has it now, else as the folder the record names has it.
    public func currentTemplate(of record: ModuleRecord) throws -> any ModuleTemplate {
        if let loaded = cache.templates[record.template] { return loaded }
        let template: any ModuleTemplate
        do {
            template = try session.catalog.template(id: record.template)
        } catch let error as UnknownTemplateError {
            // Generated with `--templates` that this run was not given: the folder the record names.
            do {
                guard let folder = record.templateFolder else { throw error }
                template = try TemplateCatalog(userDirectories: [ModuleRecording.folder(folder, records: records)])
                    .template(id: record.template)
            } catch let error as UnknownTemplateError {
                // The record names it: the record is what to fix (or the --templates folder to give).
                throw records.error(module: record.module, at: "template", error.message)
            }
        }
        cache.templates[record.template] = template
        return template
    }

    /// Plans the update of `record`'s module to `template` with `changes`; reads the disk, writes nothing.
    public func update(
        _ record: ModuleRecord, to template: any ModuleTemplate, changes: ModuleAnswerChanges
    ) throws -> ModuleUpdate {
        let old = try recordedTemplate(of: record)
        let new = try current(template)
        let output = ModuleRecording.folder(record.output, records: records)
        let roots = record.roots.mapValues { ModuleRecording.folder($0, records: records) }
        let environment = session.environment(outputDirectory: output.path)
        let oldRequest = try ModuleRecording.recordedRequest(
            record, template: old.template, records: records, environment: environment)
        let newRequest = try request(for: record, template: template, changes: changes, environment: environment)
        let base = try old.renderer.renderModule(oldRequest)
        let theirs = try new.renderer.renderModule(newRequest)

        func location(_ file: RenderedFile) -> URL {
            (file.root.flatMap { roots[$0] } ?? output).appendingPathComponent(file.path)
        }
        func readYours(_ file: RenderedFile) throws -> [UInt8]? {
            let url = location(file)
            guard FileStatus.isDirectory(atPath: url.path) != nil else { return nil }
            // How the path shows is worked out for a file that cannot be read only: it is the run's most frequent
            // displayed path otherwise.
            do { return try TextFile.readBytes(atPath: url.path) } catch { throw error.shown(as: shown(url)) }
        }
        // A module none of whose files is where the record says was moved, not deleted file by file.
        if !base.isEmpty, try (base + theirs).allSatisfy({ try readYours($0) == nil }) {
            throw records.error(module: record.module, at: "output", movedModuleAdvice(record, files: base))
        }
        let files = try ModuleFileMerge.plan(
            base: base, theirs: theirs, readYours: readYours,
            yoursLabel: { "\(RenderedPath.display($0.path, under: shown(output))) (yours)" },
            theirsLabel: "\(template.id) (template)")

        var newRecord = ModuleRecording.record(
            module: record.module, template: template, version: new.version, request: newRequest, records: records,
            outputDirectory: output, rootDirectories: roots)
        newRecord.project = record.project
        let writes = files.compactMap { file in
            file.bytes.map { RenderedFile(path: file.path, bytes: $0, root: file.root) }
        }
        let removals = files.filter { $0.outcome == .removed }.map {
            RenderedFile(path: $0.path, bytes: [], root: $0.root)
        }
        let plan = try plan(writes, removing: removals, output: output, roots: roots)
        return ModuleUpdate(
            record: newRecord, files: files, plan: plan,
            templateCopy: ModuleRecords.templateCopy(version: new.version, templateFiles: new.files),
            templateID: template.id, outputDirectory: shown(output), outputFolder: output, rootFolders: roots)
    }

    /// The recorded template version of `record`, checked and loaded once per run, with its renderer.
    func recordedTemplate(of record: ModuleRecord) throws -> (
        template: any ModuleTemplate, renderer: any TemplateRendering
    ) {
        if let loaded = cache.recorded[record.templateVersion] { return loaded }
        let template = try RecordedTemplates.template(in: try records.checkedTemplateFolder(for: record))
        let loaded = (template, session.renderer(for: template))
        cache.recorded[record.templateVersion] = loaded
        return loaded
    }

    /// The current template's files, version and renderer, once per run.
    func current(_ template: any ModuleTemplate) throws -> (
        files: [RenderedFile], version: String, renderer: any TemplateRendering
    ) {
        if let loaded = cache.current[template.definitionPath] { return loaded }
        let files = try RecordedTemplates.files(of: template)
        let loaded = (files, ModuleRecording.version(of: template, files: files), session.renderer(for: template))
        cache.current[template.definitionPath] = loaded
        return loaded
    }

    func plan(_ files: [RenderedFile], removing: [RenderedFile], output: URL, roots: [String: URL]) throws
        -> WritePlan
    {
        try WritePlan(
            files: files, removing: removing, outputDirectory: shown(output), rootDirectories: roots.mapValues(shown),
            policy: .overwrite, currentDirectory: currentDirectory)
    }

    /// The answers of the new render: the record's, with the typed flags, `--set` values and `--date` over them.
    /// Options the template added since take the config's default, else their own.
    func request(
        for record: ModuleRecord, template: any ModuleTemplate, changes: ModuleAnswerChanges,
        environment: GenerationEnvironment
    ) throws -> GenerationRequest {
        let recordedOptions = try ModuleRecording.recordedOptions(
            record, for: template, records: records, droppedOptions: .ignored)
        // The recorded answers alone first: a rule they break is the record's mistake, not flags nobody typed.
        do {
            _ = try session.resolveOptions(for: template, explicit: recordedOptions)
        } catch let error as OptionError where changes.options.isEmpty {
            throw records.error(
                module: record.module, at: "options", error.message(.template))
        } catch is OptionError {
            // Typed flags may be what makes the answers valid again (`--interactor` for a recorded `formatter`).
        }
        let options = try session.resolveOptions(
            for: template, explicit: recordedOptions.merging(changes.options) { _, typed in typed })
        // Recorded values the template no longer reads are dropped; typed ones are checked as `new` checks them.
        var settings = record.settings.filter { (try? template.checkSetting(key: $0.key, value: $0.value)) != nil }
        let typed = try GenerationSession(ignoringConfigFiles: []).settings(for: template, arguments: changes.settings)
        settings.merge(typed) { _, typed in typed }
        var header = ModuleRecording.header(of: record)
        if let date = changes.date { header.date = try HeaderFields.validateDate(date) }
        var request = GenerationRequest(
            moduleName: record.module, options: options, settings: settings, header: header)
        request.environment = environment
        return request
    }
}
