import Testing

@testable import ModGenCore

/// The header's project as Xcode makes a module name of a product name.
@Suite struct ProductModuleNameTests {
    @Test(arguments: [
        ("Shop", "Shop"), ("My Shop", "My_Shop"), ("2048", "_2048"), ("Shop-iOS", "Shop_iOS"), ("", ""),
        ("Café", "Caf_"), ("a.b", "a_b"), ("-", ""), ("é ", ""),
    ])
    func moduleNameOfAProductName(product: String, module: String) {
        #expect(ProductModuleName.from(product) == module)
    }

    /// Every non-empty result is an identifier (or a keyword, which the parameter check then refuses by name).
    @Test(arguments: ["My Shop", "2048", "Café au lait", "x+y", "_a"])
    func theResultIsAnIdentifier(product: String) {
        #expect(SwiftIdentifier.problem(with: ProductModuleName.from(product)) == nil)
    }
}
