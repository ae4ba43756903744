/// Checks names that end up as Swift type names in generated code.
public enum SwiftIdentifier {
    /// Keywords that cannot name a type without backticks (declarations, statements, expressions, and the
    /// contextual ones that are reserved in type position).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "some", "any",
    ]

    /// Why `name` is not a valid Swift type name, or `nil` when it is: ASCII letters, digits and `_` (not only `_`),
    /// not starting with a digit, not a keyword. ASCII only: a generated file name must survive every file system
    /// and tool in an iOS team's chain unchanged.
    public static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "the name is empty" }
        if let bad = name.unicodeScalars.first(where: { !isIdentifierCharacter($0) }) {
            return "'\(bad)' is not allowed (use ASCII letters, digits and '_')"
        }
        if ("0"..."9").contains(first) { return "it starts with a digit" }
        // `_` is the wildcard pattern, not a name; `__` would be a name no reader could tell apart from it.
        if name.unicodeScalars.allSatisfy({ $0 == "_" }) { return "a name needs a letter or digit besides '_'" }
        if keywords.contains(name) { return "'\(name)' is a Swift keyword" }
        return nil
    }

    private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
