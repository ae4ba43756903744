/// Ruby liquid's strict lexer, which lax mode still tries first for `{{ … }}`: when it reads the whole markup, its
/// reading wins; when it fails, the lax patterns decide.
enum LiquidStrictLexer {
    enum Kind: Equatable {
        case comparison, string, number, identifier, dotdot, pipe, dot, colon, comma, openSquare,
            closeSquare, openRound, closeRound, question, dash, endOfString
    }

    struct Token {
        var kind: Kind
        var text: String
    }

    static func tokenize(_ bytes: [UInt8]) -> [Token]? {
        var tokens: [Token] = []
        var index = 0
        func text(_ end: Int) -> String { String(decoding: bytes[index..<end], as: UTF8.self) }
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        while true {
            while index < bytes.count, isLiquidSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            var end = index
            var kind: Kind
            if let length = comparisonLength(bytes, at: index) {
                end = index + length
                kind = .comparison
            } else if isQuote(byte), let close = bytes[(index + 1)...].firstIndex(of: byte) {
                end = close + 1
                kind = .string
            } else if (byte == UInt8(ascii: "-") && isDigit(index + 1)) || isDigit(index) {
                end = byte == UInt8(ascii: "-") ? index + 1 : index
                while isDigit(end) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "."), isDigit(end + 1) {
                    end += 1
                    while isDigit(end) { end += 1 }
                }
                kind = .number
            } else if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F {
                end = index + 1
                while end < bytes.count, isLiquidWord(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "?") { end += 1 }
                kind = .identifier
            } else if byte == UInt8(ascii: "."), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ".") {
                end = index + 2
                kind = .dotdot
            } else {
                switch byte {
                case UInt8(ascii: "|"): kind = .pipe
                case UInt8(ascii: "."): kind = .dot
                case UInt8(ascii: ":"): kind = .colon
                case UInt8(ascii: ","): kind = .comma
                case UInt8(ascii: "["): kind = .openSquare
                case UInt8(ascii: "]"): kind = .closeSquare
                case UInt8(ascii: "("): kind = .openRound
                case UInt8(ascii: ")"): kind = .closeRound
                case UInt8(ascii: "?"): kind = .question
                case UInt8(ascii: "-"): kind = .dash
                default: return nil
                }
                end = index + 1
            }
            tokens.append(Token(kind: kind, text: text(end)))
            index = end
        }
        tokens.append(Token(kind: .endOfString, text: ""))
        return tokens
    }

    /// `==|!=|<>|<=?|>=?|contains(?=\s)`.
    private static func comparisonLength(_ bytes: [UInt8], at index: Int) -> Int? {
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        switch at(0) {
        case UInt8(ascii: "="): return at(1) == UInt8(ascii: "=") ? 2 : nil
        case UInt8(ascii: "!"): return at(1) == UInt8(ascii: "=") ? 2 : nil
        case UInt8(ascii: "<"): return at(1) == UInt8(ascii: ">") || at(1) == UInt8(ascii: "=") ? 2 : 1
        case UInt8(ascii: ">"): return at(1) == UInt8(ascii: "=") ? 2 : 1
        case UInt8(ascii: "c"):
            let word = Array("contains".utf8)
            guard index + word.count < bytes.count, Array(bytes[index..<(index + word.count)]) == word,
                isLiquidSpace(bytes[index + word.count])
            else { return nil }
            return word.count
        default: return nil
        }
    }
}

/// Ruby liquid's strict `Parser`: expressions come back as normalised markup, which `LiquidExpression.parse` reads.
struct LiquidStrictParser {
    typealias Kind = LiquidStrictLexer.Kind
    let tokens: [LiquidStrictLexer.Token]
    var position = 0

    init(tokens: [LiquidStrictLexer.Token]) { self.tokens = tokens }

    func look(_ kind: Kind, ahead: Int = 0) -> Bool {
        position + ahead < tokens.count && tokens[position + ahead].kind == kind
    }

    mutating func consume(_ kind: Kind) -> String? {
        guard look(kind) else { return nil }
        position += 1
        return tokens[position - 1].text
    }

    mutating func expression() -> String? {
        guard position < tokens.count else { return nil }
        let token = tokens[position]
        switch token.kind {
        case .identifier:
            position += 1
            guard let lookups = variableLookups() else { return nil }
            return token.text + lookups
        case .openSquare:
            position += 1
            guard let inner = expression(), consume(.closeSquare) != nil, let lookups = variableLookups() else {
                return nil
            }
            return "[" + inner + "]" + lookups
        case .string, .number:
            position += 1
            return token.text
        case .openRound:
            position += 1
            guard let first = expression(), consume(.dotdot) != nil, let last = expression(),
                consume(.closeRound) != nil
            else { return nil }
            return "(\(first)..\(last))"
        default:
            return nil
        }
    }

    mutating func argument() -> String? {
        var text = ""
        if look(.identifier), look(.colon, ahead: 1) {
            text = tokens[position].text + ": "
            position += 2
        }
        guard let value = expression() else { return nil }
        return text + value
    }

    mutating func variableLookups() -> String? {
        var text = ""
        while true {
            if consume(.openSquare) != nil {
                guard let inner = expression(), consume(.closeSquare) != nil else { return nil }
                text += "[" + inner + "]"
            } else if consume(.dot) != nil {
                guard let name = consume(.identifier) else { return nil }
                text += "." + name
            } else {
                return text
            }
        }
    }
}
