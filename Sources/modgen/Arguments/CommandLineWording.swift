import ModGenKit

extension OptionWording {
    /// Options as a user types them: `--rx`, `--no-rx`, `--interface xib`, `--set key=value`. The library words
    /// its errors about options through this, so no flag is spelled below the command.
    static let commandLine = OptionWording(
        option: { name in OptionSpec.flagSpelling(CaseConversion.kebab(name)) },
        condition: { condition, options in flagText(condition, options) },
        setting: OptionSpec.flagSpelling(HeaderOptions.set.name))

    /// A condition written the way a user would type it on the command line: `interactor` → `--interactor`,
    /// `!rx` → `--no-rx`, `interface == xib` → `--interface xib`; a text option is "a value for --group".
    private static func flagText(_ condition: Condition, _ options: [String: TemplateOption]) -> String {
        func flag(_ name: String, negated: Bool = false) -> String {
            OptionSpec.flagSpelling(options[name]?.flagName ?? CaseConversion.kebab(name), negated: negated)
        }
        func isFlag(_ name: String) -> Bool {
            if case .flag = options[name]?.kind { return true }
            return false
        }
        switch condition {
        case .isOn(let name):
            return isFlag(name) ? flag(name) : "a value for \(flag(name))"
        case .equals(let name, let value):
            return "\(flag(name)) \(value)"
        case .not(.isOn(let name)):
            return isFlag(name) ? flag(name, negated: true) : "no value for \(flag(name))"
        case .not(.equals(let name, let value)):
            return "\(flag(name)) other than \(value)"
        case .not(let inner):
            return "not (\(flagText(inner, options)))"
        case .and(let lhs, let rhs):
            return "\(flagText(lhs, options)) and \(flagText(rhs, options))"
        case .or(let lhs, let rhs):
            return "\(flagText(lhs, options)) or \(flagText(rhs, options))"
        }
    }
}
