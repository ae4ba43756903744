import ModGenCore
import ModGenTemplates

/// The `TemplateInfo.plist` of an exported bundle.
enum XcodeExportedTemplateInfo {
    static let kind = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"

    static func value(for options: XcodeExportedOptions) -> PropertyListValue {
        let template = options.template
        var optionValues: [PropertyListValue] = [
            .dictionary([
                "Identifier": .string(XcodeExportedOptions.moduleNameIdentifier),
                "Name": .string("Module name:"),
                "Description": .string("The module's name, a Swift type name such as \(template.sampleName)."),
                "Type": .string("text"),
                "Required": .string("true"),
                "Default": .string(""),
            ]),
            .dictionary([
                "Identifier": .string(XcodeExportedOptions.productNameIdentifier),
                "Type": .string("static"),
                "Default": .string("___VARIABLE_\(XcodeExportedOptions.moduleNameIdentifier)___"),
            ]),
        ]
        for option in options.options {
            var entries: [PropertyListEntry] = [
                entry("Identifier", option.name), entry("Name", label(of: option)), entry("Description", option.help),
            ]
            switch option.kind {
            case .flag(let on):
                entries += [entry("Type", "checkbox"), entry("Default", on ? "true" : "false")]
            case .choice(let values, let fallback):
                entries += [
                    entry("Type", "popup"), entry("Default", fallback),
                    PropertyListEntry(key: "Values", value: .array(values.map(PropertyListValue.string))),
                ]
            case .text(let fallback, _):
                entries += [entry("Type", "text"), entry("Default", fallback)]
            }
            if let required = options.requiredOptions[option.name], !required.isEmpty {
                let conditions = required.map { requirement in
                    PropertyListEntry(
                        key: requirement.option,
                        value: requirement.values.count == 1
                            ? .string(requirement.values[0]) : .array(requirement.values.map(PropertyListValue.string)))
                }
                entries.append(
                    PropertyListEntry(key: "RequiredOptions", value: PropertyListValue(.dictionary(conditions))))
            }
            optionValues.append(PropertyListValue(.dictionary(entries)))
        }
        return .dictionary([
            "Kind": .string(kind),
            "Description": .string(template.summary),
            "Summary": .string(template.summary),
            "DefaultCompletionName": .string(template.sampleName),
            "Options": .array(optionValues),
        ])
    }

    /// The label Xcode's dialog shows: `flowController` → `Flow controller:`.
    private static func label(of option: TemplateOption) -> String {
        let words = option.flagName.replacing("-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst() + ":"
    }

    private static func entry(_ key: String, _ text: String) -> PropertyListEntry {
        PropertyListEntry(key: key, value: .string(text))
    }
}
