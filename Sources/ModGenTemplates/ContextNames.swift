import ModGenCore

/// The names every template context has before the template's own options and parameters: the one list the
/// manifest reader (options and parameters must not shadow them), `--set` and the config's `set` (which may
/// replace header fields but not derived names) and the context builder all use.
package enum ContextNames {
    /// Computed by modgen for each run or file; nothing may replace them.
    package static let derived = [
        "name", "nameCamel", "nameSnake", "nameKebab", "fileName", "year", "date", "projectModule", "targetModule",
        swiftString,
    ]
    /// The object of every text value escaped for a Swift string literal (`{{swiftString.title}}`).
    package static let swiftString = "swiftString"
    /// Header fields from the config file, which `--set` may replace.
    package static let headerFields = HeaderFields().settableFields.map(\.name)
    package static let all = Set(derived + headerFields)

    /// Why `key` cannot be a `--set` (or config `set`) key, or `nil`. Option names are checked separately: they
    /// depend on the template.
    package static func problem(withSettingKey key: String) -> String? {
        if CaseConversion.lowerCamel(key) != key || SwiftIdentifier.problem(with: key) != nil {
            return "is not a lowerCamelCase identifier"
        }
        if derived.contains(key) { return "is derived by modgen and cannot be set" }
        return nil
    }
}
