import ModGenKit

/// Swift type names are UpperCamelCase: `modgen new home` writes `homeViewController`, which compiles but reads
/// as a mistake. A lower-case name is only warned about, not refused: it is a valid type name, and a team may mean
/// it.
enum ModuleNameStyle {
    /// The warning for a name that starts with a lower-case letter, with the UpperCamelCase spelling; `nil` for a
    /// name that does not.
    static func suggestion(for name: String) -> String? {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return nil }
        let upper = CaseConversion.upperCamel(name)
        return "module name '\(name)' starts with a lower-case letter, but type names are UpperCamelCase "
            + "(its files would be named \(name)…); did you mean '\(upper)'?"
    }
}
