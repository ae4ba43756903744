import ModGenCore
import ModGenTemplates
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Between a render's answers and a module's record: what `new` records, and the requests `update` renders with.
public enum ModuleRecording {
    /// The project's `.modgen` folder: beside the config in force, else in `workingDirectory`; `nil` when neither
    /// is known (the working folder was deleted). `shown` turns a folder into the path messages show.
    public static func records(
        session: GenerationSession, workingDirectory: URL?, shown: (URL) -> String
    ) -> ModuleRecords? {
        guard let project = session.config.file?.deletingLastPathComponent() ?? workingDirectory else { return nil }
        let folder = project.appendingPathComponent(ModuleRecords.folderName).standardizedFileURL
        return ModuleRecords(folder: folder, shownAs: shown(folder))
    }

    /// The record of a module rendered from `template` with `request`, its files written to `outputDirectory` and
    /// its named roots to `rootDirectories` (absolute folders), and the template version's files to store with it.
    public static func record(
        module: String, template: any ModuleTemplate, request: GenerationRequest, records: ModuleRecords,
        outputDirectory: URL, rootDirectories: [String: URL]
    ) throws -> (record: ModuleRecord, templateFiles: [RenderedFile]) {
        let templateFiles = try RecordedTemplates.files(of: template)
        let record = record(
            module: module, template: template, version: version(of: template, files: templateFiles),
            request: request, records: records, outputDirectory: outputDirectory, rootDirectories: rootDirectories)
        return (record, templateFiles)
    }

    /// The version of `template`, whose recorded files are `files`: a built-in template's was computed when it was
    /// embedded, any other's is the hash of its files.
    static func version(of template: any ModuleTemplate, files: [RenderedFile]) -> String {
        RecordedTemplates.embeddedVersion(of: template) ?? ModuleRecords.templateVersion(of: files)
    }

    /// The record of a module rendered from `template`, whose files hash to `version`.
    static func record(
        module: String, template: any ModuleTemplate, version: String, request: GenerationRequest,
        records: ModuleRecords, outputDirectory: URL, rootDirectories: [String: URL]
    ) -> ModuleRecord {
        var options: [String: JSONValue] = [:]
        for (name, value) in request.options.values {
            switch value {
            case .flag(let on): options[name] = .bool(on)
            case .choice(let text), .text(let text): options[name] = .string(text)
            }
        }
        let header = request.header
        return ModuleRecord(
            module: module, template: template.id, templateVersion: version, options: options,
            settings: request.settings,
            header: [
                "project": header.project, "author": header.author, "company": header.company, "date": header.date,
            ],
            output: relativePath(of: outputDirectory, in: records.projectFolder),
            roots: rootDirectories.mapValues { relativePath(of: $0, in: records.projectFolder) },
            // A template outside the project is found by its id alone: a record holds no machine's paths.
            templateFolder: userFolder(of: template).flatMap {
                isInside($0, records.projectFolder) ? relativePath(of: $0, in: records.projectFolder) : nil
            })
    }

    /// The first of a module's folders (output, then roots by name) outside the folder that holds `.modgen`: a
    /// record the team commits holds no machine's paths, so such a module is not recorded.
    public static func folderOutsideProject(
        outputDirectory: URL, rootDirectories: [String: URL], records: ModuleRecords
    ) -> URL? {
        let folders = [outputDirectory] + rootDirectories.sorted { $0.key < $1.key }.map(\.value)
        return folders.first { !isInside($0, records.projectFolder) }
    }

    /// Whether `folder` is `project` or inside it (as written, `..` resolved).
    package static func isInside(_ folder: URL, _ project: URL) -> Bool {
        let folderPath = folder.standardizedFileURL.path
        let projectPath = project.standardizedFileURL.path
        let prefix = projectPath.hasSuffix("/") ? projectPath : projectPath + "/"
        return folderPath == projectPath || folderPath.hasPrefix(prefix)
    }

    /// The folder a user template comes from; `nil` for a built-in one.
    private static func userFolder(of template: any ModuleTemplate) -> URL? {
        if case .directory(let folder) = template.source { return folder }
        return nil
    }

    /// `folder` relative to `project` when it is inside it (`.` for the project itself), else its absolute path.
    package static func relativePath(of folder: URL, in project: URL) -> String {
        let folderPath = folder.standardizedFileURL.path
        let projectPath = project.standardizedFileURL.path
        if folderPath == projectPath { return "." }
        let prefix = projectPath.hasSuffix("/") ? projectPath : projectPath + "/"
        return folderPath.hasPrefix(prefix) ? String(folderPath.dropFirst(prefix.count)) : folderPath
    }

    /// A recorded folder as an absolute URL.
    public static func folder(_ recorded: String, records: ModuleRecords) -> URL {
        recorded.hasPrefix("/")
            ? URL(fileURLWithPath: recorded)
            : records.projectFolder.appendingPathComponent(recorded).standardizedFileURL
    }

    /// What to do with a recorded option the template does not have: the recorded version must have every one (a
    /// name it lacks was written by hand); the current template may have dropped one since.
    public enum DroppedOptions: Sendable {
        case refused, ignored
    }

    /// The recorded option values that `template` still has, as values typed for it: an update renders with them
    /// unless a flag says otherwise. A recorded value the template cannot take is an error naming the record.
    public static func recordedOptions(
        _ record: ModuleRecord, for template: any ModuleTemplate, records: ModuleRecords,
        droppedOptions: DroppedOptions = .refused
    ) throws -> [String: OptionValue] {
        var values: [String: OptionValue] = [:]
        for (name, recorded) in record.options.sorted(by: { $0.key < $1.key }) {
            guard let option = template.option(named: name) else {
                if droppedOptions == .ignored { continue }
                throw records.error(
                    module: record.module, at: "options.\(name)",
                    "template \(template.id) (the recorded version) has no option '\(name)'")
            }
            do {
                switch (option.kind, recorded) {
                case (.flag, .bool(let on)): values[name] = .flag(on)
                case (.flag, _): throw OptionError("it is a flag: expected true or false")
                case (_, .string(let text)): values[name] = try option.value(fromText: text)
                default: throw OptionError("expected a string")
                }
            } catch let error as OptionError {
                throw records.error(
                    module: record.module, at: "options.\(name)",
                    "option '\(name)' of \(template.id) cannot be \(recordedText(recorded)): \(error.message)")
            }
        }
        return values
    }

    private static func recordedText(_ value: JSONValue) -> String {
        switch value {
        case .bool(let on): on ? "true" : "false"
        case .string(let text): "'\(text)'"
        default: value.kindName
        }
    }

    /// What the module was rendered with, for the recorded template `template`: the base of an update.
    public static func recordedRequest(
        _ record: ModuleRecord, template: any ModuleTemplate, records: ModuleRecords,
        environment: GenerationEnvironment
    ) throws -> GenerationRequest {
        let explicit = try recordedOptions(record, for: template, records: records)
        let options: OptionValues
        do {
            options = try template.optionValues(explicit: explicit)
        } catch {
            throw records.error(module: record.module, at: "options", error.message)
        }
        var request = GenerationRequest(
            moduleName: record.module, options: options, settings: record.settings, header: header(of: record))
        request.environment = environment
        return request
    }

    /// The recorded header fields.
    public static func header(of record: ModuleRecord) -> HeaderFields {
        HeaderFields(
            project: record.header["project"] ?? "", author: record.header["author"] ?? "",
            company: record.header["company"] ?? "", date: record.header["date"] ?? "")
    }
}
