/// Reads an OpenStep (old-style text) property list: `{ Key = Value; }`, `( a, "b c" )`, `<0fbd 7777>`, strings
/// quoted with `"` or `'` (with backslash escapes) or unquoted, `//` and `/* */` comments. Like Apple's reader, a
/// file of bare `Key = Value;` pairs (a `.strings` file) is a dictionary, and every scalar is a string.
struct OpenStepPropertyListParser {
    var cursor: PropertyListTextCursor

    mutating func parseDocument() throws(DataFileError) -> PropertyListValue {
        try skipWhitespaceAndComments()
        guard !cursor.isAtEnd else { throw cursor.error("the file holds no property list") }
        let start = cursor
        let value = try parseValue()
        try skipWhitespaceAndComments()
        if cursor.isAtEnd { return value }
        if value.string != nil, cursor.current == UInt8(ascii: "=") {
            cursor = start
            let position = cursor.position()
            try cursor.countValue(at: position)
            return PropertyListValue(
                .dictionary(try parseEntries(closedBy: nil, openedAt: position)), position: position)
        }
        throw cursor.error("unexpected \(cursor.currentCharacter) after the property list")
    }

    private static func isUnquotedByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private mutating func skipWhitespaceAndComments() throws(DataFileError) {
        while true {
            cursor.skipWhitespace()
            if cursor.starts(with: "//") {
                while let byte = cursor.current, byte != UInt8(ascii: "\n") { cursor.advance() }
            } else if cursor.starts(with: "/*") {
                let start = cursor.position()
                cursor.advance(by: 2)
                guard cursor.skip(past: "*/") else { throw cursor.error("unclosed comment (opened at \(start))") }
            } else {
                return
            }
        }
    }

    private mutating func parseValue() throws(DataFileError) -> PropertyListValue {
        let startOffset = cursor.index
        let position = cursor.position()
        guard let byte = cursor.current else { throw cursor.error("unexpected end of file, expected a value") }
        try cursor.countValue(at: position)
        let content: PropertyListValue.Content
        switch byte {
        case UInt8(ascii: "{"):
            cursor.advance()
            try cursor.enter(at: position)
            content = .dictionary(try parseEntries(closedBy: UInt8(ascii: "}"), openedAt: position))
            cursor.leave()
        case UInt8(ascii: "("):
            cursor.advance()
            try cursor.enter(at: position)
            content = .array(try parseElements(openedAt: position))
            cursor.leave()
        case UInt8(ascii: "<"):
            content = .data(try parseData(openedAt: position))
        default:
            content = .string(try parseString())
        }
        var value = PropertyListValue(content, position: position)
        value.byteRange = startOffset..<cursor.index
        return value
    }

    /// A dictionary's entries up to `closer` (`nil`: the end of the file).
    private mutating func parseEntries(closedBy closer: UInt8?, openedAt start: SourcePosition) throws(DataFileError)
        -> [PropertyListEntry]
    {
        var entries: [PropertyListEntry] = []
        while true {
            try skipWhitespaceAndComments()
            if let closer, cursor.current == closer {
                cursor.advance()
                return entries
            }
            if cursor.isAtEnd {
                if closer == nil { return entries }
                throw cursor.error("unexpected end of file: the dictionary opened at \(start) is not closed")
            }
            let keyPosition = cursor.position()
            let keyOffset = cursor.index
            let key = try parseString()
            try skipWhitespaceAndComments()
            guard cursor.current == UInt8(ascii: "=") else {
                throw cursor.error(
                    "expected '=' after the key \"\(DataFileError.excerpt(key))\", found \(cursor.currentCharacter)")
            }
            cursor.advance()
            try skipWhitespaceAndComments()
            let value = try parseValue()
            try skipWhitespaceAndComments()
            guard cursor.current == UInt8(ascii: ";") else {
                throw cursor.error(
                    "expected ';' after the value of \"\(DataFileError.excerpt(key))\", found \(cursor.currentCharacter)"
                )
            }
            cursor.advance()
            var entry = PropertyListEntry(key: key, value: value, keyPosition: keyPosition)
            entry.keyOffset = keyOffset
            entries.append(entry)
        }
    }

    /// An array's elements up to `)`; a comma after the last one is allowed.
    private mutating func parseElements(openedAt start: SourcePosition) throws(DataFileError) -> [PropertyListValue] {
        var elements: [PropertyListValue] = []
        while true {
            try skipWhitespaceAndComments()
            if cursor.current == UInt8(ascii: ")") {
                cursor.advance()
                return elements
            }
            guard !cursor.isAtEnd else {
                throw cursor.error("unexpected end of file: the array opened at \(start) is not closed")
            }
            elements.append(try parseValue())
            try skipWhitespaceAndComments()
            if cursor.current == UInt8(ascii: ",") {
                cursor.advance()
            } else if cursor.current != UInt8(ascii: ")") {
                if cursor.isAtEnd {
                    throw cursor.error("unexpected end of file: the array opened at \(start) is not closed")
                }
                throw cursor.error("expected ',' or ')' in the array, found \(cursor.currentCharacter)")
            }
        }
    }

    /// Hexadecimal bytes between `<` and `>`, whitespace between them ignored.
    private mutating func parseData(openedAt start: SourcePosition) throws(DataFileError) -> [UInt8] {
        cursor.advance()
        var bytes: [UInt8] = []
        var high: UInt8?
        while let byte = cursor.current {
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw cursor.error("odd number of hexadecimal digits in data") }
                cursor.advance()
                return bytes
            }
            if !PropertyList.isWhitespace(byte) {
                guard let value = PropertyList.hexValue(byte) else {
                    throw cursor.error("unexpected \(cursor.currentCharacter) in data, expected a hexadecimal digit")
                }
                if let first = high {
                    bytes.append(first << 4 | value)
                    high = nil
                } else {
                    high = value
                }
            }
            cursor.advance()
        }
        throw cursor.error("unexpected end of file: the data opened at \(start) is not closed")
    }

    private mutating func parseString() throws(DataFileError) -> String {
        guard let byte = cursor.current else { throw cursor.error("unexpected end of file, expected a string") }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try parseQuotedString(quote: byte) }
        let start = cursor.index
        while let byte = cursor.current, Self.isUnquotedByte(byte) { cursor.advance() }
        guard cursor.index > start else {
            throw cursor.error("unexpected \(cursor.currentCharacter), expected a string, '{', '(' or '<'")
        }
        return cursor.text(from: start)
    }

    /// A quoted string. Plain runs are copied as bytes and escapes appended as their UTF-8, decoded once at the end.
    private mutating func parseQuotedString(quote: UInt8) throws(DataFileError) -> String {
        let start = cursor.position()
        cursor.advance()
        var utf8: [UInt8] = []
        var runStart = cursor.index
        while let byte = cursor.current {
            if byte == quote {
                utf8.append(contentsOf: cursor.bytes[runStart..<cursor.index])
                cursor.advance()
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                utf8.append(contentsOf: cursor.bytes[runStart..<cursor.index])
                UTF8.encode(try parseEscape()) { utf8.append($0) }
                runStart = cursor.index
                continue
            }
            cursor.advance()
        }
        throw cursor.error("unexpected end of file: the string opened at \(start) is not closed")
    }

    /// The character the escape at the cursor (a backslash) stands for: C's letters, up to three octal digits
    /// (a byte, read as Latin-1), `\U` with up to four hexadecimal digits (a UTF-16 unit; a surrogate pair is two
    /// escapes), or the next character itself.
    private mutating func parseEscape() throws(DataFileError) -> Unicode.Scalar {
        let start = cursor.position()
        cursor.advance()
        guard let byte = cursor.current else { throw cursor.error("unexpected end of file after '\\'") }
        let simple: [UInt8: Unicode.Scalar] = [
            UInt8(ascii: "a"): "\u{07}", UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "f"): "\u{0C}",
            UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t", UInt8(ascii: "v"): "\u{0B}",
        ]
        if let scalar = simple[byte] {
            cursor.advance()
            return scalar
        }
        if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) {
            var value: UInt32 = 0
            for _ in 0..<3 {
                guard let digit = cursor.current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { break }
                value = value * 8 + UInt32(digit - UInt8(ascii: "0"))
                cursor.advance()
            }
            return Unicode.Scalar(UInt8(truncatingIfNeeded: value))
        }
        if byte == UInt8(ascii: "U") || byte == UInt8(ascii: "u") {
            cursor.advance()
            let high = readHexUnit()
            guard (0xD800..<0xDC00).contains(high) else {
                guard let scalar = Unicode.Scalar(high) else {
                    throw cursor.error("unpaired UTF-16 surrogate in \\U escape", at: start)
                }
                return scalar
            }
            guard cursor.starts(with: "\\U") || cursor.starts(with: "\\u") else {
                throw cursor.error("unpaired UTF-16 surrogate in \\U escape", at: start)
            }
            cursor.advance(by: 2)
            let low = readHexUnit()
            guard (0xDC00..<0xE000).contains(low) else {
                throw cursor.error("unpaired UTF-16 surrogate in \\U escape", at: start)
            }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        // Any other character stands for itself; it may be several bytes long.
        let characterStart = cursor.index
        cursor.advance()
        while let next = cursor.current, next & 0xC0 == 0x80 { cursor.advance() }
        return cursor.text(from: characterStart).unicodeScalars.first!
    }

    private mutating func readHexUnit() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = cursor.current.flatMap(PropertyList.hexValue) else { break }
            value = value << 4 | UInt32(digit)
            cursor.advance()
        }
        return value
    }
}
