/// XML's entities for text: the one escaping of the plist writer (element text: `&`, `<`, `>`) and of Xcode's
/// `xml` macro modifier (all five, quotes too, since its text may land in an attribute).
package enum XMLEscaping {
    /// By Unicode scalar, not `Character`: a `<` followed by a combining mark is one `Character` that is not equal
    /// to `<`, and would otherwise be written raw (found by the `plist` fuzzer).
    package static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
