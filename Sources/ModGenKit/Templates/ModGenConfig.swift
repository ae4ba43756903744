import Foundation

/// The project's `.modgen.json`: defaults a team shares so that `modgen new Home` needs no flags. Flags given on
/// the command line always win over it.
///
/// ```json
/// {
///   "template": "viper",
///   "output": "Sources/Modules",
///   "templates": ["Tools/Templates"],
///   "options": { "viper": { "rx": true, "interface": "storyboard" } },
///   "header": { "project": "Shop", "author": "", "company": "Acme", "partial": "Tools/header.mustache" },
///   "date": "2026-01-31",
///   "set": { "builderContext": "Void" }
/// }
/// ```
/// Paths are relative to the folder that holds the config file.
public struct ModGenConfig: Sendable {
    public static let fileName = ".modgen.json"

    /// The config file, or `nil` for "no config".
    public var file: URL?
    public var template: String?
    public var output: URL?
    public var templateDirectories: [URL] = []
    /// Option defaults by template id and option name, as written (`true`, `"storyboard"`).
    public var optionDefaults: [String: [(name: String, value: JSONValue, position: SourcePosition)]] = [:]
    public var header = HeaderFields()
    /// The text of the file named by `header.partial`.
    public var headerPartial: String?
    public var settings: [String: String] = [:]

    public init() {}

    /// The nearest `.modgen.json` in `directory` or one of its parents.
    public static func find(from directory: URL) -> URL? {
        var current = directory.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Reads a config file; errors name the file, line and column.
    public init(contentsOf url: URL) throws {
        let text = try TextFile.readText(atPath: url.path)
        let fields = JSONFields(document: try JSONDocument(parsing: text, fileName: url.path))
        try fields.checkKeys("", allowed: ["template", "output", "templates", "options", "header", "date", "set"])
        let base = url.deletingLastPathComponent()
        file = url
        template = try fields.optionalString("template")
        output = try fields.optionalString("output").map { base.appendingPathComponent($0) }
        templateDirectories = try fields.strings("templates").map { base.appendingPathComponent($0) }
        try fields.checkKeys("header", allowed: ["project", "author", "company", "partial"])
        header.project = try fields.string("header.project", default: "")
        header.author = try fields.string("header.author", default: "")
        header.company = try fields.string("header.company", default: "")
        if let date = try fields.optionalString("date") {
            do {
                header.date = try HeaderFields.validateDate(date)
            } catch {
                throw fields.error(at: "date", error.message)
            }
        }
        if let partial = try fields.optionalString("header.partial") {
            let partialURL = base.appendingPathComponent(partial)
            do {
                headerPartial = try TextFile.readText(atPath: partialURL.path)
            } catch let error as FileReadError {
                throw fields.error(at: "header.partial", "header partial: \(error.message)")
            }
        }
        for (key, value) in fields.value(at: "set")?.objectValue ?? [] {
            guard let text = value.stringValue else {
                throw fields.error(at: "set.\(key)", "\"\(key)\" must be a string")
            }
            settings[key] = text
        }
        if let templates = fields.value(at: "options") {
            guard let byTemplate = templates.objectValue else {
                throw fields.error(at: "options", "\"options\" must be an object of template ids")
            }
            for (id, values) in byTemplate {
                guard let members = values.objectValue else {
                    throw fields.error(at: "options.\(id)", "\"\(id)\" must be an object of option values")
                }
                optionDefaults[id] = members.map {
                    ($0.key, $0.value, fields.document.position(of: "options.\(id).\($0.key)"))
                }
            }
        }
    }

    /// The config's option defaults for a template, checked against its manifest.
    public func optionDefaults(for manifest: TemplateManifest) throws(DataFileError) -> [String: OptionValue] {
        var result: [String: OptionValue] = [:]
        for entry in optionDefaults[manifest.id] ?? [] {
            let fileName = file?.path ?? Self.fileName
            guard let option = manifest.option(named: entry.name) else {
                throw DataFileError(
                    fileName: fileName, position: entry.position,
                    reason: "template '\(manifest.id)' has no option '\(entry.name)'")
            }
            let text: String
            switch entry.value {
            case .bool(let value): text = value ? "true" : "false"
            case .string(let value): text = value
            default:
                throw DataFileError(
                    fileName: fileName, position: entry.position,
                    reason: "option '\(entry.name)' must be \(option.kindDescription), found \(entry.value.kindName)")
            }
            do {
                result[option.name] = try option.value(fromText: text)
            } catch {
                throw DataFileError(fileName: fileName, position: entry.position, reason: error.message)
            }
        }
        return result
    }
}
