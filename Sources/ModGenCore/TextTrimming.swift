extension StringProtocol {
    /// The text without spaces and tabs at either end: what Foundation's `trimmingCharacters(in: .whitespaces)` gives
    /// (Unicode space separators and U+0009), without needing Foundation's full module.
    package func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { character in
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The number in decimal, with leading zeros up to `width` digits: `String(format: "%0*d")` without Foundation.
    package static func zeroPadded(_ number: Int, width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
