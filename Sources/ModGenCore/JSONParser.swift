/// A strict RFC 8259 parser over UTF-8 bytes. Hand-written so that errors carry line and column, object keys keep
/// their order, and integers stay integers; Foundation's decoders give none of the three on every platform.
struct JSONParser {
    private let bytes: [UInt8]
    private let fileName: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// A place on the current line whose column is known, so that each position is counted on from the last
    /// one: counting from the line's start every time made a long one-line file quadratic.
    private var countedIndex = 0
    private var countedColumn = 1
    private var depth = 0
    /// Parsing recurses per level, and so do comparing and freeing values.
    private static let maximumDepth = 512
    private var valueCount = 0
    /// About 100 MB of parsed values, far past any template data or manifest, well below what would slow the
    /// machine; data files are also limited to 16 MiB by `TextFile`.
    static let maximumValues = 1_000_000
    /// Whether an integer past 64 bits is read as `.bigInteger` rather than refused.
    var keepsBigIntegers = false

    init(text: String, fileName: String) {
        self.bytes = Array(text.utf8)
        self.fileName = fileName
    }

    mutating func parseDocument() throws(DataFileError) -> (JSONValue, JSONPositionTree) {
        // A byte order mark is invisible in an editor, so it is no column either.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { (index, lineStart, countedIndex) = (3, 3, 3) }
        skipWhitespace()
        let (value, positions) = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the JSON value") }
        return (value, positions)
    }

    /// The line and column of `index`. Columns count characters: continuation bytes of multi-byte UTF-8
    /// sequences do not start one.
    private mutating func position() -> SourcePosition {
        if countedIndex < lineStart { (countedIndex, countedColumn) = (lineStart, 1) }
        countedColumn = bytes[countedIndex..<index].reduce(countedColumn) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        countedIndex = index
        return SourcePosition(line: line, column: countedColumn)
    }

    private mutating func error(_ reason: String) -> DataFileError {
        error(reason, at: position())
    }

    private func error(_ reason: String, at position: SourcePosition) -> DataFileError {
        DataFileError(fileName: fileName, position: position, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// A value and where it and its children start.
    private mutating func parseValue() throws(DataFileError) -> (JSONValue, JSONPositionTree) {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        var node = JSONPositionTree(position: position())
        valueCount += 1
        if valueCount > Self.maximumValues { throw error("more than \(Self.maximumValues) values", at: node.position) }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"): (value, node.children) = try parseObject()
        case UInt8(ascii: "["): (value, node.children) = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): value = try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): value = try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): value = try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber(at: node.position)
        default: throw error("unexpected character '\(currentCharacter)', expected a value")
        }
        return (value, node)
    }

    /// The character at `index`, escaped if it would be invisible or move the cursor in a terminal.
    private var currentCharacter: String {
        let end = min(index + 4, bytes.count)
        guard let character = String(decoding: bytes[index..<end], as: UTF8.self).first else { return "?" }
        guard character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) else {
            return String(character)
        }
        return character.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    }

    private mutating func enter() throws(DataFileError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(DataFileError) -> (JSONValue, [JSONPositionTree]) {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var positions: [JSONPositionTree] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return (.object(members), positions)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(DataFileError.excerpt(key))\"")
            }
            index += 1
            skipWhitespace()
            let (value, position) = try parseValue()
            members.append((key, value))
            positions.append(position)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return (.object(members), positions)
            }
            throw error("expected ',' or '}' after an object member")
        }
    }

    private mutating func parseArray() throws(DataFileError) -> (JSONValue, [JSONPositionTree]) {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        var positions: [JSONPositionTree] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return (.array(elements), positions)
        }
        while true {
            skipWhitespace()
            let (element, position) = try parseValue()
            elements.append(element)
            positions.append(position)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return (.array(elements), positions)
            }
            throw error("expected ',' or ']' after an array element")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(DataFileError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw error("unexpected word, expected '\(word)'") }
        index += expected.count
        return value
    }

    /// A number, refused where it could not be printed back as written: an integer outside Int's 64 bits (as a
    /// double it would be silently rounded), or a number too large for a double (it would print as `inf`). One too
    /// small for a double is read as 0 or the nearest subnormal, as any decimal fraction is rounded to the nearest
    /// double; `-0` is the integer 0.
    private mutating func parseNumber(at start: SourcePosition) throws(DataFileError) -> JSONValue {
        let startIndex = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        if isInteger {
            guard let value = Int(text) else {
                if keepsBigIntegers { return .bigInteger(text) }
                throw error(
                    "integer \(DataFileError.excerpt(text)) is outside the 64-bit range; write it as a string",
                    at: start)
            }
            return .integer(value)
        }
        guard let value = Double(text), value.isFinite else {
            throw error(
                "number \(DataFileError.excerpt(text)) is too large for a 64-bit floating-point number", at: start)
        }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A string's text. Plain runs are copied as bytes and escapes appended as their UTF-8, decoded once at the
    /// end: the input is valid UTF-8 and escapes are whole scalars, so nothing is altered, and a string of a
    /// million escapes takes a moment instead of minutes.
    private mutating func parseString() throws(DataFileError) -> String {
        index += 1
        var utf8: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                utf8.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                utf8.append(contentsOf: bytes[runStart..<index])
                UTF8.encode(try parseEscape()) { utf8.append($0) }
                runStart = index
                continue
            }
            if byte < 0x20 {
                throw error(byte == 0x0A ? "unterminated string" : "control character in a string must be escaped")
            }
            index += 1
        }
        throw error("unterminated string")
    }

    /// The character the escape at `index` stands for; a `\\u` escape that is not a whole character is named at
    /// its backslash.
    private mutating func parseEscape() throws(DataFileError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHexQuad()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw unpairedSurrogate(at: start)
                }
                index += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw unpairedSurrogate(at: start)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw unpairedSurrogate(at: start)
            }
            return scalar
        default:
            index -= 1
            throw error("unknown escape '\\\(currentCharacter)' in a string")
        }
    }

    private mutating func unpairedSurrogate(at start: Int) -> DataFileError {
        index = start
        return error("unpaired UTF-16 surrogate in \\u escape")
    }

    private mutating func parseHexQuad() throws(DataFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
