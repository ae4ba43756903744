import ModGenCore

/// A value or combination of options the template does not allow: it is the user's input.
public struct OptionError: ModGenError, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// A broken `requires` or `conflicts` rule: the message names the flags involved and the reason; `optionNames` are
/// the options it involves (the one whose rule it is and those its condition names), so a caller can tell whose
/// values caused it.
public struct ConstraintViolation: Equatable, Sendable {
    public var message: String
    public var optionNames: Set<String>
}

extension ModuleTemplate {
    /// The value of every option, each checked on its own, without checking the rules between options: the
    /// behaviour of formats whose options are independent values (a format with derived or hidden options
    /// implements its own).
    public func optionValues(
        explicit: [String: OptionValue], configDefaults: [String: OptionValue]
    ) throws(OptionError) -> OptionValues {
        for name in explicit.keys.sorted() where option(named: name) == nil {
            throw OptionError("template '\(id)' has no option '\(name)'")
        }
        var values = OptionValues()
        for option in options {
            let value = explicit[option.name] ?? configDefaults[option.name] ?? option.defaultValue
            try option.check(value)
            values[option.name] = value
        }
        return values
    }

    /// Every broken rule between options, as a message naming the flags involved and the reason.
    public func constraintProblems(in values: OptionValues) -> [String] {
        constraintViolations(in: values).map(\.message)
    }
}

extension TemplateManifest {
    /// Every broken `requires` / `conflicts` rule, in manifest order.
    public func constraintViolations(in values: OptionValues) -> [ConstraintViolation] {
        var violations: [ConstraintViolation] = []
        for option in options where option.isActive(in: values) {
            let flag = option.flagText(for: values[option.name] ?? option.defaultValue)
            for rule in option.requires where !rule.condition.evaluate(values) {
                violations.append(
                    ConstraintViolation(
                        message: "\(flag) requires \(flagText(rule.condition))\(rule.reason.map { ": \($0)" } ?? "")",
                        optionNames: Set(rule.condition.optionNames + [option.name])))
            }
            for rule in option.conflicts where rule.condition.evaluate(values) {
                violations.append(
                    ConstraintViolation(
                        message: "\(flag) cannot be used with \(flagText(rule.condition))"
                            + (rule.reason.map { ": \($0)" } ?? ""),
                        optionNames: Set(rule.condition.optionNames + [option.name])))
            }
        }
        return violations
    }

    /// A condition written the way a user would type it on the command line: `interactor` → `--interactor`,
    /// `!rx` → `--no-rx`, `interface == xib` → `--interface xib`.
    func flagText(_ condition: Condition) -> String {
        switch condition {
        case .isOn(let name):
            guard let option = option(named: name) else { return name }
            if case .flag = option.kind { return "--\(option.flagName)" }
            return "a value for --\(option.flagName)"
        case .equals(let name, let value):
            return "--\(option(named: name)?.flagName ?? name) \(value)"
        case .not(.isOn(let name)):
            guard let option = option(named: name) else { return "!\(name)" }
            if case .flag = option.kind { return "--no-\(option.flagName)" }
            return "no value for --\(option.flagName)"
        case .not(.equals(let name, let value)):
            return "--\(option(named: name)?.flagName ?? name) other than \(value)"
        case .not(let inner):
            return "not (\(flagText(inner)))"
        case .and(let lhs, let rhs):
            return "\(flagText(lhs)) and \(flagText(rhs))"
        case .or(let lhs, let rhs):
            return "\(flagText(lhs)) or \(flagText(rhs))"
        }
    }
}

extension TemplateOption {
    /// Whether the option's rules apply: a flag that is on, a choice other than its default, a non-empty text.
    func isActive(in values: OptionValues) -> Bool {
        switch (kind, values[name]) {
        case (.flag, .flag(let on)?): return on
        case (.choice(_, let fallback), .choice(let value)?): return value != fallback
        case (.text, .text(let value)?): return !value.isEmpty
        default: return false
        }
    }

    /// How the user selects this value: `--rx`, `--no-interactor`, `--interface xib`, `--group Items`.
    func flagText(for value: OptionValue) -> String {
        switch value {
        case .flag(let on): return on ? "--\(flagName)" : "--no-\(flagName)"
        case .choice(let text), .text(let text): return "--\(flagName) \(text)"
        }
    }

    /// Rejects a value of the wrong kind, a choice outside `values`, or text that is not a Swift identifier.
    public func check(_ value: OptionValue) throws(OptionError) {
        switch (kind, value) {
        case (.flag, .flag):
            return
        case (.choice(let values, _), .choice(let choice)):
            guard values.contains(choice) else {
                throw OptionError(
                    "'\(choice)' is not a value of --\(flagName) (choose \(values.joined(separator: ", ")))")
            }
        case (.text, .text(let text)):
            if !text.isEmpty, let problem = SwiftIdentifier.problem(with: text) {
                throw OptionError("'\(text)' is not valid for --\(flagName): \(problem)")
            }
        default:
            throw OptionError("--\(flagName) takes \(kindDescription), not '\(value.text)'")
        }
    }

    /// `a flag`, `one of none, storyboard, xib`, `a Swift identifier`: for errors and `describe`.
    public var kindDescription: String {
        switch kind {
        case .flag: return "a flag"
        case .choice(let values, _): return "one of \(values.joined(separator: ", "))"
        case .text: return "a Swift identifier"
        }
    }

    /// Converts text from the command line or config (`true`, `storyboard`, `Items`) into this option's value.
    public func value(fromText text: String) throws(OptionError) -> OptionValue {
        switch kind {
        case .flag:
            switch text {
            case "true", "yes", "on": return .flag(true)
            case "false", "no", "off": return .flag(false)
            default: throw OptionError("--\(flagName) is a flag: use true or false, not '\(text)'")
            }
        case .choice:
            let value = OptionValue.choice(text)
            try check(value)
            return value
        case .text:
            let value = OptionValue.text(text)
            try check(value)
            return value
        }
    }
}
