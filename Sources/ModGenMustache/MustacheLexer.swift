/// Splits template text into text, line breaks and tags, following `{{=<% %>=}}` delimiter changes as it goes.
///
/// Works on UTF-8 bytes: delimiters, whitespace and line breaks are ASCII, so byte comparisons are exact and no
/// character is ever split.
struct MustacheLexer {
    private let bytes: [UInt8]
    private let templateName: String
    private var delimiters: MustacheDelimiters
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The column of byte `columnOffset`, so that positions are counted forward from there, not from the line start
    /// each time (a long line with many tags would otherwise take quadratic time).
    private var columnOffset = 0
    private var column = 1
    private(set) var tokens: [MustacheToken] = []
    /// The delimiters in effect at the start, then after each change; tokens refer to them by index.
    private(set) var delimiterChanges: [MustacheDelimiters]
    /// Sections, inverted sections, parents and blocks open at this point. Counted here, in the first pass, so that
    /// a deeply nested template is refused before the later passes (whose work grows with the depth) run.
    private var openScopes = 0

    /// Deeper nesting is refused so that rendering, which recurses once per level, cannot exhaust the stack.
    static let maximumNesting = 100
    /// Longer delimiters are refused (see `changeDelimiters`); real ones are two or three characters.
    static let maximumDelimiterLength = 32

    init(bytes: [UInt8], templateName: String, delimiters: MustacheDelimiters) {
        self.bytes = bytes
        self.templateName = templateName
        self.delimiters = delimiters
        self.delimiterChanges = [delimiters]
    }

    mutating func tokenize() throws(MustacheError) -> [MustacheToken] {
        // About one token per 8 bytes in real templates: growing the array step by step copied it a dozen times.
        tokens.reserveCapacity(bytes.count / 8 + 16)
        var textStart = 0
        var textPosition = currentPosition
        while index < bytes.count {
            let byte = bytes[index]
            if byte == delimiters.open[0], matches(delimiters.open, at: index) {
                appendText(from: textStart, position: textPosition)
                try lexTag()
            } else if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next(is: "\n")) {
                appendText(from: textStart, position: textPosition)
                let length = byte == UInt8(ascii: "\n") ? 1 : 2
                tokens.append(MustacheToken(kind: .newline, range: index..<index + length, position: currentPosition))
                index += length
                line += 1
                lineStart = index
            } else {
                index += 1
                continue
            }
            textStart = index
            textPosition = currentPosition
        }
        appendText(from: textStart, position: textPosition)
        return tokens
    }

    private var currentPosition: MustachePosition {
        mutating get {
            if columnOffset < lineStart {
                columnOffset = lineStart
                column = 1
            }
            // Columns count characters: UTF-8 continuation bytes do not start one.
            for offset in columnOffset..<index where bytes[offset] & 0xC0 != 0x80 { column += 1 }
            columnOffset = index
            return MustachePosition(line: line, column: column)
        }
    }

    private func next(is character: Unicode.Scalar) -> Bool {
        index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: character)
    }

    private func matches(_ marker: [UInt8], at offset: Int) -> Bool {
        guard offset + marker.count <= bytes.count else { return false }
        for (step, byte) in marker.enumerated() where bytes[offset + step] != byte { return false }
        return true
    }

    /// The first place `marker` occurs whole between `offset` and `end` (the end of the text by default).
    private func find(_ marker: [UInt8], from offset: Int, before end: Int? = nil) -> Int? {
        let limit = min(end ?? bytes.count, bytes.count)
        var candidate = offset
        while candidate + marker.count <= limit {
            if bytes[candidate] == marker[0], matches(marker, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    private mutating func appendText(from start: Int, position: MustachePosition) {
        guard start < index else { return }
        tokens.append(MustacheToken(kind: .text, range: start..<index, position: position))
    }

    private func error(_ reason: String, at position: MustachePosition) -> MustacheError {
        MustacheError(templateName: templateName, position: position, reason: reason)
    }

    private mutating func lexTag() throws(MustacheError) {
        let start = index
        let position = currentPosition
        var contentStart = start + delimiters.open.count
        let sigil = contentStart < bytes.count ? bytes[contentStart] : 0
        let kind: MustacheTagKind
        var terminator = delimiters.close
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescaped
            terminator = Array("}".utf8) + delimiters.close
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "="):
            kind = .delimiters
            // The new delimiters may contain the current closing one (`{{={{ }}=}}`), so look for `=}}`.
            terminator = Array("=".utf8) + delimiters.close
        default: kind = .variable
        }
        if kind != .variable { contentStart += 1 }
        let closeDisplay = String(decoding: terminator, as: UTF8.self)
        let contentEnd = find(terminator, from: contentStart)
        // `{{name` followed by a later tag would otherwise swallow text up to that tag's `}}`.
        let swallowsTag = contentEnd.map { end in
            kind != .comment && kind != .delimiters && find(delimiters.open, from: contentStart, before: end) != nil
        }
        // A delimiter change may span lines: the spec allows any whitespace between the two delimiters.
        guard let contentEnd, swallowsTag == false else {
            if kind == .delimiters {
                throw error("delimiter change must end with '\(closeDisplay)', as in \(delimiterExample)", at: position)
            }
            let before = contentEnd == nil ? "after it" : "before the next '\(openDisplay)'"
            throw error("unclosed tag: no '\(closeDisplay)' \(before)", at: position)
        }
        let content = trimmed(contentStart..<contentEnd)
        let tokenDelimiters = delimiterChanges.count - 1
        if kind == .delimiters {
            try changeDelimiters(content, position: position)
        } else if kind != .comment {
            try validateName(content, kind: kind, position: position)
        }
        if kind.opensScope {
            guard openScopes < Self.maximumNesting else {
                throw error("tags nested more than \(Self.maximumNesting) levels deep", at: position)
            }
            openScopes += 1
        } else if kind == .close, openScopes > 0 {
            // An unmatched closing tag is the parser's error, reported with the tag names.
            openScopes -= 1
        }
        index = contentEnd + terminator.count
        // A comment may span lines; keep the line count right for the tags after it.
        for offset in start..<index where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        var token = MustacheToken(kind: .tag(kind), range: start..<index, position: position, content: content)
        token.delimiters = tokenDelimiters
        tokens.append(token)
    }

    private var openDisplay: String { String(decoding: delimiters.open, as: UTF8.self) }

    private var delimiterExample: String { "\(openDisplay)=<% %>=\(String(decoding: delimiters.close, as: UTF8.self))" }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    private func validateName(_ content: String, kind: MustacheTagKind, position: MustachePosition)
        throws(MustacheError)
    {
        var name = content.utf8[...]
        // Dynamic names (`{{>*name}}`, `{{<*name}}`) may have space after the asterisk.
        if kind == .partial || kind == .parent, name.first == UInt8(ascii: "*") {
            name = name.dropFirst().drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        }
        if name.isEmpty { throw error("empty tag name", at: position) }
        if name.contains(where: isWhitespace) {
            throw error("tag name '\(content)' contains whitespace", at: position)
        }
    }

    /// Applies `{{=<% %>=}}`: two delimiters separated by whitespace, neither containing whitespace or '='.
    private mutating func changeDelimiters(_ content: String, position: MustachePosition) throws(MustacheError) {
        let parts = content.utf8.split(whereSeparator: isWhitespace)
        guard parts.count == 2 else {
            throw error(
                "delimiter change needs two delimiters separated by a space, as in \(delimiterExample)", at: position)
        }
        guard !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw error("delimiters must not contain '='", at: position)
        }
        // Finding a delimiter compares it at every candidate byte: a long one would make lexing quadratic.
        guard !parts.contains(where: { $0.count > Self.maximumDelimiterLength }) else {
            throw error("delimiters must be at most \(Self.maximumDelimiterLength) bytes long", at: position)
        }
        delimiters = MustacheDelimiters(open: Array(parts[0]), close: Array(parts[1]))
        delimiterChanges.append(delimiters)
    }
}

func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
}
