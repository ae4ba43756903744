/// What the user typed, sorted by the spec: positional values by argument name, option values by option name.
///
/// Only what was given explicitly is recorded, so a caller can tell "the user said `--no-rx`" from "the user said
/// nothing" and let a config file or manifest default apply in the second case only.
struct ParsedArguments: Sendable, Equatable {
    private(set) var positionals: [String: String] = [:]
    private(set) var optionValues: [String: [String]] = [:]
    private(set) var flags: [String: Bool] = [:]

    /// The value of a positional argument; `nil` for an optional argument that was not given.
    func argument(_ name: String) -> String? { positionals[name] }

    /// The last value given for an option (single-value options: the last one wins).
    func value(_ name: String) -> String? { optionValues[name]?.last }

    /// Every value given for an option, in command-line order.
    func values(_ name: String) -> [String] { optionValues[name] ?? [] }

    /// `true` for `--rx` or `--dry-run`, `false` for `--no-rx`, `nil` when neither was given.
    func flag(_ name: String) -> Bool? { flags[name] }

    mutating func setArgument(_ name: String, to value: String) { positionals[name] = value }
    mutating func appendValue(_ value: String, for name: String) { optionValues[name, default: []].append(value) }
    mutating func setFlag(_ name: String, to value: Bool) { flags[name] = value }
}
