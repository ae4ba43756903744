import Testing

@testable import ModGenCore

@Suite struct SwiftIdentifierTests {
    @Test(arguments: [
        ("Home", nil), ("_Home2", nil), ("2Home", "it starts with a digit"),
        ("class", "'class' is a Swift keyword"),
        ("Home-Screen", "'-' is not allowed (use ASCII letters, digits and '_')"),
        ("_", "a name needs a letter or digit besides '_'"), ("__", "a name needs a letter or digit besides '_'"),
        ("", "the name is empty"), ("Café", "'é' is not allowed (use ASCII letters, digits and '_')"),
    ])
    func validatesSwiftTypeNames(name: String, problem: String?) {
        #expect(SwiftIdentifier.problem(with: name) == problem)
    }
}
