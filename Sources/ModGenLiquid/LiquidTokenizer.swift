/// One piece of template source: text, `{{ … }}` or `{% … %}`, as byte offsets into the source.
struct LiquidToken {
    /// `line` is one line of a `{% liquid %}` tag: a tag without delimiters.
    enum Kind { case text, output, tag, line }
    var kind: Kind
    var start: Int
    var end: Int
}

/// Splits source as Ruby liquid does: a tag runs from `{%` to the first `%}`, an output from `{{` to the first `}`
/// (and one more `}` if it follows); a `{%` or `{{` with no end is a token of its own, which the parser then
/// refuses as unterminated.
func liquidTokens(_ bytes: [UInt8]) -> [LiquidToken] {
    var tokens: [LiquidToken] = []
    var textStart = 0
    var index = 0
    let count = bytes.count
    while index + 1 < count {
        guard bytes[index] == UInt8(ascii: "{"),
            bytes[index + 1] == UInt8(ascii: "%") || bytes[index + 1] == UInt8(ascii: "{")
        else {
            index += 1
            continue
        }
        if textStart < index { tokens.append(LiquidToken(kind: .text, start: textStart, end: index)) }
        let isTag = bytes[index + 1] == UInt8(ascii: "%")
        var end = index + 2
        if isTag {
            var search = index + 2
            end = index + 2
            while search + 1 < count {
                if bytes[search] == UInt8(ascii: "%"), bytes[search + 1] == UInt8(ascii: "}") {
                    end = search + 2
                    break
                }
                search += 1
            }
        } else {
            var search = index + 2
            while search < count {
                if bytes[search] == UInt8(ascii: "}") {
                    end = search + 1
                    if end < count, bytes[end] == UInt8(ascii: "}") { end += 1 }
                    break
                }
                search += 1
            }
        }
        tokens.append(LiquidToken(kind: isTag ? .tag : .output, start: index, end: end))
        index = end
        textStart = end
    }
    if textStart < count { tokens.append(LiquidToken(kind: .text, start: textStart, end: count)) }
    return tokens
}

// Ruby's regular expressions in liquid are ASCII-only: `\s` is these six bytes, `\w` letters, digits and `_`.
@inline(__always) func isLiquidSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}

@inline(__always) func isLiquidWord(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
}

@inline(__always) func isQuote(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x27 }

/// Markup scanning with the patterns Ruby liquid's lax parser uses, written out by hand over bytes.
struct LiquidMarkup {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }
    init(_ slice: ArraySlice<UInt8>) { self.bytes = Array(slice) }
    init(_ text: String) { self.bytes = Array(text.utf8) }

    var count: Int { bytes.count }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The end of a quoted string (`"…"` or `'…'`) starting at `index`, if it is closed.
    func quotedStringEnd(at index: Int) -> Int? {
        guard index < bytes.count, isQuote(bytes[index]) else { return nil }
        var end = index + 1
        while end < bytes.count {
            if bytes[end] == bytes[index] { return end + 1 }
            end += 1
        }
        return nil
    }

    /// `QuotedFragment`: a closed quoted string, or a run of characters other than whitespace, `,`, `|` and
    /// quotes, in which closed quoted strings may appear.
    func quotedFragmentEnd(at index: Int) -> Int? {
        if let end = quotedStringEnd(at: index) { return end }
        return fragmentRunEnd(at: index)
    }

    /// `(?:[^\s,|'"]|QuotedString)+`, which is also what `QuotedFragment+` matches.
    func fragmentRunEnd(at index: Int) -> Int? {
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if isQuote(byte) {
                guard let closed = quotedStringEnd(at: end) else { break }
                end = closed
            } else if isLiquidSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "|") {
                break
            } else {
                end += 1
            }
        }
        return end > index ? end : nil
    }

    /// The first `QuotedFragment` at or after `index`.
    func firstQuotedFragment(from index: Int) -> Range<Int>? {
        var start = index
        while start < bytes.count {
            if let end = quotedFragmentEnd(at: start) { return start..<end }
            start += 1
        }
        return nil
    }

    func skipSpaces(from index: Int) -> Int {
        var index = index
        while index < bytes.count, isLiquidSpace(bytes[index]) { index += 1 }
        return index
    }

    /// `TagAttributes` scanned over the whole markup: every `word: QuotedFragment`.
    func tagAttributes() -> [(String, String)] {
        var attributes: [(String, String)] = []
        var index = 0
        while index < bytes.count {
            guard isLiquidWord(bytes[index]) else {
                index += 1
                continue
            }
            var nameEnd = index + 1
            while nameEnd < bytes.count, isLiquidWord(bytes[nameEnd]) || bytes[nameEnd] == UInt8(ascii: "-") {
                nameEnd += 1
            }
            var cursor = skipSpaces(from: nameEnd)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else {
                // The regex would retry from the next character, inside the same word; a shorter word cannot be
                // followed by `:` either, so skipping one character is what it amounts to.
                index += 1
                continue
            }
            cursor = skipSpaces(from: cursor + 1)
            guard let valueEnd = quotedFragmentEnd(at: cursor) else {
                index += 1
                continue
            }
            attributes.append((string(index..<nameEnd), string(cursor..<valueEnd)))
            index = valueEnd
        }
        return attributes
    }
}

extension String {
    /// Ruby's `strip`: whitespace (and NUL) off both ends.
    var rubyStripped: String {
        withUTF8Bytes { bytes in
            var start = 0
            var end = bytes.count
            while start < end, isLiquidSpace(bytes[start]) || bytes[start] == 0 { start += 1 }
            while end > start, isLiquidSpace(bytes[end - 1]) || bytes[end - 1] == 0 { end -= 1 }
            // Most text has nothing to strip: the same string, not a copy.
            if start == 0 && end == bytes.count { return self }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// `body` over the text's UTF-8 bytes, read in place where the string holds them together (as Swift's own
    /// strings do), so that scanning a short text allocates nothing.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
