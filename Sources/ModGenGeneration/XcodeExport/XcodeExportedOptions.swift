import ModGenCore
import ModGenTemplates

/// A template's options as an Xcode bundle's: a required text option for the module name and `productName` static
/// from it, a `text` per text option, a `popup` per choice, a `checkbox` per flag. A choice's or flag's `requires`
/// and `conflicts` become `RequiredOptions` (the option is shown only while its rules hold), which is exact: a
/// manifest only applies an option's rules while it is on, and Xcode only reads an option while it is shown.
struct XcodeExportedOptions {
    /// The text option `<Name>` fills, and the static option the file names' `___FILEBASENAME___` comes from.
    static let moduleNameIdentifier = "moduleName"
    static let productNameIdentifier = "productName"
    /// How the module name is written in files: the macro that yields the product name.
    static let moduleNameMacro = "___VARIABLE_\(productNameIdentifier)___"

    let template: any ModuleTemplate
    /// The options the bundle offers: the template's, less `leftOut`.
    let options: [TemplateOption]
    /// Options that decide only files of a named output root (`tests`): named in conditions of root files, and in no
    /// condition of a file without a root nor in another option's rule. An Xcode bundle holds the module's own files
    /// (those without a root), so such an option has nothing to pick there; it keeps its default while rendering, and
    /// the export checks that its other values give the same files.
    let leftOut: [TemplateOption]
    /// For each choice or flag option with rules: the values other options must hold for it to be shown.
    let requiredOptions: [String: [(option: String, values: [String])]]

    init(template: any ModuleTemplate) throws(XcodeExportError) {
        self.template = template
        let files = template.files
        let named = { (files: [TemplateFile]) in Set(files.flatMap { $0.when?.optionNames ?? [] }) }
        let inRules = Set(
            template.options.flatMap { option in
                (option.requires + option.conflicts).flatMap { $0.condition.optionNames }
            })
        let rootOnly = named(files.filter { $0.root != nil })
            .subtracting(named(files.filter { $0.root == nil })).subtracting(inRules)
        self.leftOut = template.options.filter {
            rootOnly.contains($0.name) && $0.requires.isEmpty && $0.conflicts.isEmpty
        }
        let leftOutNames = Set(leftOut.map(\.name))
        self.options = template.options.filter { !leftOutNames.contains($0.name) }
        let options = self.options
        var required: [String: [(option: String, values: [String])]] = [:]
        for option in options {
            if [Self.moduleNameIdentifier, Self.productNameIdentifier].contains(option.name) {
                throw XcodeExportError(
                    definitionPath: template.definitionPath,
                    reason: "the option '\(option.name)' has the name the exported bundle gives the module name")
            }
            let rules = option.requires.map { ($0.condition, false) } + option.conflicts.map { ($0.condition, true) }
            guard !rules.isEmpty else { continue }
            if case .text = option.kind {
                throw Self.refusal(
                    template,
                    "the text option '\(option.name)' has rules; Xcode cannot show a text option only under conditions")
            }
            var allowed: [String: Set<String>] = [:]
            for (condition, isConflict) in rules {
                guard let atoms = Self.requirements(condition, negated: isConflict, in: template) else {
                    throw Self.refusal(
                        template,
                        "the rule '\(isConflict ? "conflicts" : "requires") \(condition)' of option '\(option.name)' "
                            + "cannot be written as Xcode RequiredOptions (a list of values other options must hold)")
                }
                for (name, values) in atoms { allowed[name] = allowed[name].map { $0.intersection(values) } ?? values }
            }
            required[option.name] = options.compactMap { other in
                allowed[other.name].map { values in (other.name, Self.values(of: other).filter(values.contains)) }
            }
        }
        self.requiredOptions = required
    }

    private static func refusal(_ template: any ModuleTemplate, _ reason: String) -> XcodeExportError {
        XcodeExportError(definitionPath: template.definitionPath, reason: reason)
    }

    /// The options that pick a sub-folder: choices and flags.
    var selectionOptions: [TemplateOption] {
        options.filter { if case .text = $0.kind { false } else { true } }
    }

    var textOptions: [TemplateOption] {
        options.filter { if case .text = $0.kind { true } else { false } }
    }

    /// `values` with each left-out option at its default, or at `value` for `option`.
    func completed(_ values: OptionValues, setting option: String? = nil, to value: OptionValue? = nil) -> OptionValues
    {
        var values = values
        for leftOut in leftOut { values[leftOut.name] = leftOut.name == option ? value : leftOut.defaultValue }
        return values
    }

    /// Every value an option can take, as Xcode writes it (`true`/`false` for a checkbox).
    static func values(of option: TemplateOption) -> [String] {
        switch option.kind {
        case .flag: return ["true", "false"]
        case .choice(let values, _): return values
        case .text: return []
        }
    }

    /// The condition (or, for a conflict, its negation) as values each named option must hold; `nil` when it is
    /// no such conjunction: an `||` of requirements, a rule on a text option.
    private static func requirements(_ condition: Condition, negated: Bool, in template: any ModuleTemplate)
        -> [(String, Set<String>)]?
    {
        switch (condition, negated) {
        case (.and(let lhs, let rhs), false), (.or(let lhs, let rhs), true):
            guard let left = requirements(lhs, negated: negated, in: template),
                let right = requirements(rhs, negated: negated, in: template)
            else { return nil }
            return left + right
        case (.not(let inner), _):
            return requirements(inner, negated: !negated, in: template)
        case (.isOn(let name), _):
            guard let option = template.option(named: name), case .flag = option.kind else { return nil }
            return [(name, [negated ? "false" : "true"])]
        case (.equals(let name, let value), _):
            guard let option = template.option(named: name) else { return nil }
            let all = Set(values(of: option))
            guard all.contains(value) else { return nil }
            return [(name, negated ? all.subtracting([value]) : [value])]
        default:
            return nil
        }
    }

    /// Whether Xcode shows `option` when the options hold `values`.
    func isShown(_ option: TemplateOption, in values: OptionValues) -> Bool {
        (requiredOptions[option.name] ?? []).allSatisfy { requirement in
            values[requirement.option].map { requirement.values.contains($0.text) } ?? false
        }
    }

    /// The sub-folder Xcode picks for `values` (SPEC §4): each shown choice's value, each shown flag's name when
    /// on, in option order; `Default` when that is empty.
    func folderName(for values: OptionValues) -> String {
        var name = ""
        for option in selectionOptions where isShown(option, in: values) {
            switch values[option.name] ?? option.defaultValue {
            case .choice(let value): name += value
            case .flag(true): name += option.name
            default: break
            }
        }
        return name.isEmpty ? "Default" : name
    }

    /// Every assignment of the choices and flags, valid or not: what Xcode's dialog lets a user pick.
    func allSelections() -> [OptionValues] {
        var selections: [[String: OptionValue]] = [[:]]
        for option in selectionOptions {
            selections = selections.flatMap { partial in
                Self.values(of: option).map { text in
                    let value: OptionValue =
                        if case .flag = option.kind { .flag(text == "true") } else { .choice(text) }
                    return partial.merging([option.name: value]) { _, new in new }
                }
            }
        }
        return selections.map(OptionValues.init)
    }
}
