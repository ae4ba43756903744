/// A parsed JSON file with the position of every value, so that later checks (a manifest's meaning, not just
/// its syntax) can still name the line and column of the value they reject.
public struct JSONDocument: Sendable {
    public var fileName: String
    public var root: JSONValue
    /// Positions keyed by path: `""` for the root, `options[2].kind` for deeper values.
    public var positions: [String: SourcePosition]

    public init(parsing text: String, fileName: String) throws(DataFileError) {
        var parser = JSONParser(text: text, fileName: fileName)
        self.fileName = fileName
        self.root = try parser.parseDocument()
        self.positions = parser.positions
    }

    /// The position of the value at `path`, or of its nearest parent that has one.
    public func position(of path: String) -> SourcePosition {
        var path = path
        while true {
            if let position = positions[path] { return position }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = String(path[..<cut])
        }
        return positions[""] ?? SourcePosition(line: 1, column: 1)
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes. Hand-written so that errors carry line and column, object keys keep
/// their order, and integers stay integers; Foundation's decoders give none of the three on every platform.
struct JSONParser {
    private let bytes: [UInt8]
    private let fileName: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private(set) var positions: [String: SourcePosition] = [:]
    private var depth = 0
    private static let maximumDepth = 512

    init(text: String, fileName: String) {
        self.bytes = Array(text.utf8)
        self.fileName = fileName
    }

    mutating func parseDocument() throws(DataFileError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue(path: "")
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the JSON value") }
        return value
    }

    private var position: SourcePosition {
        // Columns count characters: continuation bytes of multi-byte UTF-8 sequences do not start one.
        let column = bytes[lineStart..<index].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return SourcePosition(line: line, column: column)
    }

    private func error(_ reason: String) -> DataFileError {
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

    private mutating func parseValue(path: String) throws(DataFileError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        positions[path] = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(path: path)
        case UInt8(ascii: "["): return try parseArray(path: path)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(currentCharacter)', expected a value")
        }
    }

    private var currentCharacter: String {
        let end = index + 1 < bytes.count ? min(index + 4, bytes.count) : bytes.count
        return String(decoding: bytes[index..<end], as: UTF8.self).first.map(String.init) ?? "?"
    }

    private mutating func enter() throws(DataFileError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject(path: String) throws(DataFileError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(path: path.isEmpty ? key : "\(path).\(key)")
            members.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}' after an object member")
        }
    }

    private mutating func parseArray(path: String) throws(DataFileError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(path: "\(path)[\(elements.count)]"))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
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

    private mutating func parseNumber() throws(DataFileError) -> JSONValue {
        let start = index
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
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        guard let value = Double(text) else { throw error("number \(text) is out of range") }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func parseString() throws(DataFileError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun() {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun()
                index += 1
                return String(scalars)
            }
            if byte == UInt8(ascii: "\\") {
                flushRun()
                index += 1
                scalars.append(try parseEscape())
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

    private mutating func parseEscape() throws(DataFileError) -> Unicode.Scalar {
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
                    throw error("unpaired UTF-16 surrogate in \\u escape")
                }
                index += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired UTF-16 surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired UTF-16 surrogate in \\u escape") }
            return scalar
        default:
            index -= 1
            throw error("unknown escape '\\\(currentCharacter)' in a string")
        }
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
