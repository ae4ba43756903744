import ModGenCore

extension ModuleTemplate {
    /// The value of every option, each checked on its own, without checking the rules between options: the
    /// behaviour of formats whose options are independent values (a format with derived or hidden options
    /// implements its own).
    public func optionValues(
        explicit: [String: OptionValue], configDefaults: [String: OptionValue]
    ) throws(OptionError) -> OptionValues {
        for name in explicit.keys.sorted() where option(named: name) == nil {
            throw OptionError.unknownOption(template: id, name: name)
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
            let value = values[option.name] ?? option.defaultValue
            let broken =
                option.requires.filter { !$0.condition.evaluate(values) }.map {
                    ($0, ConstraintViolation.Rule.requires)
                }
                + option.conflicts.filter { $0.condition.evaluate(values) }.map { ($0, .conflicts) }
            for (constraint, rule) in broken {
                let involved = [option.name] + constraint.condition.optionNames
                violations.append(
                    ConstraintViolation(
                        option: option.name, value: value, rule: rule, condition: constraint.condition,
                        reason: constraint.reason,
                        options: Dictionary(
                            involved.compactMap { name in self.option(named: name).map { (name, $0) } }
                        ) { first, _ in first }))
            }
        }
        return violations
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

    /// Rejects a value of the wrong kind, a choice outside `values`, or text that is not a Swift identifier.
    public func check(_ value: OptionValue) throws(OptionError) {
        switch (kind, value) {
        case (.flag, .flag):
            return
        case (.choice(let values, _), .choice(let choice)):
            guard values.contains(choice) else {
                throw OptionError.invalidValue(option: name, value: choice, problem: .notAChoice(choices: values))
            }
        case (.text, .text(let text)):
            if !acceptsAnyText, !text.isEmpty, let problem = SwiftIdentifier.problem(with: text) {
                throw OptionError.invalidValue(option: name, value: text, problem: .notAnIdentifier(problem))
            }
        default:
            throw OptionError.invalidValue(
                option: name, value: value.text, problem: .wrongKind(expected: kindDescription))
        }
    }

    /// `a flag`, `one of none, storyboard, xib`, `a Swift identifier`: for errors and `describe`.
    public var kindDescription: String {
        switch kind {
        case .flag: return "a flag"
        case .choice(let values, _): return "one of \(values.joined(separator: ", "))"
        case .text: return acceptsAnyText ? "any text" : "a Swift identifier"
        }
    }

    /// Converts text from the command line or config (`true`, `storyboard`, `Items`) into this option's value.
    public func value(fromText text: String) throws(OptionError) -> OptionValue {
        switch kind {
        case .flag:
            switch text {
            case "true", "yes", "on": return .flag(true)
            case "false", "no", "off": return .flag(false)
            default: throw OptionError.invalidValue(option: name, value: text, problem: .notABoolean)
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
