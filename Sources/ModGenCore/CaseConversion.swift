/// Splits identifiers into words and joins them in the case styles templates need.
///
/// Word boundaries are `_`, `-`, spaces, a lower-to-upper change (`homeScreen`), a digit-to-letter change, and the
/// end of an acronym (`URLSession` → `URL`, `Session`), so every style round-trips through the same words.
public enum CaseConversion {
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(text)
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = []
        }
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" || character == " " {
                flush()
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    (previous.isLowercase && character.isUppercase)
                    || (previous.isNumber && character.isLetter)
                    || (previous.isUppercase && character.isUppercase && next?.isLowercase == true)
                if startsWord { flush() }
            }
            current.append(character)
        }
        flush()
        return words
    }

    /// `home_screen`, `HomeScreen` → `homeScreen`; `URLSession` → `urlSession`.
    public static func lowerCamel(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "" }
        return first.lowercased() + parts.dropFirst().map(capitalizedWord).joined()
    }

    /// `home_screen`, `homeScreen` → `HomeScreen`; acronyms stay as written (`URLSession`).
    public static func upperCamel(_ text: String) -> String {
        words(text).map(capitalizedWord).joined()
    }

    /// `HomeScreen` → `home_screen`.
    public static func snake(_ text: String) -> String {
        words(text).map { $0.lowercased() }.joined(separator: "_")
    }

    /// `HomeScreen` → `home-screen`; option names become flags this way (`flowController` → `--flow-controller`).
    public static func kebab(_ text: String) -> String {
        words(text).map { $0.lowercased() }.joined(separator: "-")
    }

    private static func capitalizedWord(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
