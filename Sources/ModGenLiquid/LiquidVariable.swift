/// `{{ expression | filter: argument, key: value }}`, also the right side of `assign` and the markup of `echo`.
struct LiquidVariable: Sendable {
    struct Filter: Sendable {
        var name: String
        /// `name`'s standard filter, nil for an unknown one (which lax mode skips).
        var function: LiquidFilterFunction?
        var arguments: [LiquidExpression] = []
        var keywordArguments: [(String, LiquidExpression)] = []

        init(name: String) {
            self.name = name
            function = LiquidFilterFunction(rawValue: name)
        }
    }

    /// `nil` for empty markup (`{{ }}`), which renders nothing.
    var expression: LiquidExpression?
    var filters: [Filter]

    /// Parses as Ruby liquid's `Variable` does in lax mode: the strict grammar first, and where that fails the lax
    /// patterns, which accept (and quietly drop) much that is not Liquid.
    init(markup: [UInt8]) {
        if let strict = Self.strictParse(markup) {
            self = strict
        } else {
            self = Self.laxParse(LiquidMarkup(markup))
        }
    }

    private init(expression: LiquidExpression?, filters: [Filter]) {
        self.expression = expression
        self.filters = filters
    }

    private static func strictParse(_ markup: [UInt8]) -> LiquidVariable? {
        guard let tokens = LiquidStrictLexer.tokenize(markup) else { return nil }
        var parser = LiquidStrictParser(tokens: tokens)
        if parser.look(.endOfString) { return LiquidVariable(expression: nil, filters: []) }
        guard let name = parser.expression() else { return nil }
        var filters: [Filter] = []
        while parser.consume(.pipe) != nil {
            guard let filterName = parser.consume(.identifier) else { return nil }
            var filter = Filter(name: filterName)
            if parser.consume(.colon) != nil {
                repeat {
                    guard let argument = parser.argument() else { return nil }
                    filter.add(argument)
                } while parser.consume(.comma) != nil
            }
            filters.append(filter)
        }
        guard parser.look(.endOfString) else { return nil }
        return LiquidVariable(expression: LiquidExpression.parse(name), filters: filters)
    }

    private static func laxParse(_ markup: LiquidMarkup) -> LiquidVariable {
        guard let nameRange = markup.firstQuotedFragment(from: 0) else {
            return LiquidVariable(expression: nil, filters: [])
        }
        let expression = LiquidExpression.parse(markup.string(nameRange))
        var filters: [Filter] = []
        var index = nameRange.upperBound
        while index < markup.count, markup.bytes[index] != UInt8(ascii: "|") { index += 1 }
        guard index < markup.count else { return LiquidVariable(expression: expression, filters: []) }
        index = markup.skipSpaces(from: index + 1)
        // `(?:\s+|QuotedFragment|,)+` scanned: each match is one filter with its arguments.
        while index < markup.count {
            let start = index
            while index < markup.count {
                let byte = markup.bytes[index]
                if isLiquidSpace(byte) || byte == UInt8(ascii: ",") {
                    index += 1
                } else if let end = markup.quotedFragmentEnd(at: index) {
                    index = end
                } else {
                    break
                }
            }
            if index == start {
                index += 1
                continue
            }
            if let filter = laxFilter(LiquidMarkup(markup.bytes[start..<index])) { filters.append(filter) }
        }
        return LiquidVariable(expression: expression, filters: filters)
    }

    /// One lax filter: its name is the first run of word characters; its arguments follow each `:` or `,`.
    private static func laxFilter(_ chunk: LiquidMarkup) -> Filter? {
        let bytes = chunk.bytes
        guard let nameStart = bytes.firstIndex(where: isLiquidWord) else { return nil }
        var nameEnd = nameStart
        while nameEnd < bytes.count, isLiquidWord(bytes[nameEnd]) { nameEnd += 1 }
        var filter = Filter(name: chunk.string(nameStart..<nameEnd))
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: ",") else {
                index += 1
                continue
            }
            let valueStart = chunk.skipSpaces(from: index + 1)
            if let end = keywordArgumentEnd(chunk, at: valueStart) ?? chunk.quotedFragmentEnd(at: valueStart) {
                filter.add(chunk.string(valueStart..<end))
                index = end
            } else {
                index += 1
            }
        }
        return filter
    }

    /// `\w+\s*:\s*QuotedFragment` at `index`.
    private static func keywordArgumentEnd(_ chunk: LiquidMarkup, at index: Int) -> Int? {
        var cursor = index
        while cursor < chunk.count, isLiquidWord(chunk.bytes[cursor]) { cursor += 1 }
        guard cursor > index else { return nil }
        cursor = chunk.skipSpaces(from: cursor)
        guard cursor < chunk.count, chunk.bytes[cursor] == UInt8(ascii: ":") else { return nil }
        return chunk.quotedFragmentEnd(at: chunk.skipSpaces(from: cursor + 1))
    }
}

extension LiquidVariable.Filter {
    /// An argument as written; `key: value` (the whole text being exactly that) is a keyword argument.
    mutating func add(_ argument: String) {
        let markup = LiquidMarkup(argument)
        let bytes = markup.bytes
        if let first = bytes.first, isLiquidWord(first) {
            var cursor = 1
            while cursor < bytes.count, isLiquidWord(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "-") {
                cursor += 1
            }
            let nameEnd = cursor
            cursor = markup.skipSpaces(from: cursor)
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") {
                let valueStart = markup.skipSpaces(from: cursor + 1)
                if let end = markup.quotedFragmentEnd(at: valueStart), end == bytes.count {
                    keywordArguments.append(
                        (markup.string(0..<nameEnd), LiquidExpression.parse(markup.string(valueStart..<end))))
                    return
                }
            }
        }
        arguments.append(LiquidExpression.parse(argument))
    }
}
