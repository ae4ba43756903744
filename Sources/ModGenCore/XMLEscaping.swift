/// XML's entities for text: the one escaping of the plist writer (element text: `&`, `<`, `>`) and of Xcode's
/// `xml` macro modifier (all five, quotes too, since its text may land in an attribute).
package enum XMLEscaping {
    package static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
