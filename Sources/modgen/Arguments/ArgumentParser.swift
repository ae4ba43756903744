/// What a command line asks for.
enum ParseOutcome: Sendable, Equatable {
    case help
    case version
    case run(ParsedArguments)
}

/// The one command-line parser, driven by a `CommandSpec` value.
///
/// Conventions follow swift-argument-parser: `--name value` and `--name=value`, short names (`-o dir`, grouped
/// flags `-fq`), `--` ends options, a lone `-` is a value (standard input), options and arguments may be mixed,
/// a single-value option given twice keeps the last value, and `-h`/`--help`/`--version` win over everything
/// else before `--`, even over mistakes elsewhere on the line.
struct ArgumentParser {
    var spec: CommandSpec

    init(_ spec: CommandSpec) {
        self.spec = spec
    }

    /// The strict parse: anything the spec does not describe is an error.
    func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains("-h") || beforeTerminator.contains("--help") { return .help }
        if beforeTerminator.contains("--version") { return .version }
        var reader = Reader(options: spec.options, arguments: arguments, isStrict: true)
        let options = try reader.read()
        let parsed = try assigningPositionals(reader.positionals, to: options)
        // After the positionals: a missing argument is reported first, as usage lists it first.
        if let missing = spec.options.first(where: { $0.isRequired && !parsed.wasGiven($0) }) {
            throw .missingArgument(synopsis: missing.synopsis)
        }
        try refuseExclusiveOptions(in: parsed)
        return .run(parsed)
    }

    /// Two options the spec declares exclusive (`--force` and `--skip-existing`), both given: named as declared,
    /// the declaring option first. Options the spec does not have cannot clash: `snapshot` has `--check` without
    /// `--dry-run`.
    private func refuseExclusiveOptions(in parsed: ParsedArguments) throws(UsageError) {
        for option in spec.options where parsed.wasGiven(option) {
            for otherName in option.exclusiveNames {
                guard let other = spec.options.first(where: { $0.name == otherName }), parsed.wasGiven(other)
                else { continue }
                throw .exclusiveOptions(option.spelling, other.spelling)
            }
        }
    }

    /// The lenient pre-pass: collects only `options` and skips everything else without complaint, so a command
    /// can read a few options (`--template`, `--config`) before it knows its full spec. Malformed uses of the
    /// known options are skipped too; the strict parse that follows reports them.
    static func extract(_ options: [OptionSpec], from arguments: [String]) -> ParsedArguments {
        var reader = Reader(options: options, arguments: arguments, isStrict: false)
        // A lenient reader has nothing to throw: every problem is skipped.
        return (try? reader.read()) ?? ParsedArguments()
    }

    /// The positional values the lenient pre-pass sees, in order: what is left once `options` and their values
    /// are taken out. An option missing from `options` is skipped, so a value following it counts here.
    static func extractPositionals(_ options: [OptionSpec], from arguments: [String]) -> [String] {
        var reader = Reader(options: options, arguments: arguments, isStrict: false)
        _ = try? reader.read()
        return reader.positionals
    }

    private func assigningPositionals(
        _ values: [String], to parsed: ParsedArguments
    ) throws(UsageError) -> ParsedArguments {
        var parsed = parsed
        for (index, argument) in spec.arguments.enumerated() {
            if index < values.count {
                parsed.setArgument(argument.name, to: values[index])
            } else if !argument.isOptional {
                throw .missingArgument(synopsis: argument.synopsis)
            }
        }
        if values.count > spec.arguments.count {
            throw .unexpectedArguments(Array(values[spec.arguments.count...]))
        }
        return parsed
    }
}

/// One pass over the tokens. Strict readers throw at the first problem; lenient ones skip it.
private struct Reader {
    let options: [OptionSpec]
    let arguments: [String]
    let isStrict: Bool
    private var index = 0
    private var optionsEnded = false
    private var parsed = ParsedArguments()
    private(set) var positionals: [String] = []

    init(options: [OptionSpec], arguments: [String], isStrict: Bool) {
        self.options = options
        self.arguments = arguments
        self.isStrict = isStrict
    }

    mutating func read() throws(UsageError) -> ParsedArguments {
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if optionsEnded || !Self.isOptionLike(token) {
                positionals.append(token)
            } else if token == "--" {
                optionsEnded = true
            } else if token.hasPrefix("--") {
                try readLongOption(token)
            } else {
                try readShortGroup(token)
            }
        }
        return parsed
    }

    /// `-` alone means standard input and is a value; anything else starting with `-` is an option.
    private static func isOptionLike(_ token: String) -> Bool {
        token.hasPrefix("-") && token != "-"
    }

    private mutating func readLongOption(_ token: String) throws(UsageError) {
        let body = token.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        let spelling = OptionSpec.flagSpelling(name)
        if let option = options.first(where: { $0.name == name }) {
            try record(option, spelledAs: spelling, negated: false, attachedValue: attached)
        } else if let option = options.first(where: {
            $0.kind == .inversion && OptionSpec.flagSpelling($0.name, negated: true) == spelling
        }) {
            try record(option, spelledAs: spelling, negated: true, attachedValue: attached)
        } else if isStrict {
            throw .unknownOption(spelling: spelling, suggestion: suggestion(for: spelling))
        }
    }

    /// `-o dir`, or several short flags in one token (`-fq`); only the last of a group may take a value.
    private mutating func readShortGroup(_ token: String) throws(UsageError) {
        let letters = Array(token.dropFirst())
        if let unknown = letters.first(where: { letter in !options.contains { $0.short == letter } }) {
            guard isStrict else { return }
            // `-output` is most likely `--output` with a dash missing; otherwise name the letter that is unknown.
            if longNames.contains("-" + token) { throw .unknownOption(spelling: token, suggestion: "-" + token) }
            throw .unknownOption(spelling: "-\(unknown)", suggestion: nil)
        }
        let matched = letters.compactMap { letter in options.first { $0.short == letter } }
        for (position, option) in matched.enumerated() {
            let spelling = "-\(letters[position])"
            if option.takesValue, position < matched.count - 1 {
                if isStrict { throw .missingValue(synopsis: "\(spelling) <\(option.valueName)>") }
                continue
            }
            try record(option, spelledAs: spelling, negated: false, attachedValue: nil)
        }
    }

    private mutating func record(
        _ option: OptionSpec, spelledAs spelling: String, negated: Bool, attachedValue: String?
    ) throws(UsageError) {
        guard option.takesValue else {
            if let attachedValue {
                if isStrict { throw .unexpectedValue(option: spelling, value: attachedValue) }
                return
            }
            parsed.setFlag(option.name, to: !negated)
            return
        }
        let synopsis = "\(spelling) <\(option.valueName)>"
        guard let value = attachedValue ?? takeNextValue() else {
            if isStrict { throw .missingValue(synopsis: synopsis) }
            return
        }
        let choices = option.choices
        if !choices.isEmpty, !choices.contains(value) {
            if isStrict { throw .invalidChoice(value: value, synopsis: synopsis, choices: choices) }
            return
        }
        parsed.appendValue(value, for: option.name)
    }

    /// The next token, if it is a value rather than another option or `--`.
    private mutating func takeNextValue() -> String? {
        guard index < arguments.count, !Self.isOptionLike(arguments[index]) else { return nil }
        index += 1
        return arguments[index - 1]
    }

    private var longNames: [String] {
        options.flatMap(\.spelledNames).filter { $0.hasPrefix("--") } + ["--help", "--version"]
    }

    private func suggestion(for spelling: String) -> String? {
        UsageError.suggestion(for: spelling, among: longNames)
    }
}
