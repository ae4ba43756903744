extension LiquidParser {
    /// Parses the tag `name`; `nil` when it is no tag of Liquid's (the enclosing block decides what it means).
    /// Returns the node (none for comments) and whether the tag prints nothing.
    mutating func parseTag(_ name: String, markup: [UInt8], at offset: Int) throws(LiquidError) -> (
        LiquidNode?, Bool
    )? {
        let text = String(decoding: markup, as: UTF8.self)
        switch name {
        case "assign":
            // `([\w\-\.\[\]]\)?)+\s*=\s*(.*)\s*` — the target is the run before `=`.
            guard let (target, valueStart) = assignmentTarget(markup) else {
                throw error("Syntax Error in 'assign' - Valid syntax: assign [var] = [source]", at: offset)
            }
            return (.assign(name: target, LiquidVariable(markup: Array(markup[valueStart...])), at: offset), true)
        case "capture":
            guard let target = variableSignature(markup) else {
                throw error("Syntax Error in 'capture' - Valid syntax: capture [var]", at: offset)
            }
            var nodes: [LiquidNode] = []
            try parseBlock("capture", into: &nodes, at: offset)
            return (.capture(name: target, body: nodes, at: offset), true)
        case "if", "unless":
            return try parseConditional(name, markup: markup, at: offset)
        case "case":
            return try parseCase(LiquidMarkup(markup), at: offset)
        case "for":
            return try parseFor(LiquidMarkup(markup), at: offset)
        case "tablerow":
            return try parseTableRow(LiquidMarkup(markup), at: offset)
        case "comment":
            var nodes: [LiquidNode] = []
            while true {
                let body = try parseNestedBody(&nodes, at: offset)
                guard let stop = body.stop else { throw error("'comment' tag was never closed", at: offset) }
                if stop.name == "endcomment" { break }
            }
            return (.comment, true)
        case "#":
            if inlineCommentHasUncommentedLine(markup) {
                throw error(
                    "Syntax error in tag '#' - Each line of comments must be prefixed by the '#' character", at: offset)
            }
            return (.comment, true)
        case "raw":
            guard markup.allSatisfy(isLiquidSpace) else {
                throw error("Syntax Error in 'raw' - Valid syntax: raw", at: offset)
            }
            let body = try parseRaw(at: offset)
            return (.raw(body), body.isEmpty)
        case "echo":
            return (.printing(LiquidVariable(markup: markup), at: offset), false)
        case "cycle":
            return (try parseCycle(LiquidMarkup(markup), at: offset), false)
        case "increment", "decrement":
            return (.counter(name: text.rubyStripped, step: name == "increment" ? 1 : -1, at: offset), false)
        case "break":
            return (.breakLoop, false)
        case "continue":
            return (.continueLoop, false)
        case "include", "render":
            return (try parseInclude(name, LiquidMarkup(markup), at: offset), false)
        case "ifchanged":
            var nodes: [LiquidNode] = []
            try parseBlock("ifchanged", into: &nodes, at: offset)
            return (.ifChanged(body: nodes), false)
        default:
            return nil
        }
    }

    /// A block whose only inner tag is its end tag.
    private mutating func parseBlock(_ blockName: String, into nodes: inout [LiquidNode], at offset: Int)
        throws(LiquidError)
    {
        let body = try parseNestedBody(&nodes, at: offset)
        guard let stop = body.stop, stop.name == "end" + blockName else {
            throw unknownTagError(body.stop, blockName: blockName, openedAt: offset)
        }
    }

    /// The body of `raw`: every token up to one that ends `{% endraw %}`, kept as written.
    private mutating func parseRaw(at offset: Int) throws(LiquidError) -> String {
        var body: [UInt8] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let tokenBytes = bytes[token.start..<token.end]
            if let prefixEnd = rawEndPrefix(tokenBytes) {
                body += bytes[token.start..<prefixEnd]
                return String(decoding: body, as: UTF8.self)
            }
            body += tokenBytes
        }
        throw error("'raw' tag was never closed", at: offset)
    }

    /// `\A(.*)\{%\s*(\w+)\s*(.*)?%\}\z` with the word `endraw`: where the text before the last such `{%` ends.
    private func rawEndPrefix(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 4, token.last == UInt8(ascii: "}"), token[token.endIndex - 2] == UInt8(ascii: "%")
        else { return nil }
        var start = token.endIndex - 4
        while start >= token.startIndex {
            if token[start] == UInt8(ascii: "{"), token[start + 1] == UInt8(ascii: "%") {
                var cursor = start + 2
                while cursor < token.endIndex, isLiquidSpace(token[cursor]) { cursor += 1 }
                let wordStart = cursor
                while cursor < token.endIndex, isLiquidWord(token[cursor]) { cursor += 1 }
                // The closing `%}` may not be part of the word's run; the word must end before it.
                if cursor > wordStart, cursor <= token.endIndex - 2 {
                    return Array(token[wordStart..<cursor]) == Array("endraw".utf8) ? start : nil
                }
            }
            start -= 1
        }
        return nil
    }

    private func inlineCommentHasUncommentedLine(_ markup: [UInt8]) -> Bool {
        // `\n\s*[^#\s]`
        for (position, byte) in markup.enumerated() where byte == UInt8(ascii: "\n") {
            var cursor = position + 1
            while cursor < markup.count, isLiquidSpace(markup[cursor]) { cursor += 1 }
            if cursor < markup.count, markup[cursor] != UInt8(ascii: "#") { return true }
        }
        return false
    }

    /// `VariableSignature+` = `(\(?[\w\-\.\[\]]\)?)+`, searched anywhere in the markup.
    private func variableSignature(_ markup: [UInt8]) -> String? {
        func isSignature(_ byte: UInt8) -> Bool {
            isLiquidWord(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "]")
        }
        var start = 0
        while start < markup.count {
            var cursor = start
            var matched = false
            while cursor < markup.count {
                var probe = cursor
                if markup[probe] == UInt8(ascii: "(") { probe += 1 }
                guard probe < markup.count, isSignature(markup[probe]) else { break }
                probe += 1
                if probe < markup.count, markup[probe] == UInt8(ascii: ")") { probe += 1 }
                cursor = probe
                matched = true
            }
            if matched { return String(decoding: markup[start..<cursor], as: UTF8.self) }
            start += 1
        }
        return nil
    }

    /// The target of `assign` and where its value starts, where Ruby's unanchored `(VariableSignature+)\s*=\s*`
    /// finds them: the leftmost run of `\(?[\w\-\.\[\]]\)?` units followed by spaces and `=`. Such a run ends
    /// where a stretch of signature characters and parentheses ends (`=` and spaces are neither), so each stretch
    /// followed by `\s*=` is tried from its first position that reads as units; a stretch followed by anything
    /// else cannot hold the match, and the search goes on past it to a later `=`.
    private func assignmentTarget(_ markup: [UInt8]) -> (String, Int)? {
        func isSignature(_ byte: UInt8) -> Bool {
            isLiquidWord(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "]")
        }
        func isRunByte(_ byte: UInt8) -> Bool {
            isSignature(byte) || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
        }
        /// Whether `start..<end` reads as units: each `(` before a signature character, each `)` after one.
        func readsAsUnits(_ start: Int, _ end: Int) -> Bool {
            for index in start..<end {
                if markup[index] == UInt8(ascii: "("), index + 1 >= end || !isSignature(markup[index + 1]) {
                    return false
                }
                if markup[index] == UInt8(ascii: ")"), index == start || !isSignature(markup[index - 1]) {
                    return false
                }
            }
            return true
        }
        var stretchStart = 0
        while stretchStart < markup.count {
            guard isRunByte(markup[stretchStart]) else {
                stretchStart += 1
                continue
            }
            var stretchEnd = stretchStart
            while stretchEnd < markup.count, isRunByte(markup[stretchEnd]) { stretchEnd += 1 }
            var equals = stretchEnd
            while equals < markup.count, isLiquidSpace(markup[equals]) { equals += 1 }
            if equals < markup.count, markup[equals] == UInt8(ascii: "="),
                let start = (stretchStart..<stretchEnd).first(where: { readsAsUnits($0, stretchEnd) })
            {
                var valueStart = equals + 1
                while valueStart < markup.count, isLiquidSpace(markup[valueStart]) { valueStart += 1 }
                return (String(decoding: markup[start..<stretchEnd], as: UTF8.self), valueStart)
            }
            stretchStart = stretchEnd
        }
        return nil
    }
}
