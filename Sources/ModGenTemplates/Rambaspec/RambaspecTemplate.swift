import ModGenCore
import ModGenLiquid
import ModGenMustache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Generamba template: a folder holding `<id>.rambaspec` and the Liquid files it names, read as Generamba reads it
/// (the rambaspec rendered with Liquid in the module's context, then read as YAML). Generamba has no options: what
/// varies is `--set key=value` (its `custom_parameters`, strings) and the project's settings (`prefix`,
/// `description`, `product_module_name`, header fields), which are parameters here.
///
/// The definition is read once, rendered with an empty context as `generamba template install` validates it: its
/// `summary` and file list are what `list` and `describe` show. A run renders it again with the run's values.
public struct RambaspecTemplate: ModuleTemplate {
    public var id: String
    public var summary: String
    public var source: TemplateSource
    /// The rambaspec's text, before Liquid.
    let specText: String
    /// The rambaspec parsed as Liquid.
    let spec: LiquidTemplate
    /// The rambaspec rendered with the empty context, and what it declares: a run whose context renders the same
    /// text (a rambaspec without Liquid tags, as most are, or whose tags do not depend on the module) reuses it
    /// instead of reading the YAML again.
    let definitionText: String
    let definition: RambaspecSpec
    public var files: [TemplateFile]

    /// Reads the template in `folder` (the rambaspec only, no template file yet).
    public init(at folder: URL) throws {
        guard let specName = RambaspecFormat.specName(in: folder) else {
            throw TemplateFileError(path: folder.path, reason: "holds no .rambaspec")
        }
        id = String(specName.dropLast(RambaspecFormat.fileExtension.count + 1))
        source = .directory(folder)
        let specPath = folder.appendingPathComponent(specName).path
        specText = try TextFile.readText(atPath: specPath, inside: ContainmentFolder(folder.path))
        spec = try RambaspecSpec.parse(specText, name: specPath)
        definitionText = try RambaspecSpec.render(spec, context: RambaspecContext.empty)
        definition = try RambaspecSpec(rendered: definitionText, fileName: specPath)
        summary = definition.summary
        files = definition.entries.map(\.templateFile)
    }

    public var definitionPath: String { source.displayPath(of: "\(id).\(RambaspecFormat.fileExtension)") }
    public var sampleName: String { "Home" }
    public var options: [TemplateOption] { [] }
    public var supportFiles: [TemplateFile] { [] }

    /// The settings Generamba takes from the project's Rambafile or its own flags; any other `--set` key is one of
    /// its `custom_parameters`.
    public var parameters: [TemplateParameter] {
        [
            Self.parameter(
                "prefix", "Prepended to every default file name and printed by {{ prefix }} (Rambafile prefix)."),
            Self.parameter(
                "description", "module_info.description; default: '<Name> module' (generamba gen --description)."),
            Self.parameter(
                "product_module_name",
                "module_info.product_module_name; default: the project name, non-word characters as '_'."),
            Self.parameter(
                XcodeGroupPaths.logicalSetting,
                "'true': every file of a side in the module's folder, its sub-folder a group only (Rambafile "
                    + "create_logical_groups)."),
        ]
    }

    private static func parameter(_ name: String, _ help: String) -> TemplateParameter {
        TemplateParameter(
            name: name, kind: .text, defaultTemplate: "", defaultPosition: SourcePosition(line: 1, column: 1),
            help: help)
    }

    public func optionValues(
        explicit: [String: OptionValue], configDefaults: [String: OptionValue]
    ) throws(OptionError) -> OptionValues {
        if let name = explicit.keys.sorted().first {
            throw OptionError("template '\(id)' has no option '\(name)' (a Generamba template takes --set key=value)")
        }
        return OptionValues([:])
    }

    public func constraintViolations(in values: OptionValues) -> [ConstraintViolation] { [] }

    /// Any key: Generamba's `--custom_parameters` are free, and templates read them as `custom_parameters.<key>`.
    public func checkSetting(key: String, value: String) throws(OptionError) {
        if let problem = PrintableText.oneLineProblem(value) {
            throw OptionError("--set \(key): the value \(problem)")
        }
    }

    public func makeRenderer(headerPartial: MustacheTemplate?) -> any TemplateRendering {
        RambaspecRenderer(template: self)
    }
}
