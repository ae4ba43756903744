import ModGenCore
import ModGenMustache

/// What a template is, whatever format it is written in: its options and parameters, the files it renders under
/// which conditions, and how it renders them. The catalog, the commands, the config and snapshots see templates only
/// through this protocol; `ManifestTemplate` (modgen's `template.json` and Mustache files) is one format.
///
/// A format maps its own notion of options onto `TemplateOption` (a flag, a choice, a text), so command-line flags,
/// `describe`, `.modgen.json` option defaults and snapshot combinations work the same for every format.
public protocol ModuleTemplate: Sendable {
    /// The name users type: `modgen new Home --template viper`.
    var id: String { get }
    /// One line for `modgen list`.
    var summary: String { get }
    /// The folder the template was found in, when its format groups templates in category folders; `nil` otherwise.
    var category: String? { get }
    /// Built into modgen, or the folder on disk it comes from.
    var source: TemplateSource { get }
    /// How errors name the file that defines the template: `viper/template.json`, or its path on disk.
    var definitionPath: String { get }
    /// The module name `modgen snapshot` uses unless `--name` is given.
    var sampleName: String { get }
    var options: [TemplateOption] { get }
    /// Values set with `--set key=value` besides the options.
    var parameters: [TemplateParameter] { get }
    /// The module's files, each with the condition under which it is written (for `describe`).
    var files: [TemplateFile] { get }
    /// Base files written once per project by `modgen support`.
    var supportFiles: [TemplateFile] { get }
    /// The combinations `modgen snapshot` records unless `--combinations` is given.
    var snapshotCombinations: CombinationSet { get }

    /// The value of every option, each checked on its own: `explicit` as typed, else `configDefaults`, else the
    /// template's default. Rules between options are checked by `constraintViolations(in:)`.
    func optionValues(
        explicit: [String: OptionValue], configDefaults: [String: OptionValue]
    ) throws(OptionError) -> OptionValues

    /// Every rule between options that `values` break, in the template's order.
    func constraintViolations(in values: OptionValues) -> [ConstraintViolation]

    /// Whether a combination only repeats another one (an option the others hide holds a value other than its
    /// default): snapshots leave it out. `values` may lack options not chosen yet (a pairwise search on its way):
    /// the answer is then `true` only when the options present make it redundant whatever the others hold.
    func isRedundantCombination(_ values: OptionValues) -> Bool

    /// Checks one `--set key=value` (or config `set`) pair: the key must be something the template reads.
    func checkSetting(key: String, value: String) throws(OptionError)

    /// A renderer for one run; it may cache parsed files, so a snapshot reuses one renderer for every combination.
    /// - Parameter headerPartial: the config's `header.partial`, for formats that render Mustache partials.
    func makeRenderer(headerPartial: MustacheTemplate?) -> any TemplateRendering
}

/// Renders a template's file sets in memory.
public protocol TemplateRendering: AnyObject {
    var template: any ModuleTemplate { get }
    /// The module's files for the request's options, in the template's order.
    func renderModule(_ request: GenerationRequest) throws -> [RenderedFile]
    /// The support files; the request's module name is ignored.
    func renderSupport(_ request: GenerationRequest) throws -> [RenderedFile]
    /// What the renders so far did that the user should know but that did not stop them (a macro left as
    /// written), each once; the command prints them.
    var warnings: [String] { get }
}

extension TemplateRendering {
    public var warnings: [String] { [] }
}

extension ModuleTemplate {
    public var category: String? { nil }

    public func isRedundantCombination(_ values: OptionValues) -> Bool { false }

    public var snapshotCombinations: CombinationSet { .all }

    public func option(named name: String) -> TemplateOption? {
        options.first { $0.name == name }
    }

    public func parameter(named name: String) -> TemplateParameter? {
        parameters.first { $0.name == name }
    }

    /// `optionValues(explicit:configDefaults:)` with no config defaults.
    public func optionValues(explicit: [String: OptionValue]) throws(OptionError) -> OptionValues {
        try optionValues(explicit: explicit, configDefaults: [:])
    }
}

extension ModuleTemplate {
    /// The named output roots the files (and support files) go to, each once, in the template's order.
    public var roots: [String] {
        var seen = Set<String>()
        return (files + supportFiles).compactMap(\.root).filter { seen.insert($0).inserted }
    }
}
