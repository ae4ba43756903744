/// The module name Xcode gives a product (its `PRODUCT_MODULE_NAME`): the product name with every character that
/// cannot be in an identifier replaced by `_`, and `_` before a leading digit. `My Shop` → `My_Shop`, `2048` →
/// `_2048`. Templates use it as the default of the module a test file imports (`@testable import My_Shop`), as the
/// header's project is the product's name more often than not.
public enum ProductModuleName {
    /// `productName` as a module name; empty for a name without an ASCII letter or digit (nothing of it would be
    /// left but `_`, which is no module name).
    public static func from(_ productName: String) -> String {
        var result = String(
            productName.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
                    ? Character(scalar) : "_"
            })
        if result.allSatisfy({ $0 == "_" }) { return "" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }
}
