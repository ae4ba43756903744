import Testing

@testable import ModGenCore

/// The header's project as Xcode makes a module name of a product name (`c99extidentifier`, as SwiftPM's
/// `mangledToC99ExtendedIdentifier` also does: a leading digit is replaced, not prefixed).
@Suite struct ProductModuleNameTests {
    @Test(arguments: [
        ("Shop", "Shop"), ("My Shop", "My_Shop"), ("2048", "_048"), ("12 3", "_2_3"), ("1", ""),
        ("Shop-iOS", "Shop_iOS"), ("", ""), ("Café", "Café"), ("a.b", "a_b"), ("-", ""), ("é ", "é_"),
        ("_", ""), ("foo-bar", "foo_bar"),
    ])
    func moduleNameOfAProductName(product: String, module: String) {
        #expect(ProductModuleName.from(product) == module)
    }

    /// The modifier keeps what `from` would empty: `_` alone is an identifier, just not a module name.
    @Test(arguments: [("1", "_"), ("-", "_"), ("\n", "_"), ("_-", "__"), ("2nd Café-x", "_nd_Café_x")])
    func c99ExtendedIdentifier(text: String, identifier: String) {
        #expect(ProductModuleName.c99ExtendedIdentifier(text) == identifier)
    }

    /// Every non-empty result of an ASCII product name is an identifier (or a keyword, which the parameter check
    /// then refuses by name).
    @Test(arguments: ["My Shop", "2048", "x+y", "_a", "9 Lives"])
    func theResultIsAnIdentifier(product: String) {
        #expect(SwiftIdentifier.problem(with: ProductModuleName.from(product)) == nil)
    }
}
