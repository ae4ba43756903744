import ModGenKit

/// `--color auto|always|never`: whether what a command prints is coloured with ANSI escapes.
struct ColorOption: OptionGroup {
    enum Choice: String, CaseIterable {
        case auto, always, never
    }

    static let color = OptionSpec.choice(
        "color", valueName: "when", values: Choice.allCases.map(\.rawValue), defaultValue: Choice.auto.rawValue,
        help: "Colour the verbs and diffs: auto colours on a terminal unless NO_COLOR is set or TERM is dumb.")

    static let options = [color]

    var choice: Choice

    init(_ parsed: ParsedArguments) {
        // The parser has checked the value against the choices.
        choice = parsed.value(Self.color).flatMap(Choice.init(rawValue:)) ?? .auto
    }

    /// The style for a run printing through `io`: `auto` colours only a terminal, and not when the environment
    /// asks for no colour (`NO_COLOR` set to anything but empty, as no-color.org says, or `TERM=dumb`); a flag
    /// typed for this run (`always`) wins over the environment.
    func style(for io: CommandIO) -> TerminalStyle {
        switch choice {
        case .always: return TerminalStyle(isColored: true)
        case .never: return TerminalStyle(isColored: false)
        case .auto:
            let noColor = !(io.environment["NO_COLOR"] ?? "").isEmpty
            return TerminalStyle(isColored: io.outputIsTerminal && !noColor && io.environment["TERM"] != "dumb")
        }
    }
}

/// Colours for what commands print: the verb of each written file, and unified diffs. Plain text when colours
/// are off, so every caller paints unconditionally.
struct TerminalStyle: Sendable {
    enum Color: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
        case bold = "1"
        case dim = "2"
    }

    var isColored: Bool

    static let plain = TerminalStyle(isColored: false)

    func paint(_ text: String, _ color: Color) -> String {
        isColored && !text.isEmpty ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// The colour of a file's verb: new files green, replaced ones yellow, conflicts red, the rest dim.
    func paintVerb(_ verb: String, for action: WriteAction) -> String {
        switch action {
        case .create: paint(verb, .green)
        case .overwrite, .remove: paint(verb, .yellow)
        case .conflict: paint(verb, .red)
        case .unchanged, .skip: paint(verb, .dim)
        }
    }

    /// A unified diff, line by line: file headers bold, hunk headers cyan, removed lines red, added lines green.
    func paintDiff(_ diff: String) -> String {
        guard isColored else { return diff }
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let line = lines[index]
            if line.hasPrefix("--- ") || line.hasPrefix("+++ ") {
                lines[index] = paint(line, .bold)
            } else if line.hasPrefix("@@") {
                lines[index] = paint(line, .cyan)
            } else if line.hasPrefix("-") {
                lines[index] = paint(line, .red)
            } else if line.hasPrefix("+") {
                lines[index] = paint(line, .green)
            }
        }
        return lines.joined(separator: "\n")
    }
}
