/// What the user typed, sorted by the spec: positional values by argument name, option values by option name.
///
/// Only what was given explicitly is recorded, so a caller can tell "the user said `--no-rx`" from "the user said
/// nothing" and let a config file or manifest default apply in the second case only.
///
/// Commands read through the `OptionSpec` and `ArgumentSpec` values they declare (`parsed.value(Self.output)`), so
/// an option is named once, where it is declared; the `named:` reads are for the parser and its tests.
struct ParsedArguments: Sendable, Equatable {
    private(set) var positionals: [String: String] = [:]
    private(set) var optionValues: [String: [String]] = [:]
    private(set) var flags: [String: Bool] = [:]

    /// The value of a positional argument; `nil` for an optional argument that was not given.
    func argument(_ argument: ArgumentSpec) -> String? { positionals[argument.name] }

    /// The value of an argument the spec requires. The parser has refused a command line without it, so the error
    /// is only a guard against a spec that does not declare it required.
    func required(_ argument: ArgumentSpec) throws(UsageError) -> String {
        guard let value = positionals[argument.name] else { throw .missingArgument(synopsis: argument.synopsis) }
        return value
    }

    /// The last value given for an option (single-value options: the last one wins).
    func value(_ option: OptionSpec) -> String? { optionValues[option.name]?.last }

    /// The value of an option declared `isRequired`; as for a required argument, the parser has checked it.
    func required(_ option: OptionSpec) throws(UsageError) -> String {
        guard let value = value(option) else { throw .missingArgument(synopsis: option.synopsis) }
        return value
    }

    /// Every value given for an option, in command-line order.
    func values(_ option: OptionSpec) -> [String] { optionValues[option.name] ?? [] }

    /// `true` for `--rx` or `--dry-run`, `false` for `--no-rx`, `nil` when neither was given.
    func flag(_ option: OptionSpec) -> Bool? { flags[option.name] }

    /// Whether a flag is on: given, and not negated.
    func isSet(_ option: OptionSpec) -> Bool { flags[option.name] ?? false }

    /// Whether the option was given at all, in any form: `--force`, `--no-rx`, `--output dir`.
    func wasGiven(_ option: OptionSpec) -> Bool { flags[option.name] != nil || optionValues[option.name] != nil }

    func argument(named name: String) -> String? { positionals[name] }
    func value(named name: String) -> String? { optionValues[name]?.last }
    func values(named name: String) -> [String] { optionValues[name] ?? [] }
    func flag(named name: String) -> Bool? { flags[name] }

    mutating func setArgument(_ name: String, to value: String) { positionals[name] = value }
    mutating func appendValue(_ value: String, for name: String) { optionValues[name, default: []].append(value) }
    mutating func setFlag(_ name: String, to value: Bool) { flags[name] = value }
}
