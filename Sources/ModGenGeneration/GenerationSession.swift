import ModGenCore
import ModGenGit
import ModGenTemplates

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything a command needs before it renders: the config file in force, the template catalog it implies, and the
/// rules for merging command-line values over config values. Commands stay thin by asking this type.
public struct GenerationSession: Sendable {
    public var config: ModGenConfig
    public var catalog: TemplateCatalog
    /// The repositories of templates this session used and the commits it took them at.
    public var gitTemplates: GitTemplates?

    /// The project's `modgen.lock` with the commits this session used, when the file does not already say so:
    /// the folder it goes in and the file. A run that writes (`ModuleRun` in `.apply`) writes it with the module.
    public var templateLockFile: (folder: URL, file: RenderedFile)? {
        guard let gitTemplates, let text = gitTemplates.changedLockText else { return nil }
        return (
            gitTemplates.lockFile.deletingLastPathComponent(),
            RenderedFile(path: gitTemplates.lockFile.lastPathComponent, contents: text)
        )
    }

    /// - Parameters:
    ///   - configFile: `--config`; when `nil`, the nearest `.modgen.json` from `workingDirectory` upwards, if any and
    ///     if it is the user's alone (`ModGenConfig.findTrusted(from:)`).
    ///   - workingDirectory: the folder the run is in; `nil` when it no longer exists, and then no config is found.
    ///   - templateDirectories: `--templates` folders; they take precedence over the config's.
    ///   - home: the user's home folder, where Generamba keeps the author's name; `nil`: not read.
    ///
    /// Without `--config`, a `Rambafile` found from `workingDirectory` upwards (a Generamba project) gives what the
    /// `.modgen.json` leaves unset (`ModGenConfig.filling(from:)`).
    ///   - gitTemplates: where templates from git are cached and how git runs (from the environment), and whether
    ///     the lock's commits are used or every repository's newest (`modgen update-templates`).
    ///
    /// Repositories the config or the Rambafile names are fetched (or found in the cache) here; the pins used are
    /// `gitTemplates`, and `templateLockFile` is what a run that writes puts in the project's `modgen.lock`.
    public init(
        configFile: URL?, workingDirectory: URL?, templateDirectories: [URL], home: URL? = nil,
        gitTemplates settings: GitTemplates.Settings = GitTemplates.Settings(environment: [:])
    ) throws {
        if let configFile {
            guard FileManager.default.fileExists(atPath: configFile.path) else {
                throw TemplateFileError(path: configFile.path, reason: "no such config file")
            }
        }
        let found = try configFile ?? workingDirectory.flatMap { try ModGenConfig.findTrusted(from: $0) }
        let rambafile =
            configFile == nil ? try workingDirectory.flatMap { try Rambafile.findTrusted(from: $0) } : nil
        // The lock lies beside the file the records are anchored at: the .modgen.json, else the Rambafile.
        let anchor = (found ?? rambafile)?.deletingLastPathComponent() ?? workingDirectory ?? URL(fileURLWithPath: "/")
        var git = GitTemplates(lockFile: anchor.appendingPathComponent(TemplateLock.fileName), settings: settings)
        config = try found.map { try ModGenConfig(contentsOf: $0, gitTemplates: &git) } ?? ModGenConfig()
        if let rambafile {
            config = config.filling(from: try Rambafile.config(contentsOf: rambafile, home: home, gitTemplates: &git))
        }
        gitTemplates = git
        try config.checkTemplateFolders()
        catalog = TemplateCatalog(
            userDirectories: templateDirectories + config.templateDirectories, workingDirectory: workingDirectory)
        if !config.optionDefaults.isEmpty {
            // Reading every manifest costs a little, so only a config with options pays it.
            // A catalog that cannot list its templates is reported when one of them is used, not here.
            if let summaries = try? catalog.summaries() {
                try config.checkOptionTemplateIDs(among: summaries.map(\.id))
            }
        }
    }

    /// A session that reads no config file, only the `--templates` folders: `modgen snapshot` renders with it
    /// unless `--config` is given, so a recorded snapshot does not depend on a `.modgen.json` that happens to lie
    /// in a folder above it (the golden tests render without one too). `workingDirectory` is where a template id
    /// that is a relative path is taken from.
    public init(ignoringConfigFiles templateDirectories: [URL], workingDirectory: URL? = nil) {
        config = ModGenConfig()
        catalog = TemplateCatalog(userDirectories: templateDirectories, workingDirectory: workingDirectory)
    }

    /// `--template`, else the config's template, else the catalog's default.
    public func templateID(explicit: String?) -> String {
        explicit ?? config.template ?? TemplateCatalog.defaultTemplateID
    }

    /// The template `--template` names, else the config's, else the catalog's default. An id the config names that
    /// no folder provides is the config's mistake: the error names the config file, line and column.
    public func template(explicit: String?) throws -> any ModuleTemplate {
        do {
            return try catalog.template(id: templateID(explicit: explicit))
        } catch let error as UnknownTemplateError where explicit == nil && config.template != nil {
            throw DataFileError(
                fileName: config.displayPath, position: config.templatePosition,
                reason: "\"template\": \(error.message)")
        }
    }

    /// Options from flags over the config's defaults over the template's, with the rules between options checked.
    ///
    /// A broken rule is blamed on what caused it. A rule the flags break over the template's defaults alone is the
    /// flags' fault (an `OptionError`); one that only the config's option defaults break is the config's, and the
    /// error (a `DataFileError`) names the config file, line and column instead of flags the user never typed.
    public func resolveOptions(
        for template: any ModuleTemplate, explicit: [String: OptionValue]
    ) throws -> OptionValues {
        let configDefaults = try config.optionDefaults(for: template)
        let values = try template.optionValues(explicit: explicit, configDefaults: configDefaults)
        let violations = template.constraintViolations(in: values)
        guard let first = violations.first else { return values }
        let flagsAlone = template.constraintViolations(in: try template.optionValues(explicit: explicit))
        if let flagsFault = violations.first(where: flagsAlone.contains) { throw OptionError.ruleBroken(flagsFault) }
        throw config.optionRuleError(first, template: template)
    }

    /// Header fields from the config; the date from `--date`, else the config, else `SOURCE_DATE_EPOCH`, else none.
    /// An empty `SOURCE_DATE_EPOCH` counts as unset, as the reproducible-builds convention says.
    public func header(date explicitDate: String?, environment: [String: String]) throws -> HeaderFields {
        var header = config.header
        if let explicitDate {
            header.date = try HeaderFields.validateDate(explicitDate)
        } else if header.date.isEmpty, let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            header.date = try HeaderFields.date(fromSourceDateEpoch: epoch)
        }
        return header
    }

    /// `--set key=value` pairs over the config's `set` values, for one template. A command-line key must be a
    /// parameter of the template or a header field; config keys the template does not declare
    /// are left out, since the config serves every template (see `ModGenConfig.settings(for:)`).
    public func settings(for template: any ModuleTemplate, arguments pairs: [String]) throws -> [String: String] {
        var settings = try config.settings(for: template)
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw OptionError.malformedSetting(pair)
            }
            let key = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if let parameter = template.parameter(named: key), parameter.isDefault(value) {
                settings[key] = nil
                continue
            }
            try template.checkSetting(key: key, value: value)
            settings[key] = value
        }
        return settings
    }

    /// The config's formats, and the folder a run writes into (`nil` for snapshots).
    public func environment(outputDirectory: String?) -> GenerationEnvironment {
        GenerationEnvironment(
            outputDirectory: outputDirectory, datePattern: config.datePattern,
            xcodeMacrosFile: config.xcodeMacrosFile?.path)
    }

    /// The renderer for a template, with the config's header partial.
    public func renderer(for template: any ModuleTemplate) -> any TemplateRendering {
        template.makeRenderer(headerPartial: config.headerPartial)
    }
}
