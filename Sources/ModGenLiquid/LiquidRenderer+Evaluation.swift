extension LiquidRenderer {
    /// An output's value: the expression, then each filter in turn. Unknown filters pass the value through, as in
    /// Ruby liquid's lax mode.
    mutating func evaluate(_ variable: LiquidVariable, at offset: Int) throws(LiquidError) -> LiquidValue {
        guard let expression = variable.expression else { return .null }
        var value = try evaluate(expression, at: offset)
        for filter in variable.filters {
            try step(at: offset)
            var arguments = LiquidFilterArguments()
            for argument in filter.arguments { arguments.append(try evaluate(argument, at: offset)) }
            if !filter.keywordArguments.isEmpty {
                var keywords = LiquidHash()
                for (key, argument) in filter.keywordArguments { keywords[key] = try evaluate(argument, at: offset) }
                arguments.append(.hash(keywords))
            }
            do {
                value = try LiquidFilters.apply(
                    filter.function, named: filter.name, to: value, arguments: arguments, limits: limits)
            } catch let failure as LiquidFilterError {
                throw error(failure.message, at: offset)
            } catch {
                throw self.error("\(error)", at: offset)
            }
            try checkSize(value, at: offset)
        }
        return value
    }

    /// What a filter made is bounded as the output is (`{% assign s = s | append: s %}` doubles each time), and
    /// making it counts as work: a step for each item of an array and each 256 bytes of text, so that `concat` doubling
    /// an array, or a loop copying a long text, stops at the steps limit instead of running for hours.
    private mutating func checkSize(_ value: LiquidValue, at offset: Int) throws(LiquidError) {
        switch value {
        case .string(let text):
            let bytes = text.utf8.count
            if bytes > min(limits.maximumOutputBytes, LiquidValue.maximumTextBytes) {
                throw error("a value larger than \(limits.maximumOutputBytes) bytes (the limit)", at: offset)
            }
            if bytes >= 256 { try step(at: offset, count: bytes >> 8) }
        case .array(let items):
            try step(at: offset, count: items.count)
        default:
            return
        }
    }

    mutating func evaluate(_ expression: LiquidExpression, at offset: Int) throws(LiquidError) -> LiquidValue {
        switch expression {
        case .literal(let value):
            return value
        case .emptiness:
            return .string("")
        case .range(let low, let high):
            let lowValue = try evaluate(low, at: offset)
            let lowEnd = try rangeEnd(lowValue, at: offset)
            let highValue = try evaluate(high, at: offset)
            return .range(lowEnd, try rangeEnd(highValue, at: offset))
        case .lookup(let lookup):
            // A bare name (`{{ name }}`), the commonest lookup, read where it is without a cursor.
            if lookup.keys.isEmpty, case .name(let name, _) = lookup.name { return value(named: name) }
            // Resolved first, then read: `materialize(try resolve(…))` would copy the whole renderer to call a
            // reading method with an argument that mutates it.
            let cursor = try resolve(lookup, at: offset)
            return materialize(cursor)
        }
    }

    /// `RangeLookup#to_integer`: integers as they are, `nil` and strings by `to_i`, anything else by `Integer()`.
    private func rangeEnd(_ value: LiquidValue, at offset: Int) throws(LiquidError) -> Int {
        switch value {
        case .int(let number): return number
        case .bigInt:
            // Ruby's range would hold them, but counts and steps here are `Int`s.
            throw error("a range end past 64 bits (\(value.rubyString)) is not supported", at: offset)
        case .null, .string: return value.rubyToI
        default: return try toInteger(value, at: offset)
        }
    }

    /// `Utils.to_integer`: integers, and strings that are integers; anything else is an error.
    func toInteger(_ value: LiquidValue, at offset: Int) throws(LiquidError) -> Int {
        if case .int(let number) = value { return number }
        let text = value.rubyString.rubyStripped
        var digits = text[...]
        if let first = digits.first, first == "-" || first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw error("invalid integer", at: offset)
        }
        if let number = Int(text) { return number }
        // A `limit` or `offset` past 64 bits is past any collection: ±2⁶² is the same there, and sums stay in range.
        return text.hasPrefix("-") ? -(1 << 62) : 1 << 62
    }

    enum Cursor {
        case value(LiquidValue)
        case forloop(Int)
        case tablerowloop(TableRowState)
    }

    /// `VariableLookup#evaluate`: the name in the scopes, then each key — a hash key, an array index, or for
    /// `size`/`first`/`last` the command when no such key exists.
    mutating func resolve(_ lookup: LiquidLookup, at offset: Int) throws(LiquidError) -> Cursor {
        var cursor: Cursor
        switch lookup.name {
        case .name(let name, _):
            cursor = cursorFor(name)
        case .expression(let expression):
            let name = try evaluate(expression, at: offset)
            guard case .string(let text) = name else { return .value(.null) }
            cursor = cursorFor(text)
        }
        for key in lookup.keys {
            switch key {
            case .name(let name, let command):
                // A name after a dot, the commonest key: read without making a string value of it.
                switch cursor {
                case .value(let value):
                    guard let next = Self.lookup(name: name, in: value, command: command) else { return .value(.null) }
                    cursor = .value(next)
                case .forloop(let index):
                    cursor = forloopField(name, of: index)
                case .tablerowloop(let state):
                    cursor = .value(Self.tablerowField(name, of: state))
                }
            case .expression(let expression):
                let keyValue = try evaluate(expression, at: offset)
                switch cursor {
                case .value(let value):
                    guard let next = Self.lookup(keyValue, in: value, command: false) else { return .value(.null) }
                    cursor = .value(next)
                case .forloop(let index):
                    guard case .string(let name) = keyValue else { return .value(.null) }
                    cursor = forloopField(name, of: index)
                case .tablerowloop(let state):
                    guard case .string(let name) = keyValue else { return .value(.null) }
                    cursor = .value(Self.tablerowField(name, of: state))
                }
            }
        }
        return cursor
    }

    /// `lookup(.string(name), in: value, command: command)`, without the string value.
    static func lookup(name: String, in value: LiquidValue, command: Bool) -> LiquidValue? {
        if case .hash(let hash) = value, let found = hash[name] { return found }
        guard command else { return nil }
        return commandResult(name, of: value)
    }

    private func cursorFor(_ name: String) -> Cursor {
        switch slot(named: name) {
        case .value(let value): return .value(value)
        case .forloop(let index): return .forloop(index)
        case .tablerowloop(let state): return .tablerowloop(state)
        case nil: return .value(.null)
        }
    }

    static func lookup(_ key: LiquidValue, in value: LiquidValue, command: Bool) -> LiquidValue? {
        switch (value, key) {
        case (.hash(let hash), .string(let name)):
            if let found = hash[name] { return found }
        case (.array(let items), .int(let position)):
            let index = position < 0 ? items.count + position : position
            return index >= 0 && index < items.count ? items[index] : .null
        default:
            break
        }
        guard command, case .string(let name) = key else { return nil }
        return commandResult(name, of: value)
    }

    /// `size`, `first` and `last` of `value`, nil for what has none (a loop object among them).
    private static func commandResult(_ name: String, of value: LiquidValue) -> LiquidValue? {
        if case .hash(let hash) = value, hash.drop != nil { return nil }
        switch (value, name) {
        case (.array(let items), "size"): return .int(items.count)
        case (.array(let items), "first"): return items.first ?? .null
        case (.array(let items), "last"): return items.last ?? .null
        case (.hash(let hash), "size"): return .int(hash.count)
        case (.hash(let hash), "first"):
            guard let entry = hash.entries.first else { return .null }
            return .array([.string(entry.key), entry.value])
        case (.string(let text), "size"): return .int(text.unicodeScalars.count)
        // Ruby's `Integer#size` is the machine word's size in bytes.
        case (.int, "size"): return .int(8)
        case (.bigInt(let number), "size"): return .int(max(8, number.magnitudeByteCount))
        case (.range(let low, let high), "size"): return LiquidFilters.rangeSize(low, high)
        case (.range(let low, _), "first"): return .int(low)
        case (.range(_, let high), "last"): return .int(high)
        default: return nil
        }
    }

    private func forloopField(_ name: String, of index: Int) -> Cursor {
        let state = forloops[index]
        switch name {
        case "name": return .value(.string(state.name))
        case "length": return .value(.int(state.length))
        case "index": return .value(.int(state.index + 1))
        case "index0": return .value(.int(state.index))
        case "rindex": return .value(.int(state.length - state.index))
        case "rindex0": return .value(.int(state.length - state.index - 1))
        case "first": return .value(.bool(state.index == 0))
        case "last": return .value(.bool(state.index == state.length - 1))
        case "parentloop": return state.parent.map { .forloop($0) } ?? .value(.null)
        default: return .value(.null)
        }
    }

    static func tablerowField(_ name: String, of state: TableRowState) -> LiquidValue {
        switch name {
        case "length": return .int(state.length)
        case "index": return .int(state.index + 1)
        case "index0": return .int(state.index)
        case "rindex": return .int(state.length - state.index)
        case "rindex0": return .int(state.length - state.index - 1)
        case "first": return .bool(state.index == 0)
        case "last": return .bool(state.index == state.length - 1)
        case "col": return .int(state.column)
        case "col0": return .int(state.column - 1)
        case "col_first": return .bool(state.column == 1)
        case "col_last": return .bool(state.column == state.columns)
        case "row": return .int(state.row)
        default: return .null
        }
    }

    /// A loop object used as a value (assigned, printed, passed to a filter) becomes a hash of its fields that
    /// prints as Ruby prints the drop.
    func materialize(_ cursor: Cursor) -> LiquidValue {
        switch cursor {
        case .value(let value): return value
        case .forloop(let index):
            var hash = LiquidHash()
            hash.drop = .forloop
            for field in ["name", "length", "index", "index0", "rindex", "rindex0", "first", "last", "parentloop"] {
                hash[field] = materialize(forloopField(field, of: index))
            }
            return .hash(hash)
        case .tablerowloop(let state):
            var hash = LiquidHash()
            hash.drop = .tablerowloop
            for field in [
                "length", "index", "index0", "rindex", "rindex0", "first", "last", "col", "col0", "col_first",
                "col_last", "row",
            ] {
                hash[field] = Self.tablerowField(field, of: state)
            }
            return .hash(hash)
        }
    }

    // MARK: Conditions

    /// The chain from its first link: `or` stops at a true result, `and` at a false one; the last result decides.
    mutating func evaluate(_ condition: LiquidCondition, at offset: Int) throws(LiquidError) -> LiquidValue {
        var index = 0
        while true {
            let result = try evaluateComparison(condition.comparisons[index], at: offset)
            guard index < condition.relations.count else { return result }
            switch condition.relations[index] {
            case .or where result.isTruthy: return result
            case .and where !result.isTruthy: return result
            default: index += 1
            }
        }
    }

    private mutating func evaluateComparison(_ condition: LiquidCondition.Comparison, at offset: Int)
        throws(LiquidError)
        -> LiquidValue
    {
        guard let comparison = condition.comparison else { return try evaluate(condition.left, at: offset) }
        let right = condition.right ?? .literal(.null)
        switch comparison {
        case .equal: return try equalVariables(condition.left, right, at: offset)
        case .notEqual:
            return .bool(!(try equalVariables(condition.left, right, at: offset).isTruthy))
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            if case .emptiness = condition.left { return .null }
            if case .emptiness = right { return .null }
            let leftValue = try evaluate(condition.left, at: offset)
            let rightValue = try evaluate(right, at: offset)
            return try compare(leftValue, comparison, rightValue, at: offset)
        case .contains:
            if case .emptiness = condition.left { return .bool(false) }
            let leftValue = try evaluate(condition.left, at: offset)
            let rightValue = try evaluate(right, at: offset)
            return .bool(Self.contains(leftValue, rightValue))
        case .unknown(let comparison):
            throw error("Unknown operator \(comparison)", at: offset)
        }
    }

    /// `==` as Ruby liquid's `Condition#equal_variables`: `blank`/`empty` ask the other side `blank?`/`empty?`
    /// (Ruby has no `blank?` outside Rails, so that is always nil); otherwise Ruby's `==`.
    private mutating func equalVariables(_ left: LiquidExpression, _ right: LiquidExpression, at offset: Int)
        throws(LiquidError) -> LiquidValue
    {
        // `blank` and `empty` are objects without `empty?` or `blank?` to each other.
        if case .emptiness = left, case .emptiness = right { return .null }
        if case .emptiness(let blank) = left {
            return Self.emptiness(blank: blank, of: try evaluate(right, at: offset))
        }
        if case .emptiness(let blank) = right {
            return Self.emptiness(blank: blank, of: try evaluate(left, at: offset))
        }
        return .bool(try evaluate(left, at: offset) == evaluate(right, at: offset))
    }

    private static func emptiness(blank: Bool, of value: LiquidValue) -> LiquidValue {
        if blank { return .null }
        switch value {
        case .string(let text): return .bool(text.isEmpty)
        case .array(let items): return .bool(items.isEmpty)
        case .hash(let hash): return .bool(hash.isEmpty)
        default: return .null
        }
    }

    /// `<`, `>`, `<=`, `>=` between numbers or between strings; `nil` when either side cannot be ordered.
    func compare(_ left: LiquidValue, _ comparison: LiquidCondition.Operator, _ right: LiquidValue, at offset: Int)
        throws(LiquidError)
        -> LiquidValue
    {
        let order: Int
        switch (left, right) {
        case (.int(let a), .int(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
        case (.int, .float), (.float, .int), (.float, .float), (.bigInt, .int), (.int, .bigInt), (.bigInt, .bigInt),
            (.bigInt, .float), (.float, .bigInt):
            guard let numberOrder = LiquidValue.compareNumbers(left, right) else { return .bool(false) }
            order = numberOrder
        case (.string(let a), .string(let b)):
            order = a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a.utf8.elementsEqual(b.utf8) ? 0 : 1)
        // Only numbers and strings have `<`: between the two Ruby raises; with anything else it is nil.
        case (.int, .string), (.float, .string), (.string, .int), (.string, .float), (.bigInt, .string),
            (.string, .bigInt):
            throw error("comparison of \(left.rubyTypeName) with \(right.rubyComparisonOperand) failed", at: offset)
        default:
            return .null
        }
        switch comparison {
        case .less: return .bool(order < 0)
        case .greater: return .bool(order > 0)
        case .lessOrEqual: return .bool(order <= 0)
        default: return .bool(order >= 0)
        }
    }

    static func contains(_ left: LiquidValue, _ right: LiquidValue) -> Bool {
        guard left.isTruthy, right.isTruthy else { return false }
        switch left {
        case .string(let text): return text.utf8Range(of: right.rubyString) != nil
        case .array(let items): return items.contains(right)
        case .hash(let hash):
            // A loop object is a drop to Ruby, which has no `include?`.
            guard hash.drop == nil, case .string(let key) = right else { return false }
            return hash[key] != nil
        case .range(let low, let high):
            switch right {
            case .int(let number): return number >= low && number <= high
            case .bigInt: return false
            case .float(let number): return number >= Double(low) && number <= Double(high)
            default: return false
            }
        default: return false
        }
    }
}

extension LiquidValue {
    var numericDouble: Double {
        switch self {
        case .int(let value): return Double(value)
        case .bigInt(let value): return value.doubleValue
        case .float(let value): return value
        default: return 0
        }
    }

    /// How Ruby names the right side in "comparison of X with Y failed": numbers by value, others by class.
    var rubyComparisonOperand: String {
        switch self {
        case .int, .bigInt, .float: return rubyString
        case .null: return "nil"
        case .bool(let value): return value ? "true" : "false"
        default: return rubyTypeName
        }
    }
}
