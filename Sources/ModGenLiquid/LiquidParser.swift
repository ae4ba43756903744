/// Turns tokens into nodes as Ruby liquid's lax parser does: each block tag parses its own body until a tag it does
/// not know, which it either takes (`endif`, `elsif`, `when`, …) or refuses.
struct LiquidParser {
    let bytes: [UInt8]
    var tokens: [LiquidToken]
    let templateName: String
    let maximumNesting: Int
    var index = 0
    var depth = 0
    /// Set by a `-%}` or `-}}`: the next text loses its leading whitespace.
    var trimNextText = false

    /// Where a body stopped: the tag it did not know, or the end of the source.
    struct Stop {
        var name: String
        var markup: [UInt8]
        var offset: Int
    }

    struct Body {
        var nodes: [LiquidNode] = []
        /// Only whitespace and tags that print nothing (`assign`, `capture`, `comment`, blank blocks): such a
        /// block's whitespace text is dropped, as Ruby liquid does.
        var isBlank = true
        var stop: Stop?
    }

    init(source: [UInt8], templateName: String, maximumNesting: Int) {
        self.bytes = source
        self.tokens = liquidTokens(source)
        self.templateName = templateName
        self.maximumNesting = maximumNesting
    }

    func error(_ message: String, at offset: Int) -> LiquidError {
        let (line, column) = liquidLineAndColumn(bytes, offset: offset)
        return LiquidError(templateName: templateName, line: line, column: column, message: message)
    }

    mutating func parseDocument() throws(LiquidError) -> [LiquidNode] {
        var nodes: [LiquidNode] = []
        while true {
            let body = try parseBody(&nodes)
            guard let stop = body.stop else { return nodes }
            if stop.name == "else" || stop.name == "end" {
                throw error("Unexpected outer '\(stop.name)' tag", at: stop.offset)
            }
            throw error("Unknown tag '\(stop.name)'", at: stop.offset)
        }
    }

    /// Parses nodes into `nodes` until a tag this parser does not know (returned) or the end of the tokens.
    mutating func parseBody(_ nodes: inout [LiquidNode]) throws(LiquidError) -> Body {
        var body = Body()
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token.kind != .text { try checkBracketNesting(token) }
            switch token.kind {
            case .text:
                var start = token.start
                if trimNextText {
                    // Ruby's `lstrip`, which takes NUL bytes as whitespace too.
                    while start < token.end, isLiquidSpace(bytes[start]) || bytes[start] == 0 { start += 1 }
                }
                trimNextText = false
                if start < token.end {
                    let text = String(decoding: bytes[start..<token.end], as: UTF8.self)
                    if body.isBlank, !bytes[start..<token.end].allSatisfy(isLiquidSpace) { body.isBlank = false }
                    nodes.append(.text(text))
                }
            case .output:
                handleWhitespaceControl(token, in: &nodes)
                // `{{-?(.*?)-?}}`: anything else is an unterminated output.
                let length = token.end - token.start
                guard length >= 4, bytes[token.end - 1] == UInt8(ascii: "}"), bytes[token.end - 2] == UInt8(ascii: "}")
                else {
                    throw error(
                        "Variable '\(String(decoding: bytes[token.start..<token.end], as: UTF8.self))' was not properly terminated with regexp: /\\}\\}/",
                        at: token.start)
                }
                var start = token.start + 2
                var end = token.end - 2
                if start < end, bytes[start] == UInt8(ascii: "-") { start += 1 }
                if start < end, bytes[end - 1] == UInt8(ascii: "-") { end -= 1 }
                nodes.append(.printing(LiquidVariable(markup: Array(bytes[start..<end])), at: token.start))
                body.isBlank = false
            case .line:
                if bytes[token.start..<token.end].allSatisfy(isLiquidSpace) { continue }
                guard let (name, markup) = lineTagNameAndMarkup(token) else {
                    let line = String(decoding: bytes[token.start..<token.end], as: UTF8.self)
                    body.stop = Stop(name: line, markup: [], offset: token.start)
                    return body
                }
                guard name != "liquid", let (node, isBlank) = try parseTag(name, markup: markup, at: token.start) else {
                    body.stop = Stop(name: name, markup: markup, offset: token.start)
                    return body
                }
                if let node { nodes.append(node) }
                if !isBlank { body.isBlank = false }
            case .tag:
                handleWhitespaceControl(token, in: &nodes)
                guard let (name, markup) = tagNameAndMarkup(token) else {
                    throw error(
                        "Tag '\(String(decoding: bytes[token.start..<token.end], as: UTF8.self))' was not properly terminated with regexp: /\\%\\}/",
                        at: token.start)
                }
                if name == "liquid" {
                    if try !parseLiquidTag(markup: token.start..<token.end, into: &nodes) { body.isBlank = false }
                    continue
                }
                guard let (node, isBlank) = try parseTag(name, markup: markup, at: token.start) else {
                    body.stop = Stop(name: name, markup: markup, offset: token.start)
                    return body
                }
                if let node { nodes.append(node) }
                if !isBlank { body.isBlank = false }
            }
        }
        return body
    }

    /// Brackets and parentheses in a tag's or output's markup nest no deeper than blocks may: expressions are read
    /// recursively (Ruby's parser too, which overflows its stack somewhere past a thousand levels), so a hostile
    /// markup stops here with one line instead of crashing.
    private func checkBracketNesting(_ token: LiquidToken) throws(LiquidError) {
        var level = 0
        for offset in token.start..<token.end {
            switch bytes[offset] {
            case UInt8(ascii: "("), UInt8(ascii: "["):
                level += 1
                if level > maximumNesting { throw error("Nesting too deep", at: offset) }
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                level = max(0, level - 1)
            default:
                continue
            }
        }
    }

    /// `{% liquid %}`: each line of the markup is a tag, parsed into the body the tag is in. Returns whether the
    /// lines print nothing.
    private mutating func parseLiquidTag(markup range: Range<Int>, into nodes: inout [LiquidNode]) throws(LiquidError)
        -> Bool
    {
        // The markup is what follows the name; lines are found in the whole token, the first line's start being
        // the name `liquid` itself, which is skipped.
        var lines: [LiquidToken] = []
        var start = range.lowerBound + 2
        if start < range.upperBound, bytes[start] == UInt8(ascii: "-") { start += 1 }
        while start < range.upperBound, isLiquidSpace(bytes[start]) { start += 1 }
        start += "liquid".utf8.count
        var end = range.upperBound - 2
        if end > start, bytes[end - 1] == UInt8(ascii: "-") { end -= 1 }
        var lineStart = start
        for position in start..<max(start, end) where bytes[position] == UInt8(ascii: "\n") {
            lines.append(LiquidToken(kind: .line, start: lineStart, end: position))
            lineStart = position + 1
        }
        if lineStart < end { lines.append(LiquidToken(kind: .line, start: lineStart, end: end)) }
        let saved = (tokens, index)
        tokens = lines
        index = 0
        defer { (tokens, index) = saved }
        let body = try parseBody(&nodes)
        if let stop = body.stop {
            throw unknownTagError(stop, blockName: "liquid", openedAt: range.lowerBound, delimiter: "%}")
        }
        return body.isBlank
    }

    /// `\A\s*(#|\w+)\s*(.*?)\z` on one line of a `liquid` tag.
    private func lineTagNameAndMarkup(_ token: LiquidToken) -> (String, [UInt8])? {
        var cursor = token.start
        while cursor < token.end, isLiquidSpace(bytes[cursor]) { cursor += 1 }
        let nameStart = cursor
        if cursor < token.end, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
        } else {
            while cursor < token.end, isLiquidWord(bytes[cursor]) { cursor += 1 }
        }
        guard cursor > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        while cursor < token.end, isLiquidSpace(bytes[cursor]) { cursor += 1 }
        return (name, Array(bytes[cursor..<token.end]))
    }

    /// `{%-` strips the whitespace that ends the text before it (in this body); `-%}` or `-}}` marks the next
    /// text for stripping.
    private mutating func handleWhitespaceControl(_ token: LiquidToken, in nodes: inout [LiquidNode]) {
        let length = token.end - token.start
        if length > 2, bytes[token.start + 2] == UInt8(ascii: "-"), case .text(let text) = nodes.last {
            let stripped = text.rubyRightStripped
            // An emptied text stays, so that a later `{%-` does not reach past it.
            nodes[nodes.count - 1] = .text(stripped)
        }
        trimNextText = length >= 3 && bytes[token.end - 3] == UInt8(ascii: "-")
    }

    /// `{%-?\s*(#|\w+)\s*(.*?)-?%}`.
    private func tagNameAndMarkup(_ token: LiquidToken) -> (String, [UInt8])? {
        guard token.end - token.start >= 4, bytes[token.end - 1] == UInt8(ascii: "}"),
            bytes[token.end - 2] == UInt8(ascii: "%")
        else { return nil }
        var cursor = token.start + 2
        var end = token.end - 2
        if cursor < end, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        while cursor < end, isLiquidSpace(bytes[cursor]) { cursor += 1 }
        let nameStart = cursor
        if cursor < end, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
        } else {
            while cursor < end, isLiquidWord(bytes[cursor]) { cursor += 1 }
        }
        guard cursor > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        while cursor < end, isLiquidSpace(bytes[cursor]) { cursor += 1 }
        if end > cursor, bytes[end - 1] == UInt8(ascii: "-") { end -= 1 }
        return (name, Array(bytes[cursor..<max(cursor, end)]))
    }

    /// Parses a body nested one level deeper, refusing nesting past the limit.
    mutating func parseNestedBody(_ nodes: inout [LiquidNode], at offset: Int) throws(LiquidError) -> Body {
        guard depth < maximumNesting else { throw error("Nesting too deep", at: offset) }
        depth += 1
        defer { depth -= 1 }
        return try parseBody(&nodes)
    }

    func unknownTagError(_ stop: Stop?, blockName: String, openedAt offset: Int, delimiter: String? = nil)
        -> LiquidError
    {
        guard let stop else { return error("'\(blockName)' tag was never closed", at: offset) }
        if stop.name == "else" { return error("\(blockName) tag does not expect 'else' tag", at: stop.offset) }
        if stop.name.hasPrefix("end") {
            return error(
                "'\(stop.name)' is not a valid delimiter for \(blockName) tags. use \(delimiter ?? "end" + blockName)",
                at: stop.offset)
        }
        return error("Unknown tag '\(stop.name)'", at: stop.offset)
    }
}

/// 1-based line and column (in Unicode scalars) of a byte offset.
func liquidLineAndColumn(_ bytes: [UInt8], offset: Int) -> (Int, Int) {
    var line = 1
    var column = 1
    var index = 0
    while index < min(offset, bytes.count) {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }
    return (line, column)
}

extension String {
    /// Ruby's `rstrip`: trailing whitespace and NUL.
    var rubyRightStripped: String {
        let bytes = Array(utf8)
        var end = bytes.count
        while end > 0, isLiquidSpace(bytes[end - 1]) || bytes[end - 1] == 0 { end -= 1 }
        return String(decoding: bytes[0..<end], as: UTF8.self)
    }
}
