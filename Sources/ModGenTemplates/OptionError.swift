import ModGenCore

/// A value or combination of options the template does not allow, or a `set` value it cannot take: the user's
/// input is wrong.
///
/// The library names options as templates write them (`option 'rx'`, `interface == xib`); the command line names
/// them by their flags (`--rx`, `--interface xib`). So an error keeps its parts, and `message(_:)` words it with an
/// `OptionWording`: `message` is the template's wording, and the command passes its own.
public enum OptionError: ModGenError, Equatable {
    /// An option the template does not declare.
    case unknownOption(template: String, name: String)
    /// A value the option does not take.
    case invalidValue(option: String, value: String, problem: ValueProblem)
    /// A rule between options that the values break.
    case ruleBroken(ConstraintViolation)
    /// A `set` entry (`--set key=value`, the config's `set`) the template cannot take.
    case invalidSetting(key: String, value: String, problem: SettingProblem)
    /// A `set` entry that is not `key=value`.
    case malformedSetting(String)
    /// Any other problem with a value the user gave, worded in full.
    case invalid(String)

    /// Why a value does not fit its option.
    public enum ValueProblem: Equatable, Sendable {
        case notAChoice(choices: [String])
        case notAnIdentifier(String)
        case notABoolean
        /// The value is of another kind: `expected` says what the option takes (`a flag`).
        case wrongKind(expected: String)
    }

    /// Why a `set` entry does not apply.
    public enum SettingProblem: Equatable, Sendable {
        /// The key is one of the template's options, which are set as options.
        case isAnOption(template: String)
        /// The key is not one a user may set (`reason`: it is derived, or not an identifier).
        case reservedKey(String)
        /// The template reads no such key; `known` lists what it reads, `suggestion` the closest.
        case unknownKey(template: String, known: String, suggestion: String?)
        /// A header field's value that cannot be written into a header.
        case badHeaderValue(String)
        /// A parameter's value of the wrong kind.
        case badValue(String)
    }

    public init(_ message: String) {
        self = .invalid(message)
    }

    /// Two errors are equal when they say the same: how an error was built is not part of what it means.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.message == rhs.message
    }

    public var message: String { message(.template) }

    public func message(_ wording: OptionWording) -> String {
        switch self {
        case .unknownOption(let template, let name):
            return "template '\(template)' has no option '\(name)'"
        case .invalidValue(let option, let value, let problem):
            let named = wording.option(option)
            switch problem {
            case .notAChoice(let choices):
                return "'\(value)' is not a value of \(named) (choose \(choices.joined(separator: ", ")))"
            case .notAnIdentifier(let reason):
                return "'\(value)' is not valid for \(named): \(reason)"
            case .notABoolean:
                return "\(named) is a flag: use true or false, not '\(value)'"
            case .wrongKind(let expected):
                return "\(named) takes \(expected), not '\(value)'"
            }
        case .ruleBroken(let violation):
            return violation.message(wording)
        case .invalidSetting(let key, let value, let problem):
            let set = wording.setting
            let shown = RelativePath.printable(value)
            switch problem {
            case .isAnOption(let template):
                return "\(set) \(key)=… names an option of '\(template)': use its flag instead"
            case .reservedKey(let reason):
                return "\(set) key '\(key)' \(reason)"
            case .unknownKey(let template, let known, let suggestion):
                return "\(set) \(key): template '\(template)' has no parameter '\(key)' (\(known))"
                    + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
            case .badHeaderValue(let reason):
                // The value as given: the message is escaped where it is printed, as header values are.
                return "\(set) \(key)='\(value)': header field '\(key)' \(reason)"
            case .badValue(let reason):
                return "\(set) \(key)='\(shown)' is \(reason)"
            }
        case .malformedSetting(let text):
            return "\(wording.setting) expects key=value, got '\(RelativePath.printable(text))'"
        case .invalid(let message):
            return message
        }
    }
}

/// How messages name options, their values, conditions on them and `set` entries. `template` is the wording of
/// manifests and the config file; the command line has its own, in flags.
public struct OptionWording: Sendable {
    /// An option by name: `option 'rx'`.
    public var option: @Sendable (_ name: String) -> String
    /// An option holding a value, or a condition on options; `options` are the ones it names, for their kinds.
    public var condition: @Sendable (_ condition: Condition, _ options: [String: TemplateOption]) -> String
    /// How a `set` entry is given: `set` (the config's key), `--set`.
    public var setting: String

    public init(
        option: @escaping @Sendable (String) -> String,
        condition: @escaping @Sendable (Condition, [String: TemplateOption]) -> String,
        setting: String
    ) {
        self.option = option
        self.condition = condition
        self.setting = setting
    }

    /// Options as manifests and the config write them: `option 'rx'`, `interface == xib`, `set key=value`.
    public static let template = OptionWording(
        option: { "option '\($0)'" }, condition: { condition, _ in condition.description }, setting: "set")
}

/// A broken `requires` or `conflicts` rule of an option: which option holds which value, the rule's condition and
/// the reason the template gives. `options` holds every option the rule involves, so a wording can tell a flag
/// from a choice.
public struct ConstraintViolation: Equatable, Sendable {
    public enum Rule: Equatable, Sendable {
        case requires
        case conflicts
    }

    public var option: String
    public var value: OptionValue
    public var rule: Rule
    public var condition: Condition
    public var reason: String?
    public var options: [String: TemplateOption]

    public init(
        option: String, value: OptionValue, rule: Rule, condition: Condition, reason: String?,
        options: [String: TemplateOption]
    ) {
        self.option = option
        self.value = value
        self.rule = rule
        self.condition = condition
        self.reason = reason
        self.options = options
    }

    /// The options it involves: the one whose rule it is and those its condition names, so a caller can tell
    /// whose values caused it.
    public var optionNames: Set<String> { Set(condition.optionNames + [option]) }

    public var message: String { message(.template) }

    public func message(_ wording: OptionWording) -> String {
        let selected: Condition
        switch value {
        case .flag(let on): selected = on ? .isOn(option) : .not(.isOn(option))
        case .choice(let text), .text(let text): selected = .equals(option, text)
        }
        let verb = rule == .requires ? "requires" : "cannot be used with"
        return "\(wording.condition(selected, options)) \(verb) \(wording.condition(condition, options))"
            + (reason.map { ": \($0)" } ?? "")
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.option, lhs.value, lhs.rule, lhs.condition, lhs.reason)
            == (rhs.option, rhs.value, rhs.rule, rhs.condition, rhs.reason)
    }
}
