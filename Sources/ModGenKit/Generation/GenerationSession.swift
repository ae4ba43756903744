import Foundation

/// Everything a command needs before it renders: the config file in force, the template catalog it implies, and the
/// rules for merging command-line values over config values. Commands stay thin by asking this type.
public struct GenerationSession: Sendable {
    public var config: ModGenConfig
    public var catalog: TemplateCatalog

    /// - Parameters:
    ///   - configFile: `--config`; when `nil`, the nearest `.modgen.json` from `workingDirectory` upwards, if any.
    ///   - templateDirectories: `--templates` folders; they take precedence over the config's.
    public init(configFile: URL?, workingDirectory: URL, templateDirectories: [URL]) throws {
        if let configFile {
            guard FileManager.default.fileExists(atPath: configFile.path) else {
                throw TemplateFileError(path: configFile.path, reason: "no such config file")
            }
            config = try ModGenConfig(contentsOf: configFile)
        } else if let found = ModGenConfig.find(from: workingDirectory) {
            config = try ModGenConfig(contentsOf: found)
        } else {
            config = ModGenConfig()
        }
        catalog = TemplateCatalog(userDirectories: templateDirectories + config.templateDirectories)
    }

    /// A session that reads no config file, only the `--templates` folders: `modgen snapshot` renders with it
    /// unless `--config` is given, so a recorded snapshot does not depend on a `.modgen.json` that happens to lie
    /// in a folder above it (the golden tests render without one too).
    public init(ignoringConfigFiles templateDirectories: [URL]) {
        config = ModGenConfig()
        catalog = TemplateCatalog(userDirectories: templateDirectories)
    }

    /// `--template`, else the config's template, else `viper`.
    public func templateID(explicit: String?) -> String {
        explicit ?? config.template ?? "viper"
    }

    /// Options from flags over the config's defaults over the manifest's.
    public func resolveOptions(for template: Template, explicit: [String: OptionValue]) throws -> OptionValues {
        try template.manifest.resolveOptions(
            explicit: explicit, configDefaults: try config.optionDefaults(for: template.manifest))
    }

    /// Header fields from the config; the date from `--date`, else the config, else `SOURCE_DATE_EPOCH`, else none.
    public func header(date explicitDate: String?, environment: [String: String]) throws -> HeaderFields {
        var header = config.header
        if let explicitDate {
            header.date = try HeaderFields.validateDate(explicitDate)
        } else if header.date.isEmpty, let epoch = environment["SOURCE_DATE_EPOCH"] {
            header.date = try HeaderFields.date(fromSourceDateEpoch: epoch)
        }
        return header
    }

    /// `--set key=value` pairs over the config's `set` values.
    public func settings(fromArguments pairs: [String]) throws(OptionError) -> [String: String] {
        var settings = config.settings
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw OptionError("--set expects key=value, got '\(pair)'")
            }
            settings[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return settings
    }

    /// The renderer for a template, with the config's header partial.
    public func renderer(for template: Template) -> TemplateRenderer {
        TemplateRenderer(template: template, headerPartial: config.headerPartial)
    }
}
