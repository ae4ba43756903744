/// The module name Xcode gives a product (its default `PRODUCT_MODULE_NAME`, `$(PRODUCT_NAME:c99extidentifier)`):
/// the product name with every character that cannot be in a C99 extended identifier replaced by `_`, a leading
/// digit included. `My Shop` → `My_Shop`, `2048 Game` → `_048_Game`, `Café` → `Café`. The one implementation of
/// Xcode's `c99extidentifier`: the template macro modifier and the project's build settings both call it.
public enum ProductModuleName {
    /// `text` made a C99 extended identifier as Xcode's `c99extidentifier` does: letters (any script), digits and
    /// `_` kept, every other character `_`, and a leading digit `_` (replaced, not prefixed: the name keeps its
    /// length in characters).
    public static func c99ExtendedIdentifier(_ text: String) -> String {
        var result = ""
        for (offset, character) in text.enumerated() {
            let kept =
                (character.isLetter || character.isNumber || character == "_") && !(offset == 0 && character.isNumber)
            result.append(kept ? character : "_")
        }
        return result
    }

    /// `productName` as a module name, Xcode's way; empty when nothing but `_` would be left (no module name).
    /// The result may hold letters outside ASCII, as Xcode's does: a caller that writes it into generated code
    /// checks it with `SwiftIdentifier` first.
    public static func from(_ productName: String) -> String {
        let result = c99ExtendedIdentifier(productName)
        return result.allSatisfy { $0 == "_" } ? "" : result
    }
}
