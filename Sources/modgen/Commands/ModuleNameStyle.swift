import ModGenKit

/// Swift type names are UpperCamelCase: `modgen new home` writes `homeViewController`, which compiles but reads
/// as a mistake. A lower-case name is only warned about, not refused: it is a valid type name, and a team may mean
/// it. The same holds for a text option that starts the module's type names (viper-s's `--group items` writes
/// `itemsListContract`): its value is kept as typed, with the same warning.
enum ModuleNameStyle {
    /// The warning for a name that starts with a lower-case letter, with the UpperCamelCase spelling; `nil` for a
    /// name that does not.
    static func suggestion(for name: String) -> String? {
        guard startsLowerCase(name) else { return nil }
        return "module name '\(name)' starts with a lower-case letter, but type names are UpperCamelCase "
            + "(its files would be named \(name)…); did you mean '\(CaseConversion.upperCamel(name))'?"
    }

    /// The warnings for text options whose value starts with a lower-case letter and starts the name of a file
    /// this run writes (`itemsListContract.swift`): whatever the option means to the template, it begins a type
    /// name there. In the template's option order.
    static func suggestions(
        forTextOptionsOf template: any ModuleTemplate, values: OptionValues, files: [RenderedFile]
    ) -> [String] {
        let fileNames = files.map { String($0.path.split(separator: "/").last ?? "") }
        return template.options.compactMap { option in
            guard case .text(let value)? = values[option.name], startsLowerCase(value),
                let fileName = fileNames.first(where: { $0.hasPrefix(value) })
            else { return nil }
            return "\(option.name) '\(value)' starts with a lower-case letter, but type names are UpperCamelCase (a "
                + "file would be named \(fileName)); did you mean '\(CaseConversion.upperCamel(value))'?"
        }
    }

    private static func startsLowerCase(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return ("a"..."z").contains(first)
    }
}
