/// What a command accepts, described as data rather than as Swift types, so that a command can build part of its
/// description at run time: `new` derives flags from the chosen template's manifest.
struct CommandSpec: Sendable, Equatable {
    /// The word after `modgen` (`render`); for the tool itself, the tool's name.
    var name: String
    /// One line, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
    var abstract: String
    /// Paragraphs shown under the abstract in the command's own help.
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []

    /// Names used twice in this spec, or clashing with `--help`, `-h` or `--version`, which every command has.
    /// Empty for a well-formed spec; a command that builds options from a manifest should turn a non-empty
    /// answer into an error that names the manifest.
    var conflictingNames: [String] {
        var seen: Set<String> = ["--help", "-h", "--version"]
        var conflicts: [String] = []
        for name in options.flatMap(\.spelledNames) {
            if !seen.insert(name).inserted { conflicts.append(name) }
        }
        return conflicts
    }
}

/// A positional argument, shown as `<name>`.
struct ArgumentSpec: Sendable, Equatable {
    var name: String
    var help: String
    var isOptional: Bool = false

    var synopsis: String { "<\(name)>" }
}

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
        var names = ["--\(name)"]
        if kind == .inversion { names.append("--no-\(name)") }
        if let short { names.append("-\(short)") }
        return names
    }

    /// How the option is written in messages and usage: `--output <dir>`, `--dry-run`.
    var synopsis: String {
        takesValue ? "--\(name) <\(valueName)>" : "--\(name)"
    }
}

extension OptionSpec {
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, valueName: name, help: help)
    }

    /// `defaultValue` only feeds the help text: `(default: --no-rx)`.
    static func inversion(_ name: String, defaultValue: Bool? = nil, help: String) -> OptionSpec {
        let description = defaultValue.map { $0 ? "--\(name)" : "--no-\(name)" }
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
