import ModGenKit

/// The tool described as swift-argument-parser's ToolInfo JSON (serialization version 0), which
/// `--experimental-dump-help` prints for documentation generators and other tools: the root command, its
/// subcommands (and `help`), and every argument with its names, value, default, values and completion kind.
/// Keys are sorted, absent and empty values left out, as swift-argument-parser encodes it.
///
/// Commands are described by their fixed specs: a template's own options depend on the template a command line
/// names, so they are not here; `modgen describe <id> --json` lists them.
struct ToolInfo {
    var tool: CommandLineTool

    var json: JSONValue {
        Self.object([("serializationVersion", .integer(0)), ("command", root)])
    }

    private var root: JSONValue {
        let subcommands =
            tool.commands.map { command(for: $0.configuration) }
            + [command(for: CommandSpec(name: CommandLineTool.helpCommandName, abstract: Self.helpCommandAbstract))]
        return Self.object([
            ("commandName", .string(tool.spec.name)),
            ("abstract", Self.text(tool.spec.abstract)),
            ("discussion", Self.text(tool.spec.discussion)),
            ("shouldDisplay", .bool(true)),
            ("subcommands", .array(subcommands)),
            ("arguments", .array(Self.builtInFlags)),
        ])
    }

    static let helpCommandAbstract = "Show subcommand help information."

    private func command(for spec: CommandSpec) -> JSONValue {
        let arguments = spec.arguments.map(Self.argument(for:)) + spec.options.map(Self.argument(for:))
        return Self.object([
            ("superCommands", .array([.string(tool.spec.name)])),
            ("commandName", .string(spec.name)),
            ("abstract", Self.text(spec.abstract)),
            ("discussion", Self.text(spec.discussion)),
            ("shouldDisplay", .bool(true)),
            ("arguments", Self.nonEmpty(arguments + Self.builtInFlags)),
        ])
    }

    private static func argument(for argument: ArgumentSpec) -> JSONValue {
        object([
            ("kind", .string("positional")),
            ("shouldDisplay", .bool(true)),
            ("isOptional", .bool(argument.isOptional)),
            ("isRepeating", .bool(false)),
            ("parsingStrategy", .string("default")),
            ("valueName", .string(argument.name)),
            ("completionKind", completionKind(ValueKind(of: argument))),
            ("abstract", text(argument.help)),
        ])
    }

    private static func argument(for option: OptionSpec) -> JSONValue {
        var names = [name("long", option.name)]
        if option.kind == .inversion { names.append(name("long", "no-" + option.name)) }
        if let short = option.short { names.append(name("short", String(short))) }
        return object([
            ("kind", .string(option.takesValue ? "option" : "flag")),
            ("shouldDisplay", .bool(true)),
            ("sectionTitle", option.group.map(JSONValue.string)),
            ("isOptional", .bool(!option.isRequired)),
            ("isRepeating", .bool(option.kind == .repeatable)),
            ("parsingStrategy", .string("default")),
            ("names", .array(names)),
            ("preferredName", names[0]),
            ("valueName", option.takesValue ? .string(option.valueName) : nil),
            ("defaultValue", option.defaultDescription.flatMap(text)),
            ("allValues", nonEmpty(option.choices.map(JSONValue.string))),
            ("completionKind", option.takesValue ? completionKind(ValueKind(of: option)) : nil),
            ("abstract", text(option.help)),
        ])
    }

    /// `-h, --help` on every command and `--version`, which swift-argument-parser lists as arguments too.
    private static let builtInFlags: [JSONValue] = [
        flag(names: [name("short", "h"), name("long", "help")], abstract: HelpFormatter.helpHelp),
        flag(names: [name("long", "version")], abstract: HelpFormatter.versionHelp),
    ]

    private static func flag(names: [JSONValue], abstract: String) -> JSONValue {
        object([
            ("kind", .string("flag")), ("shouldDisplay", .bool(true)), ("isOptional", .bool(true)),
            ("isRepeating", .bool(false)), ("parsingStrategy", .string("default")), ("names", .array(names)),
            ("preferredName", names.last), ("abstract", .string(abstract)),
        ])
    }

    /// swift-argument-parser's `CompletionKindV0` as Swift encodes an enum case: `{"list": {"values": […]}}`,
    /// `{"file": {"extensions": []}}`, `{"directory": {}}`, and `{"custom": {}}` for values modgen computes
    /// (template ids, `--set` keys). Free text has none.
    private static func completionKind(_ kind: ValueKind) -> JSONValue? {
        switch kind {
        case .choices(let values): object([("list", object([("values", .array(values.map(JSONValue.string)))]))])
        case .file: object([("file", object([("extensions", .array([]))]))])
        case .directory: object([("directory", .object([]))])
        case .templateID, .setting: object([("custom", .object([]))])
        case .text: nil
        }
    }

    private static func name(_ kind: String, _ name: String) -> JSONValue {
        object([("kind", .string(kind)), ("name", .string(name))])
    }

    private static func text(_ value: String) -> JSONValue? {
        value.isEmpty ? nil : .string(value)
    }

    private static func nonEmpty(_ values: [JSONValue]) -> JSONValue? {
        values.isEmpty ? nil : .array(values)
    }

    /// An object with its `nil` members left out and its keys sorted.
    private static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(
            members.compactMap { key, value in value.map { (key: key, value: $0) } }.sorted { $0.key < $1.key })
    }
}
