extension LiquidParser {
    mutating func parseConditional(_ tagName: String, markup: [UInt8], at offset: Int) throws(LiquidError) -> (
        LiquidNode?, Bool
    ) {
        var branches = [LiquidBranch(condition: try parseCondition(markup, at: offset), body: [])]
        var isBlank = true
        while true {
            var nodes: [LiquidNode] = []
            let body = try parseNestedBody(&nodes, at: offset)
            branches[branches.count - 1].body = nodes
            isBlank = isBlank && body.isBlank
            guard let stop = body.stop else { throw unknownTagError(nil, blockName: tagName, openedAt: offset) }
            if stop.name == "end" + tagName { break }
            switch stop.name {
            case "elsif":
                branches.append(LiquidBranch(condition: try parseCondition(stop.markup, at: stop.offset), body: []))
            case "else": branches.append(LiquidBranch(condition: nil, body: []))
            default: throw unknownTagError(stop, blockName: tagName, openedAt: offset)
            }
        }
        if isBlank { branches = branches.map { LiquidBranch(condition: $0.condition, body: $0.body.withoutText) } }
        return (.conditional(branches: branches, negatesFirst: tagName == "unless", at: offset), isBlank)
    }

    /// Ruby liquid's lax `if`: the markup is cut into expressions and `and`/`or`; the last expression is the
    /// innermost condition and each earlier one links to what follows it.
    func parseCondition(_ markup: [UInt8], at offset: Int) throws(LiquidError) -> LiquidCondition {
        let syntaxError = error("Syntax Error in tag 'if' - Valid syntax: if [expression]", at: offset)
        var pieces = conditionPieces(LiquidMarkup(markup))
        guard let last = pieces.popLast(), let innermost = comparison(LiquidMarkup(last)) else { throw syntaxError }
        var condition = LiquidCondition(comparisons: [innermost])
        while !pieces.isEmpty {
            let operatorText = String(decoding: pieces.removeLast(), as: UTF8.self).rubyStripped
            guard let expression = pieces.popLast(), let earlier = comparison(LiquidMarkup(expression)) else {
                throw syntaxError
            }
            switch operatorText {
            case "and": condition.relations.insert(.and, at: 0)
            case "or": condition.relations.insert(.or, at: 0)
            default: throw syntaxError
            }
            condition.comparisons.insert(earlier, at: 0)
        }
        return condition
    }

    /// `(QuotedFragment)\s*([=!<>a-z_]+)?\s*(QuotedFragment)?`, searched in the piece.
    private func comparison(_ piece: LiquidMarkup) -> LiquidCondition.Comparison? {
        guard let leftRange = piece.firstQuotedFragment(from: 0) else { return nil }
        var condition = LiquidCondition.Comparison(
            left: .parseInCondition(piece.string(leftRange)), comparison: nil, right: nil)
        var cursor = piece.skipSpaces(from: leftRange.upperBound)
        let operatorStart = cursor
        while cursor < piece.count, isComparisonCharacter(piece.bytes[cursor]) { cursor += 1 }
        if cursor > operatorStart { condition.comparison = .init(piece.string(operatorStart..<cursor)) }
        let rightStart = piece.skipSpaces(from: cursor)
        if let rightEnd = piece.quotedFragmentEnd(at: rightStart) {
            condition.right = .parseInCondition(piece.string(rightStart..<rightEnd))
        }
        return condition
    }

    private func isComparisonCharacter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    /// `ExpressionsAndOperators` scanned: `\b\s?(and|or)\s?\b`, or a run of fragments none of which starts one.
    private func conditionPieces(_ markup: LiquidMarkup) -> [ArraySlice<UInt8>] {
        let bytes = markup.bytes
        var pieces: [ArraySlice<UInt8>] = []
        var index = 0
        while index < bytes.count {
            if let end = booleanOperatorEnd(bytes, at: index) {
                pieces.append(bytes[index..<end])
                index = end
                continue
            }
            var cursor = index
            var matched = false
            while true {
                let fragmentStart = markup.skipSpaces(from: cursor)
                guard fragmentStart < bytes.count, booleanOperatorEnd(bytes, at: fragmentStart) == nil else { break }
                // `QuotedFragment|\S+` — the lookahead has also ruled out an operator after fewer spaces, which can
                // only start where the previous fragment ended.
                if fragmentStart > cursor, booleanOperatorEnd(bytes, at: cursor) != nil, matched { break }
                var end = markup.quotedFragmentEnd(at: fragmentStart) ?? fragmentStart
                if end == fragmentStart {
                    while end < bytes.count, !isLiquidSpace(bytes[end]) { end += 1 }
                }
                guard end > fragmentStart else { break }
                cursor = markup.skipSpaces(from: end)
                matched = true
            }
            if matched {
                pieces.append(bytes[index..<cursor])
                index = cursor
            } else {
                index += 1
            }
        }
        return pieces
    }

    /// `\b(?:\s?and\s?|\s?or\s?)\b` at `index`.
    private func booleanOperatorEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        func isBoundary(_ position: Int) -> Bool {
            let before = position > 0 && isLiquidWord(bytes[position - 1])
            let after = position < bytes.count && isLiquidWord(bytes[position])
            return before != after
        }
        guard isBoundary(index) else { return nil }
        for leading in [1, 0] {
            if leading == 1 && !(index < bytes.count && isLiquidSpace(bytes[index])) { continue }
            let wordStart = index + leading
            for word in ["and", "or"] {
                let utf8 = Array(word.utf8)
                guard wordStart + utf8.count <= bytes.count, Array(bytes[wordStart..<(wordStart + utf8.count)]) == utf8
                else { continue }
                let wordEnd = wordStart + utf8.count
                for trailing in [1, 0] {
                    if trailing == 1 && !(wordEnd < bytes.count && isLiquidSpace(bytes[wordEnd])) { continue }
                    if isBoundary(wordEnd + trailing) { return wordEnd + trailing }
                }
            }
        }
        return nil
    }

    mutating func parseCase(_ markup: LiquidMarkup, at offset: Int) throws(LiquidError) -> (LiquidNode?, Bool) {
        guard let leftRange = markup.firstQuotedFragment(from: 0) else {
            throw error("Syntax Error in 'case' - Valid syntax: case [condition]", at: offset)
        }
        let left = LiquidExpression.parse(markup.string(leftRange))
        var branches: [LiquidBranch] = []
        var isBlank = true
        // Text between `case` and the first `when` is parsed and dropped.
        var nodes: [LiquidNode] = []
        var body = try parseNestedBody(&nodes, at: offset)
        isBlank = body.isBlank
        while true {
            guard let stop = body.stop else { throw unknownTagError(nil, blockName: "case", openedAt: offset) }
            if stop.name == "endcase" { break }
            var conditions: [LiquidCondition?] = []
            switch stop.name {
            case "when":
                var rest = LiquidMarkup(stop.markup)
                while true {
                    guard let valueRange = rest.firstQuotedFragment(from: 0) else {
                        throw error(
                            "Syntax Error in tag 'case' - Valid when condition: {% when [condition] [or condition2...] %}",
                            at: stop.offset)
                    }
                    conditions.append(
                        LiquidCondition(comparisons: [
                            .init(left: left, comparison: .equal, right: .parseInCondition(rest.string(valueRange)))
                        ]))
                    guard let next = whenContinuation(rest, after: valueRange.upperBound) else { break }
                    rest = LiquidMarkup(rest.bytes[next...])
                }
            case "else":
                guard stop.markup.allSatisfy(isLiquidSpace) else {
                    throw error(
                        "Syntax Error in tag 'case' - Valid else condition: {% else %} (no parameters) ",
                        at: stop.offset)
                }
                conditions.append(nil)
            default:
                throw unknownTagError(stop, blockName: "case", openedAt: offset)
            }
            nodes = []
            body = try parseNestedBody(&nodes, at: offset)
            isBlank = isBlank && body.isBlank
            for condition in conditions { branches.append(LiquidBranch(condition: condition, body: nodes)) }
        }
        if isBlank { branches = branches.map { LiquidBranch(condition: $0.condition, body: $0.body.withoutText) } }
        return (.caseWhen(branches: branches, at: offset), isBlank)
    }

    /// `(?:\s+or\s+|\s*,\s*)(QuotedFragment.*)` after a `when` value: where the next value starts.
    private func whenContinuation(_ markup: LiquidMarkup, after index: Int) -> Int? {
        let bytes = markup.bytes
        let afterSpaces = markup.skipSpaces(from: index)
        var next: Int?
        if afterSpaces < bytes.count, bytes[afterSpaces] == UInt8(ascii: ",") {
            next = markup.skipSpaces(from: afterSpaces + 1)
        } else if afterSpaces > index, afterSpaces + 2 < bytes.count, bytes[afterSpaces] == UInt8(ascii: "o"),
            bytes[afterSpaces + 1] == UInt8(ascii: "r"), isLiquidSpace(bytes[afterSpaces + 2])
        {
            next = markup.skipSpaces(from: afterSpaces + 2)
        }
        guard let next, markup.quotedFragmentEnd(at: next) != nil else { return nil }
        return next
    }

    mutating func parseFor(_ markup: LiquidMarkup, at offset: Int) throws(LiquidError) -> (LiquidNode?, Bool) {
        let syntaxError = error("Syntax Error in 'for loop' - Valid syntax: for [item] in [collection]", at: offset)
        // `\A([\w-]+)\s+in\s+(QuotedFragment+)\s*(reversed)?`
        let bytes = markup.bytes
        var cursor = 0
        while cursor < bytes.count, isLiquidWord(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        guard cursor > 0 else { throw syntaxError }
        let variable = markup.string(0..<cursor)
        let afterName = markup.skipSpaces(from: cursor)
        guard afterName > cursor, afterName + 2 < bytes.count, bytes[afterName] == UInt8(ascii: "i"),
            bytes[afterName + 1] == UInt8(ascii: "n"), isLiquidSpace(bytes[afterName + 2])
        else { throw syntaxError }
        let collectionStart = markup.skipSpaces(from: afterName + 2)
        guard let collectionEnd = markup.fragmentRunEnd(at: collectionStart) else { throw syntaxError }
        let collectionMarkup = markup.string(collectionStart..<collectionEnd)
        let afterCollection = markup.skipSpaces(from: collectionEnd)
        let reversedWord = Array("reversed".utf8)
        let reversed =
            afterCollection + reversedWord.count <= bytes.count
            && Array(bytes[afterCollection..<(afterCollection + reversedWord.count)]) == reversedWord
        var loop = LiquidForLoop(
            variable: variable, collection: .parse(collectionMarkup), name: variable + "-" + collectionMarkup,
            reversed: reversed, limit: nil, offset: .none, body: [], elseBody: nil)
        for (key, value) in markup.tagAttributes() {
            switch key {
            case "offset": loop.offset = value == "continue" ? .continuing : .expression(.parse(value))
            case "limit": loop.limit = .parse(value)
            default: break
            }
        }
        var nodes: [LiquidNode] = []
        var body = try parseNestedBody(&nodes, at: offset)
        var isBlank = body.isBlank
        loop.body = nodes
        if let stop = body.stop, stop.name == "else" {
            var elseNodes: [LiquidNode] = []
            body = try parseNestedBody(&elseNodes, at: offset)
            isBlank = isBlank && body.isBlank
            loop.elseBody = elseNodes
            // Ruby's `for` meets a second `else` with an empty else block, and ends there: what follows belongs
            // to the enclosing body (where an `endfor` is an unknown tag).
            if let stop = body.stop, stop.name == "else" {
                loop.elseBody = []
                if isBlank { loop.body = loop.body.withoutText }
                return (.forLoop(loop, at: offset), isBlank)
            }
        }
        guard let stop = body.stop, stop.name == "endfor" else {
            throw unknownTagError(body.stop, blockName: "for", openedAt: offset)
        }
        if isBlank {
            loop.body = loop.body.withoutText
            loop.elseBody = loop.elseBody?.withoutText
        }
        return (.forLoop(loop, at: offset), isBlank)
    }

    mutating func parseTableRow(_ markup: LiquidMarkup, at offset: Int) throws(LiquidError) -> (LiquidNode?, Bool) {
        let syntaxError = error(
            "Syntax Error in 'table_row loop' - Valid syntax: table_row [item] in [collection] cols=3", at: offset)
        // `(\w+)\s+in\s+(QuotedFragment+)`, searched.
        let bytes = markup.bytes
        var found: (String, String)?
        var start = 0
        while start < bytes.count, found == nil {
            defer { start += 1 }
            guard isLiquidWord(bytes[start]), start == 0 || !isLiquidWord(bytes[start - 1]) else { continue }
            var cursor = start
            while cursor < bytes.count, isLiquidWord(bytes[cursor]) { cursor += 1 }
            let afterName = markup.skipSpaces(from: cursor)
            guard afterName > cursor, afterName + 2 < bytes.count, bytes[afterName] == UInt8(ascii: "i"),
                bytes[afterName + 1] == UInt8(ascii: "n"), isLiquidSpace(bytes[afterName + 2])
            else { continue }
            let collectionStart = markup.skipSpaces(from: afterName + 2)
            guard let collectionEnd = markup.fragmentRunEnd(at: collectionStart) else { continue }
            found = (markup.string(start..<cursor), markup.string(collectionStart..<collectionEnd))
        }
        guard let (variable, collection) = found else { throw syntaxError }
        var nodes: [LiquidNode] = []
        let isBlank = try parseBlockBody("tablerow", into: &nodes, at: offset)
        let row = LiquidTableRow(
            variable: variable, collection: .parse(collection),
            attributes: markup.tagAttributes().map { ($0.0, LiquidExpression.parse($0.1)) }, body: nodes)
        // A block like any other: blank when its body prints nothing (its own `<tr>` markup notwithstanding).
        return (.tableRow(row, at: offset), isBlank)
    }

    /// Returns whether the body prints nothing.
    private mutating func parseBlockBody(_ blockName: String, into nodes: inout [LiquidNode], at offset: Int)
        throws(LiquidError) -> Bool
    {
        let body = try parseNestedBody(&nodes, at: offset)
        guard let stop = body.stop, stop.name == "end" + blockName else {
            throw unknownTagError(body.stop, blockName: blockName, openedAt: offset)
        }
        return body.isBlank
    }

    func parseCycle(_ markup: LiquidMarkup, at offset: Int) throws(LiquidError) -> LiquidNode {
        // `\A(QuotedFragment)\s*:\s*(.*)` names the group; otherwise `\A QuotedFragment+` is the whole list.
        if let nameEnd = cycleNameEnd(markup) {
            let colon = markup.skipSpaces(from: nameEnd)
            let values = cycleValues(LiquidMarkup(markup.bytes[markup.skipSpaces(from: colon + 1)...]))
            let group = LiquidExpression.parse(markup.string(0..<nameEnd))
            return .cycle(
                group: group, values: values, key: LiquidNode.cycleKey(group: group, values: values), at: offset)
        }
        guard markup.fragmentRunEnd(at: 0) != nil else {
            throw error("Syntax Error in 'cycle' - Valid syntax: cycle [name :] var [, var2, var3 ...]", at: offset)
        }
        let values = cycleValues(markup)
        return .cycle(group: nil, values: values, key: LiquidNode.cycleKey(group: nil, values: values), at: offset)
    }

    /// Where the name of `name: values` ends: the longest fragment at the start followed by `\s*:` (the regex
    /// backtracks into a fragment like `a:` to find the colon).
    private func cycleNameEnd(_ markup: LiquidMarkup) -> Int? {
        if let end = markup.quotedStringEnd(at: 0) {
            let colon = markup.skipSpaces(from: end)
            if colon < markup.count, markup.bytes[colon] == UInt8(ascii: ":") { return end }
        }
        guard let runEnd = markup.fragmentRunEnd(at: 0) else { return nil }
        let colon = markup.skipSpaces(from: runEnd)
        if colon < markup.count, markup.bytes[colon] == UInt8(ascii: ":") { return runEnd }
        // A colon inside the run, outside quoted strings: the last one leaves the longest name.
        var candidates: [Int] = []
        var index = 0
        while index < runEnd {
            if let closed = markup.quotedStringEnd(at: index) {
                index = closed
                continue
            }
            if markup.bytes[index] == UInt8(ascii: ":"), index > 0 { candidates.append(index) }
            index += 1
        }
        return candidates.last
    }

    /// The markup split at commas, each part's first fragment. Ruby drops the values that parse to `nil` (an
    /// empty part, `nil`, `null`) from the list, so they neither print nor take a turn.
    private func cycleValues(_ markup: LiquidMarkup) -> [LiquidExpression] {
        markup.bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).compactMap { part in
            let piece = LiquidMarkup(part)
            guard let fragment = piece.firstQuotedFragment(from: 0) else { return nil }
            let expression = LiquidExpression.parse(piece.string(fragment))
            if case .literal(.null) = expression { return nil }
            return expression
        }
    }

    func parseInclude(_ tagName: String, _ markup: LiquidMarkup, at offset: Int) throws(LiquidError) -> LiquidNode {
        let bytes = markup.bytes
        // include: `(QuotedFragment+)`; render: `(QuotedString+)`, searched from the start.
        var nameRange: Range<Int>?
        var start = 0
        while start < bytes.count, nameRange == nil {
            if tagName == "render" {
                var end = start
                while let closed = markup.quotedStringEnd(at: end) { end = closed }
                if end > start { nameRange = start..<end }
            } else if let end = markup.fragmentRunEnd(at: start) {
                nameRange = start..<end
            }
            start += 1
        }
        guard let nameRange else {
            throw error(
                tagName == "render"
                    ? "Syntax error in tag 'render' - Template name must be a quoted string"
                    : "Error in tag 'include' - Valid syntax: include '[template]' (with|for) [object|collection]",
                at: offset)
        }
        var include = LiquidInclude(
            templateName: .parse(markup.string(nameRange)), variable: nil, isFor: false, alias: nil,
            attributes: markup.tagAttributes().map { ($0.0, LiquidExpression.parse($0.1)) })
        // `(\s+(with|for)\s+(QuotedFragment+))?(\s+as\s+([\w-]+))?` right after the name.
        var cursor = nameRange.upperBound
        func word(_ text: String, at position: Int) -> Int? {
            let utf8 = Array(text.utf8)
            let afterSpaces = markup.skipSpaces(from: position)
            guard afterSpaces > position, afterSpaces + utf8.count < bytes.count,
                Array(bytes[afterSpaces..<(afterSpaces + utf8.count)]) == utf8,
                isLiquidSpace(bytes[afterSpaces + utf8.count])
            else { return nil }
            return markup.skipSpaces(from: afterSpaces + utf8.count)
        }
        for keyword in ["with", "for"] {
            if let valueStart = word(keyword, at: cursor), let valueEnd = markup.fragmentRunEnd(at: valueStart) {
                include.variable = .parse(markup.string(valueStart..<valueEnd))
                include.isFor = keyword == "for"
                cursor = valueEnd
                break
            }
        }
        if let aliasStart = word("as", at: cursor) {
            var aliasEnd = aliasStart
            while aliasEnd < bytes.count, isLiquidWord(bytes[aliasEnd]) || bytes[aliasEnd] == UInt8(ascii: "-") {
                aliasEnd += 1
            }
            if aliasEnd > aliasStart { include.alias = markup.string(aliasStart..<aliasEnd) }
        }
        if case .literal(.string(let name)) = include.templateName {
            include.variableName = include.alias ?? LiquidRenderer.lastComponent(of: name)
        }
        return tagName == "render" ? .render(include, at: offset) : .include(include, at: offset)
    }
}

extension [LiquidNode] {
    /// The nodes of a blank block without its whitespace text.
    var withoutText: [LiquidNode] {
        filter { if case .text = $0 { return false } else { return true } }
    }
}
