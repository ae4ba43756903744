/// A named option. Build one with the static constructors (`.flag`, `.inversion`, `.value`, `.repeatable`,
/// `.choice`), which spell out every kind the parser understands.
struct OptionSpec: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `--dry-run`: given or not.
        case flag
        /// `--rx` turns on, `--no-rx` turns off; giving neither leaves the caller's default in place.
        case inversion
        /// `--output <dir>` or `--output=dir`; given twice, the last value wins.
        case value
        /// `--set <key=value>`; every occurrence is kept, in order.
        case repeatable
        /// `--escape <escape>`, where the value must be one of these.
        case choice([String])
    }

    /// The long name without its dashes: `dry-run`. Results are looked up by this name.
    var name: String
    var short: Character?
    var kind: Kind
    /// The placeholder in `<…>`; by convention the option's own name unless something clearer exists.
    var valueName: String
    var help: String
    /// Shown in help as `(default: …)`; purely descriptive, the parser never fills it in.
    var defaultDescription: String?
    /// The help section the option is listed in, such as `TEMPLATE OPTIONS (viper)`; `nil` for `OPTIONS`.
    var group: String? = nil
    /// A value the command cannot do without (`snapshot --output <dir>`): usage shows it without brackets, and the
    /// parser refuses a command line without it. Only options that take a value can be required.
    var isRequired = false
    /// Names of options that contradict this one (`force` for `skip-existing`): the parser refuses a command line
    /// that gives both. Declared on one of the two, with `exclusive(with:)`; the error names this one first.
    var exclusiveNames: [String] = []

    var takesValue: Bool {
        switch kind {
        case .flag, .inversion: return false
        case .value, .repeatable, .choice: return true
        }
    }

    var choices: [String] {
        if case .choice(let values) = kind { return values }
        return []
    }

    /// Every spelling that selects this option: `--rx` and `--no-rx`, or `-o` and `--output`.
    var spelledNames: [String] {
        var names = [spelling]
        if kind == .inversion { names.append(Self.flagSpelling(name, negated: true)) }
        if let short { names.append("-\(short)") }
        return names
    }

    /// The long spelling: `--output`.
    var spelling: String { Self.flagSpelling(name) }

    /// How the option is written in messages and usage: `--output <dir>`, `--dry-run`.
    var synopsis: String {
        takesValue ? "\(spelling) <\(valueName)>" : spelling
    }

    /// The one place a long option is spelled from its name: `--rx`, or `--no-rx` for the negated form of an
    /// inversion. Parsing, help, usage lines and messages all go through it.
    static func flagSpelling(_ name: String, negated: Bool = false) -> String {
        negated ? "--no-\(name)" : "--\(name)"
    }

    /// This option, refusing to be given together with `other`: `--force` with `--skip-existing`.
    func exclusive(with other: OptionSpec) -> OptionSpec {
        var option = self
        option.exclusiveNames.append(other.name)
        return option
    }

    /// This option with another `(default: …)` text: the same flag where it defaults to something else.
    func describingDefault(_ description: String?) -> OptionSpec {
        var option = self
        option.defaultDescription = description
        return option
    }
}

extension OptionSpec {
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, valueName: name, help: help)
    }

    /// `defaultValue` only feeds the help text: `(default: --no-rx)`.
    static func inversion(_ name: String, defaultValue: Bool? = nil, help: String) -> OptionSpec {
        let description = defaultValue.map { flagSpelling(name, negated: !$0) }
        return OptionSpec(
            name: name, short: nil, kind: .inversion, valueName: name, help: help, defaultDescription: description)
    }

    static func value(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String,
        defaultDescription: String? = nil, isRequired: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, kind: .value, valueName: valueName ?? name, help: help,
            defaultDescription: defaultDescription, isRequired: isRequired)
    }

    static func repeatable(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .repeatable, valueName: valueName ?? name, help: help)
    }

    static func choice(
        _ name: String, short: Character? = nil, valueName: String? = nil, values: [String],
        defaultValue: String? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, kind: .choice(values), valueName: valueName ?? name, help: help,
            defaultDescription: defaultValue)
    }
}
