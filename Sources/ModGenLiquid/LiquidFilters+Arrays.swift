extension LiquidFilters {
    /// `item[property]` as Ruby evaluates it on each kind of item: a hash's value, a string's substring (or nil);
    /// an array cannot be indexed by a string (an error); anything else has no `[]` (nil for the whole filter).
    enum PropertyResult {
        case value(LiquidValue)
        case notIndexable
    }

    static func property(_ property: LiquidValue, of item: LiquidValue) throws -> PropertyResult {
        switch item {
        case .hash(let hash):
            guard case .string(let key) = property else { return .value(.null) }
            return .value(hash[key] ?? .null)
        case .string(let text):
            guard case .string(let needle) = property else {
                if case .int(let index) = property {
                    let scalars = Array(text.unicodeScalars)
                    let position = index < 0 ? scalars.count + index : index
                    return .value(
                        position >= 0 && position < scalars.count ? .string(String(scalars[position])) : .null)
                }
                throw LiquidFilterError(message: "cannot select the property '\(property.rubyString)'")
            }
            return .value(text.utf8Range(of: needle) != nil ? .string(needle) : .null)
        case .int(let number):
            // `Integer#[]` reads a bit; any other key is a type error.
            guard case .int(let bit) = property else {
                throw LiquidFilterError(message: "cannot select the property '\(property.rubyString)'")
            }
            return .value(.int(bit < 0 ? 0 : (bit >= 63 ? (number < 0 ? 1 : 0) : (number >> bit) & 1)))
        case .bigInt(let number):
            guard case .int(let bit) = property else {
                throw LiquidFilterError(message: "cannot select the property '\(property.rubyString)'")
            }
            return .value(.int(number.bit(bit)))
        case .array(let items):
            guard case .int(let index) = property else {
                throw LiquidFilterError(message: "cannot select the property '\(property.rubyString)'")
            }
            let position = index < 0 ? items.count + index : index
            return .value(position >= 0 && position < items.count ? items[position] : .null)
        default:
            return .notIndexable
        }
    }

    static func sort(_ input: LiquidValue, property: LiquidValue?, natural: Bool) throws -> LiquidValue {
        let items = inputItems(input)
        if items.isEmpty { return .array([]) }
        var keyed: [(key: LiquidValue, item: LiquidValue)] = []
        if let property, property != .null {
            // Ruby sorts only when every item has `[]`, and reads the property only while comparing.
            guard items.allSatisfy(\.hasIndexOperator) else { return .null }
            if items.count < 2 { return .array(items) }
            for item in items {
                guard case .value(let key) = try Self.property(property, of: item) else { return .null }
                keyed.append((key, item))
            }
        } else {
            keyed = items.map { ($0, $0) }
        }
        var failure: LiquidFilterError?
        let sorted = keyed.enumerated().sorted { left, right in
            let order: Int
            if natural {
                order = naturalOrder(left.element.key, right.element.key)
            } else {
                guard let compared = nilSafeCompare(left.element.key, right.element.key) else {
                    failure = LiquidFilterError(message: "cannot sort values of incompatible types")
                    return false
                }
                order = compared
            }
            // Equal keys keep their order, so the result does not depend on the sorting algorithm.
            return order < 0 || (order == 0 && left.offset < right.offset)
        }
        if let failure { throw failure }
        return .array(sorted.map(\.element.item))
    }

    /// `a <=> b`, then nil last; nil when the two cannot be compared.
    static func nilSafeCompare(_ a: LiquidValue, _ b: LiquidValue) -> Int? {
        if let order = spaceship(a, b) { return order }
        if a == .null { return 1 }
        if b == .null { return -1 }
        return nil
    }

    /// Ruby's `<=>` for the values Liquid holds.
    static func spaceship(_ a: LiquidValue, _ b: LiquidValue) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.int, .float), (.float, .int), (.float, .float), (.bigInt, .int), (.int, .bigInt), (.bigInt, .bigInt),
            (.bigInt, .float), (.float, .bigInt):
            return LiquidValue.compareNumbers(a, b)
        case (.string(let x), .string(let y)):
            return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : (x.utf8.elementsEqual(y.utf8) ? 0 : 1)
        case (.array(let x), .array(let y)):
            for (left, right) in zip(x, y) {
                guard let order = spaceship(left, right) else { return nil }
                if order != 0 { return order }
            }
            return x.count < y.count ? -1 : (x.count == y.count ? 0 : 1)
        default:
            return a == b && a != .null ? 0 : (a == .null && b == .null ? 0 : nil)
        }
    }

    /// `casecmp` of the texts (ASCII letters folded), nil last.
    static func naturalOrder(_ a: LiquidValue, _ b: LiquidValue) -> Int {
        if a != .null && b != .null {
            let x = Array(a.rubyString.utf8).map(asciiLowercase)
            let y = Array(b.rubyString.utf8).map(asciiLowercase)
            return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
        }
        return a == .null ? 1 : -1
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }

    static func whereFilter(_ input: LiquidValue, _ property: LiquidValue, _ target: LiquidValue?) throws -> LiquidValue
    {
        let items = inputItems(input)
        var selected: [LiquidValue] = []
        for item in items {
            guard case .value(let value) = try Self.property(property, of: item) else { return .null }
            if let target, target != .null {
                if value == target { selected.append(item) }
            } else if value.isTruthy {
                selected.append(item)
            }
        }
        return .array(selected)
    }

    static func uniq(_ input: LiquidValue, property: LiquidValue?) throws -> LiquidValue {
        let items = inputItems(input)
        var seen: [LiquidValue] = []
        var result: [LiquidValue] = []
        for item in items {
            var key = item
            if let property, property != .null {
                guard case .value(let value) = try Self.property(property, of: item) else { return .null }
                key = value
            }
            // Ruby's `uniq` uses `eql?`: `1` and `1.0` stay apart.
            if !seen.contains(where: { $0.isEql(key) }) {
                seen.append(key)
                result.append(item)
            }
        }
        return .array(result)
    }

    static func map(_ input: LiquidValue, _ property: LiquidValue) throws -> LiquidValue {
        var result: [LiquidValue] = []
        for item in inputItems(input) {
            if property == .string("to_liquid") {
                result.append(item)
                continue
            }
            switch try Self.property(property, of: item) {
            case .value(let value): result.append(value)
            case .notIndexable: result.append(.null)
            }
        }
        return .array(result)
    }

    static func compact(_ input: LiquidValue, property: LiquidValue?) throws -> LiquidValue {
        let items = inputItems(input)
        guard let property, property != .null else { return .array(items.filter { $0 != .null }) }
        var result: [LiquidValue] = []
        for item in items {
            guard case .value(let value) = try Self.property(property, of: item) else { return .null }
            if value != .null { result.append(item) }
        }
        return .array(result)
    }
}

extension LiquidValue {
    /// Whether Ruby's object has `[]`: hashes, arrays, strings and integers (a bit) do.
    var hasIndexOperator: Bool {
        switch self {
        case .hash, .array, .string, .int, .bigInt: return true
        default: return false
        }
    }

    /// Ruby's `eql?`: equal values of the same type.
    func isEql(_ other: LiquidValue) -> Bool {
        switch (self, other) {
        case (.int, .float), (.float, .int), (.bigInt, .float), (.float, .bigInt): return false
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.isEql($1) }
        default: return self == other
        }
    }
}
