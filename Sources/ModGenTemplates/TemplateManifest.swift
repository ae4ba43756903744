import ModGenCore

/// The model of a template's `template.json`: what the template is called, which options it takes and which files
/// it renders under which conditions. Everything architecture-specific lives in this data, not in Swift code.
public struct TemplateManifest: Sendable {
    /// The name users type: `modgen new Home --template viper`.
    public var id: String
    /// One line for `modgen list`.
    public var summary: String
    /// The module name `modgen snapshot` uses unless `--name` is given.
    public var sampleName: String
    public var options: [TemplateOption]
    public var parameters: [TemplateParameter]
    /// The module's files.
    public var files: [TemplateFile]
    /// Base files written once per project by `modgen support`.
    public var supportFiles: [TemplateFile]
    /// `"snapshot": {"combinations": "pairwise"}`: what `modgen snapshot` records unless `--combinations` says.
    public var snapshotCombinations: CombinationSet = .all

    public func option(named name: String) -> TemplateOption? {
        options.first { $0.name == name }
    }

    public func parameter(named name: String) -> TemplateParameter? {
        parameters.first { $0.name == name }
    }
}

/// One switch of a template; the command line derives its flag from it.
public struct TemplateOption: Sendable {
    public enum Kind: Equatable, Sendable {
        /// `--rx` / `--no-rx`.
        case flag(default: Bool)
        /// `--interface storyboard`.
        case choice(values: [String], default: String)
        /// `--group Items`: a Swift identifier, or empty. `sample` is the value snapshots use.
        case text(default: String, sample: String?)
    }

    public var name: String
    public var kind: Kind
    public var help: String
    /// Conditions that must hold when the option is on.
    public var requires: [OptionConstraint]
    /// Conditions that must not hold when the option is on.
    public var conflicts: [OptionConstraint]
    /// Where the option is declared in the template's definition file, when the format records it.
    public var position: SourcePosition?
    /// A text option that takes any text, not only a Swift identifier (an Xcode bundle's text option, written
    /// wherever its template puts it).
    public var acceptsAnyText = false
    /// Values a text option suggests (an Xcode `class` or `combo` option's `Values`): snapshots cover each.
    public var suggestedValues: [String] = []

    public init(
        name: String, kind: Kind, help: String = "", requires: [OptionConstraint] = [],
        conflicts: [OptionConstraint] = [], position: SourcePosition? = nil
    ) {
        self.name = name
        self.kind = kind
        self.help = help
        self.requires = requires
        self.conflicts = conflicts
        self.position = position
    }

    /// The long flag name without dashes: `flowController` → `flow-controller`.
    public var flagName: String { CaseConversion.kebab(name) }

    public var defaultValue: OptionValue {
        switch kind {
        case .flag(let value): return .flag(value)
        case .choice(_, let value): return .choice(value)
        case .text(let value, _): return .text(value)
        }
    }

    /// Every value a snapshot covers: both flag states, each choice, and a text option's default and its sample.
    public var snapshotValues: [OptionValue] {
        switch kind {
        case .flag(let value): return [.flag(value), .flag(!value)]
        case .choice(let values, let value):
            return [.choice(value)] + values.filter { $0 != value }.map(OptionValue.choice)
        case .text(let value, let sample):
            let others = ([sample].compactMap { $0 } + suggestedValues).filter { $0 != value }
            var seen: Set<String> = []
            return [.text(value)] + others.filter { seen.insert($0).inserted }.map(OptionValue.text)
        }
    }
}

/// A `requires` or `conflicts` entry: a condition, the way the manifest wrote it, and an optional reason that the
/// error message quotes.
public struct OptionConstraint: Sendable {
    public var condition: Condition
    public var reason: String?
}

/// A value set with `--set name=value`; `defaultTemplate` is Mustache rendered with the module context.
public struct TemplateParameter: Sendable {
    /// What values the parameter takes (the manifest's `"kind"`).
    public enum Kind: String, Sendable, CaseIterable {
        /// Any string (the default): a comment, a string literal's contents.
        case text
        /// A Swift identifier, never empty: the value is written where Swift expects a name (`struct {{value}}`),
        /// so anything else would generate code that cannot compile.
        case identifier
    }

    public var name: String
    public var kind: Kind
    public var defaultTemplate: String
    /// Where `default` is written in the manifest (the parameter itself when it has none), for rendering errors.
    public var defaultPosition: SourcePosition
    public var help: String

    /// `any text`, `a Swift identifier`: for `describe`.
    public var kindDescription: String {
        switch kind {
        case .text: return "any text"
        case .identifier: return "a Swift identifier"
        }
    }

    /// Whether `value` is the default exactly as the manifest writes it (`{{name}}Context`), as `describe` shows it
    /// and `modgen init` writes it as the config's example: such a value keeps the default, rendered for each
    /// module, instead of being taken as it is (where Mustache would not be an identifier).
    public func isDefault(_ value: String) -> Bool {
        value == defaultTemplate
    }

    /// Why `value` cannot be this parameter's value, or `nil`: for an identifier parameter, why it is not a Swift
    /// identifier. The one check of `--set` values, config `set` values and rendered defaults.
    public func problem(withValue value: String) -> String? {
        switch kind {
        case .text: return nil
        case .identifier:
            // Printable: the problem may quote a control character, and messages are one line.
            return SwiftIdentifier.problem(with: value).map { "not a Swift identifier: \(RelativePath.printable($0))" }
        }
    }
}

/// A file a template renders: its template (relative to the template folder, or `_shared/…`), its output path
/// (itself a Mustache template), the output root it goes to and the condition under which it is rendered.
public struct TemplateFile: Sendable {
    public var template: String
    /// Where `template` is written in the manifest, for a template file that does not exist.
    public var templatePosition: SourcePosition
    /// The named output root (`"root": "tests"`) the path is relative to; `nil`: the module's output folder.
    public var root: String?
    public var path: String
    /// Where `path` is written in the manifest, for errors in rendering it.
    public var pathPosition: SourcePosition
    public var when: Condition?
}

/// The value one option has in a run.
public enum OptionValue: Equatable, Hashable, Sendable {
    case flag(Bool)
    case choice(String)
    case text(String)

    /// A flag's `true`/`false`, a choice's or text's value.
    public var text: String {
        switch self {
        case .flag(let value): return value ? "true" : "false"
        case .choice(let value), .text(let value): return value
        }
    }
}

/// The resolved value of every option of a template.
public struct OptionValues: Equatable, Sendable {
    public private(set) var values: [String: OptionValue]

    public init(_ values: [String: OptionValue] = [:]) {
        self.values = values
    }

    public subscript(name: String) -> OptionValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// Whether a condition's bare name holds: a flag that is true, a choice or text that is not empty.
    public func isOn(_ name: String) -> Bool {
        switch values[name] {
        case .flag(let value): return value
        case .choice(let value), .text(let value): return !value.isEmpty
        case nil: return false
        }
    }
}
