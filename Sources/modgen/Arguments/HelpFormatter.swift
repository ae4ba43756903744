import ModGenKit

/// Help screens and usage lines in swift-argument-parser's layout, so modgen reads like other Swift tools:
///
///     OVERVIEW: <abstract>
///
///     USAGE: modgen render <template-file> [--data <json-file>]
///
///     ARGUMENTS:
///       <template-file>         Help text starts in column 26 and wraps at 80 columns.
///
///     OPTIONS:
///       -h, --help              Show help information.
///
/// A label too long for its column puts the help text on the next line, indented to the column.
struct HelpFormatter {
    /// The tool's name, the first word of every usage line.
    var toolName: String
    /// Whether `--version` exists; it is then listed in every command's options, as swift-argument-parser does.
    var hasVersion: Bool
    var width = 80

    private static let indent = 2
    /// What `--help` and `--version` do, in help and wherever else they are described (completions, ToolInfo).
    static let helpHelp = "Show help information."
    static let versionHelp = "Show the version."
    private static let labelColumn = 26
    /// Past this many usage items the usage line keeps only arguments and says `[<options>]`.
    private static let maximumUsageItems = 12

    /// The help screen of a command, exactly as printed on standard output.
    func help(for spec: CommandSpec) -> String {
        var sections: [String] = []
        sections.append(section("ARGUMENTS", spec.arguments.map { ($0.synopsis, $0.help) }))
        // Grouped options come first, each group under its own title in the order the groups first appear; the
        // command's own options and the built-in ones close the screen under OPTIONS, as usual.
        var groups: [String] = []
        for case let group? in spec.options.map(\.group) where !groups.contains(group) { groups.append(group) }
        for group in groups {
            sections.append(section(group, spec.options.filter { $0.group == group }.map(Self.row(for:))))
        }
        let options = spec.options.filter { $0.group == nil }.map(Self.row(for:))
        sections.append(section("OPTIONS", options + builtInOptions))
        let rendered = sections.filter { !$0.isEmpty }.joined(separator: "\n")
        // The trailing blank line matches swift-argument-parser, which prints the rendered text with `print`.
        // A template's options bring their help and values from the template: shown, never acted on.
        return PrintableText.escapedLines(overview(spec) + "USAGE: \(usage(for: spec))\n\n" + rendered + "\n")
    }

    /// The help screen of the tool itself: its own options, then its subcommands.
    func rootHelp(for tool: CommandSpec, subcommands: [CommandSpec]) -> String {
        let options = section("OPTIONS", builtInOptions)
        let commands = section("SUBCOMMANDS", subcommands.map { ($0.name, $0.abstract) })
        return overview(tool) + "USAGE: \(toolName) <subcommand>\n\n" + options + "\n" + commands + "\n"
            + "  See '\(toolName) help <subcommand>' for detailed help.\n"
    }

    /// The synopsis after `USAGE:`: `modgen render <template-file> [--data <json-file>] …`. A long one keeps
    /// only the arguments and the required options, as swift-argument-parser does.
    func usage(for spec: CommandSpec) -> String {
        let command = "\(toolName) \(spec.name)"
        let arguments = spec.arguments.map { $0.isOptional ? "[\($0.synopsis)]" : $0.synopsis }
        let options = spec.options.flatMap(Self.usageItems(of:))
        if arguments.count + options.count > Self.maximumUsageItems {
            let required = spec.options.filter(\.isRequired).flatMap(Self.usageItems(of:))
            return ([command, "[<options>]"] + arguments + required).joined(separator: " ")
        }
        return ([command] + arguments + options).joined(separator: " ")
    }

    /// The two lines printed after a usage error, pointing at the full help.
    func usageHint(for spec: CommandSpec?) -> String {
        guard let spec else {
            return "Usage: \(toolName) <subcommand>\n  See '\(toolName) --help' for more information."
        }
        return "Usage: \(usage(for: spec))\n  See '\(toolName) \(spec.name) --help' for more information."
    }

    private var builtInOptions: [(String, String)] {
        (hasVersion ? [("--version", Self.versionHelp)] : []) + [("-h, --help", Self.helpHelp)]
    }

    private func overview(_ spec: CommandSpec) -> String {
        var text = spec.abstract
        if !spec.discussion.isEmpty { text += (text.isEmpty ? "\n" : "\n\n") + spec.discussion }
        guard !text.isEmpty else { return "" }
        return Self.wrap("OVERVIEW: " + text, width: width, indent: 0) + "\n\n"
    }

    /// A titled list of label/help rows, or nothing at all when there are no rows.
    private func section(_ title: String, _ rows: [(label: String, help: String)]) -> String {
        guard !rows.isEmpty else { return "" }
        return "\(title):\n" + rows.map { row($0.label, $0.help) }.joined()
    }

    private func row(_ label: String, _ help: String) -> String {
        let paddedLabel = String(repeating: " ", count: Self.indent) + label
        guard !help.isEmpty else { return paddedLabel + "\n" }
        let wrapped = Self.wrap(help, width: width, indent: Self.labelColumn)
        if paddedLabel.count < Self.labelColumn {
            return paddedLabel + wrapped.dropFirst(paddedLabel.count) + "\n"
        }
        return paddedLabel + "\n" + wrapped + "\n"
    }

    private static func row(for option: OptionSpec) -> (String, String) {
        (helpLabel(of: option), description(of: option))
    }

    /// `-o, --output <dir>`, `--rx/--no-rx`, `<template-file>`.
    static func helpLabel(of option: OptionSpec) -> String {
        let names = (option.short.map { ["-\($0)"] } ?? []) + [option.spelling]
        let joined = names.joined(separator: ", ")
        switch option.kind {
        case .flag: return joined
        case .inversion: return "\(joined)/" + OptionSpec.flagSpelling(option.name, negated: true)
        case .value, .repeatable, .choice: return "\(joined) <\(option.valueName)>"
        }
    }

    /// The help text plus what the user may pass and what applies otherwise:
    /// `Escaping of interpolated values. (values: html, none; default: none)`.
    static func description(of option: OptionSpec) -> String {
        let values = option.choices.joined(separator: ", ")
        let defaultValue = option.defaultDescription ?? ""
        let suffix: String
        switch (values.isEmpty, defaultValue.isEmpty) {
        case (true, true): suffix = ""
        case (false, true): suffix = "(values: \(values))"
        case (true, false): suffix = "(default: \(defaultValue))"
        case (false, false): suffix = "(values: \(values); default: \(defaultValue))"
        }
        return [option.help, suffix].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// An option's items in a usage line, in brackets unless it is required; an inversion pair contributes both
    /// spellings.
    private static func usageItems(of option: OptionSpec) -> [String] {
        let items: [String]
        switch option.kind {
        case .flag: items = [option.spelling]
        case .inversion: items = option.spelledNames.filter { $0.hasPrefix("--") }
        case .value, .choice: items = [option.synopsis]
        case .repeatable: items = ["\(option.synopsis) ..."]
        }
        return option.isRequired ? items : items.map { "[\($0)]" }
    }

    /// Word-wraps each line of `text` to `width` columns and indents every non-empty line by `indent`.
    ///
    /// A line may fill the last column only when nothing follows it; a line that ends at a break keeps room for
    /// the break character. That is the rule swift-argument-parser's wrapping ends up applying, and following
    /// it keeps our help screens identical to its. A word longer than a line is left whole, overflowing.
    static func wrap(_ text: String, width: Int, indent: Int) -> String {
        let available = max(width - indent, 1)
        let padding = String(repeating: " ", count: indent)
        let sourceLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [Substring] = []
        for (number, sourceLine) in sourceLines.enumerated() {
            let endsText = number == sourceLines.count - 1
            var rest = sourceLine
            while true {
                if rest.count < available || (endsText && rest.count == available) {
                    lines.append(rest)
                    break
                }
                // Break at the last space that leaves the line within `available - 1` characters.
                let window = rest.prefix(available)
                guard let space = window.lastIndex(of: " ") ?? rest.firstIndex(of: " ") else {
                    lines.append(rest)
                    break
                }
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            }
        }
        return lines.map { $0.isEmpty ? "" : padding + $0 }.joined(separator: "\n")
    }
}
