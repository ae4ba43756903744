import ModGenKit

/// `list --json` and `describe --json`: the catalog and a manifest as JSON for scripts and editors, in the layout
/// docs/JSON_OUTPUT.md documents. Keys come in that documented order, every key is always present (`null` where
/// a value does not apply), and paths are absolute: the output is the same from any folder of the project.
enum TemplateJSON {
    /// `--json`, for the commands that print a catalog or a manifest.
    static let option = OptionSpec.flag("json", help: "Print JSON (see docs/JSON_OUTPUT.md) instead of text.")

    /// The format's version: a change that removes or renames a key raises it; added keys do not.
    static let formatVersion = 1

    static func list(_ summaries: [TemplateSummary], builtInIDs: Set<String>) -> JSONValue {
        let templates = summaries.map { summary -> JSONValue in
            .object([
                ("id", .string(summary.id)),
                ("summary", .string(summary.summary)),
                ("category", category(summary.category)),
                ("source", source(summary.source)),
                ("replacesBuiltIn", .bool(isFolder(summary.source) && builtInIDs.contains(summary.id))),
            ])
        }
        return .object([("formatVersion", .integer(formatVersion)), ("templates", .array(templates))])
    }

    static func describe(_ template: any ModuleTemplate, flags: [OptionSpec]) -> JSONValue {
        .object([
            ("formatVersion", .integer(formatVersion)),
            ("id", .string(template.id)),
            ("summary", .string(template.summary)),
            ("category", category(template.category)),
            ("source", source(template.source)),
            ("sampleName", .string(template.sampleName)),
            ("options", .array(zip(template.options, flags).map(option))),
            ("parameters", .array(template.parameters.map(parameter))),
            ("roots", .array(template.roots.map(JSONValue.string))),
            ("files", .array(template.files.map(file))),
            ("supportFiles", .array(template.supportFiles.map(file))),
        ])
    }

    /// The folder a template format groups its templates in, or `null`.
    private static func category(_ category: String?) -> JSONValue {
        category.map(JSONValue.string) ?? .null
    }

    private static func isFolder(_ source: TemplateSource) -> Bool {
        if case .directory = source { return true }
        return false
    }

    /// `{"kind": "builtIn", "path": null}` or `{"kind": "folder", "path": "/…/Templates/screen"}`.
    private static func source(_ source: TemplateSource) -> JSONValue {
        switch source {
        case .builtIn: .object([("kind", .string("builtIn")), ("path", .null)])
        case .directory(let folder), .recorded(let folder):
            .object([("kind", .string("folder")), ("path", .string(folder.standardizedFileURL.path))])
        }
    }

    private static func option(_ option: TemplateOption, flag: OptionSpec) -> JSONValue {
        let (kind, defaultValue, values, sample): (String, JSONValue, JSONValue, JSONValue) =
            switch option.kind {
            case .flag(let on): ("flag", .bool(on), .null, .null)
            case .choice(let values, let value): ("choice", .string(value), .array(values.map(JSONValue.string)), .null)
            case .text(let value, let sample): ("text", .string(value), .null, sample.map(JSONValue.string) ?? .null)
            }
        return .object([
            ("name", .string(option.name)),
            ("flags", .array(flag.spelledNames.map(JSONValue.string))),
            ("kind", .string(kind)),
            ("default", defaultValue),
            ("values", values),
            ("snapshotSample", sample),
            ("help", .string(option.help)),
            ("requires", .array(option.requires.map(constraint))),
            ("conflicts", .array(option.conflicts.map(constraint))),
        ])
    }

    private static func constraint(_ constraint: OptionConstraint) -> JSONValue {
        .object([
            ("condition", .string("\(constraint.condition)")),
            ("reason", constraint.reason.map(JSONValue.string) ?? .null),
        ])
    }

    private static func parameter(_ parameter: TemplateParameter) -> JSONValue {
        .object([
            ("name", .string(parameter.name)),
            ("kind", .string(parameter.kind.rawValue)),
            ("default", .string(parameter.defaultTemplate)),
            ("help", .string(parameter.help)),
        ])
    }

    private static func file(_ file: TemplateFile) -> JSONValue {
        .object([
            ("path", .string(file.path)),
            ("template", .string(file.template)),
            ("when", file.when.map { .string("\($0)") } ?? .null),
            ("root", file.root.map(JSONValue.string) ?? .null),
        ])
    }
}
