/// What the value of an option or positional argument is, for completion and for `--experimental-dump-help`'s
/// `completionKind`: a choice's values, a template id (asked of the catalog), a file or folder (the shell's own
/// path completion), or free text (nothing to offer).
///
/// Kept here, keyed by the names the commands declare, rather than on `OptionSpec`: the specs stay about parsing
/// and help, and a new option that takes a path only needs a line below to complete as one.
enum ValueKind: Equatable, Sendable {
    case choices([String])
    case templateID
    case file
    case directory
    /// `--set`'s `key=`: the template's parameters and the header fields.
    case setting
    case text

    /// Options whose values are paths or template ids, by option name; every other option is a choice (its
    /// values) or text.
    private static let optionKinds: [String: ValueKind] = [
        TemplateSelection.template.name: .templateID,
        SessionOptions.templates.name: .directory,
        SessionOptions.config.name: .file,
        WriteFlags.output.name: .directory,
        RenderCommand.data.name: .file,
        RenderCommand.partials.name: .directory,
        HeaderOptions.set.name: .setting,
    ]

    /// Positional arguments by name, as above.
    private static let argumentKinds: [String: ValueKind] = [
        DescribeCommand.template.name: .templateID,
        RenderCommand.templateFile.name: .file,
    ]

    init(of option: OptionSpec) {
        if case .choice(let values) = option.kind {
            self = .choices(values)
        } else {
            self = Self.optionKinds[option.name] ?? .text
        }
    }

    init(of argument: ArgumentSpec) {
        self = Self.argumentKinds[argument.name] ?? .text
    }
}
