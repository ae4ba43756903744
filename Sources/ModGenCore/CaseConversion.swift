/// Splits identifiers into words and joins them in the case styles templates need.
///
/// Word boundaries are `_`, `-`, spaces, a lower-to-upper change (`homeScreen`), a digit-to-letter change, and the
/// end of an acronym (`URLSession` → `URL`, `Session`), so every style round-trips through the same words.
public enum CaseConversion {
    public static func words(_ text: String) -> [String] {
        // Option names and module names are ASCII: told apart by byte values, the same words come out without
        // building `Character`s and asking Unicode properties (about 25 k instructions a name; every run converts
        // each option's name to its flag).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(Array(text.utf8)) }
        return characterWords(text)
    }

    /// `words` by `Character`: for any text (a test compares it with `asciiWords` on ASCII).
    static func characterWords(_ text: String) -> [String] {
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

    /// `words` of ASCII text, by byte: for ASCII, `Character`'s `isLowercase`, `isUppercase`, `isNumber` and
    /// `isLetter` hold for exactly `a`–`z`, `A`–`Z`, `0`–`9` and both letter ranges (a CR LF pair, one `Character`,
    /// is neither, as each of its bytes is neither).
    static func asciiWords(_ bytes: [UInt8]) -> [String] {
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var words: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") {
                if index > start { words.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
                start = index + 1
                continue
            }
            if index > start {
                let previous = bytes[index - 1]
                let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                let startsWord =
                    (isLower(previous) && isUpper(byte))
                    || (isDigit(previous) && (isLower(byte) || isUpper(byte)))
                    || (isUpper(previous) && isUpper(byte) && nextIsLower)
                if startsWord {
                    words.append(String(decoding: bytes[start..<index], as: UTF8.self))
                    start = index
                }
            }
        }
        if bytes.count > start { words.append(String(decoding: bytes[start...], as: UTF8.self)) }
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
