extension LiquidFilters {
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
        let sorted = try rubySorted(keyed) { left, right in
            if natural { return naturalOrder(left.key, right.key) }
            guard let order = nilSafeCompare(left.key, right.key) else {
                throw LiquidFilterError(message: "cannot sort values of incompatible types")
            }
            return order
        }
        return .array(sorted.map(\.item))
    }

    /// Ruby's `Array#sort` with a block, which calls glibc's `qsort_r` (Debian's Ruby, the reference): a top-down
    /// merge sort, the first half `count / 2` items, the left item taken while the block answers 0 or less. The
    /// same comparisons in the same order, so that a block that is not a consistent order (`sort_natural` puts nil
    /// after nil) or that fails on some pairs gives Ruby's answer.
    static func rubySorted<Item>(_ items: [Item], by compare: (Item, Item) throws -> Int) throws -> [Item] {
        if items.count < 2 { return items }
        let half = items.count / 2
        let left = try rubySorted(Array(items[..<half]), by: compare)
        let right = try rubySorted(Array(items[half...]), by: compare)
        var merged: [Item] = []
        merged.reserveCapacity(items.count)
        var (i, j) = (0, 0)
        while i < left.count && j < right.count {
            if try compare(left[i], right[j]) <= 0 {
                merged.append(left[i])
                i += 1
            } else {
                merged.append(right[j])
                j += 1
            }
        }
        merged += left[i...]
        merged += right[j...]
        return merged
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
        // Ruby's `uniq` calls its block only when there are two items or more.
        let byProperty = property.map { $0 != .null && items.count > 1 } ?? false
        for item in items {
            var key = item
            if byProperty, let property {
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
