/// `item[property]`, which `where`, `uniq`, `map`, `compact` and `sort` read on each item, as Ruby's `[]` of each
/// kind of item answers it, whatever the template passes as the property.
extension LiquidFilters {
    enum PropertyResult {
        case value(LiquidValue)
        /// The item has no `[]` (nil, a float, a boolean): the filter answers nil.
        case notIndexable
    }

    /// A hash's value by key (nil for a key that is not text); a string's substring, or its character at an index
    /// or characters in a range; an array's item or slice; an integer's bit or bits. A key `[]` cannot take is
    /// Ruby's `TypeError`, reported as the property the filter cannot select.
    static func property(_ property: LiquidValue, of item: LiquidValue) throws -> PropertyResult {
        switch item {
        case .hash(let hash):
            guard case .string(let key) = property else { return .value(.null) }
            return .value(hash[key] ?? .null)
        case .string(let text):
            if case .string(let needle) = property {
                return .value(text.utf8Range(of: needle) != nil ? .string(needle) : .null)
            }
            let scalars = Array(text.unicodeScalars)
            guard let part = try positions(property, count: scalars.count) else { return .value(.null) }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[part.range])
            return .value(.string(String(result)))
        case .array(let items):
            guard let part = try positions(property, count: items.count) else { return .value(.null) }
            return .value(part.isSlice ? .array(Array(items[part.range])) : items[part.range.lowerBound])
        case .int(let number):
            if case .int(let bit) = property {
                return .value(.int(bit < 0 ? 0 : (bit >= 63 ? (number < 0 ? 1 : 0) : (number >> bit) & 1)))
            }
            return .value(try bits(of: LiquidBigInt(number), property))
        case .bigInt(let number):
            return .value(try bits(of: number, property))
        default:
            return .notIndexable
        }
    }

    /// Where `String#[]` and `Array#[]` read among `count` items: one position (an integer, or a float truncated),
    /// or a range's slice as Ruby's `rb_range_beg_len` clips it; nil where they answer nil.
    private static func positions(_ key: LiquidValue, count: Int) throws -> (range: Range<Int>, isSlice: Bool)? {
        if case .range(let low, let high) = key {
            let start = low < 0 ? low + count : low
            guard start >= 0, start <= count else { return nil }
            let end = high < 0 ? high + count : high
            let stop = end >= count ? count : end + 1
            return (start..<max(stop, start), true)
        }
        let index = try integerIndex(key)
        let position = index < 0 ? index + count : index
        guard position >= 0, position < count else { return nil }
        return (position..<position + 1, false)
    }

    /// Ruby's `NUM2LONG`, as `String#[]` and `Array#[]` convert an index.
    private static func integerIndex(_ key: LiquidValue) throws -> Int {
        switch key {
        case .int(let index): return index
        case .float(let value):
            guard value.isFinite, let index = Int(exactly: value.rounded(.towardZero)) else {
                throw LiquidFilterError(message: "the index \(key.rubyString) is out of range")
            }
            return index
        case .bigInt: throw LiquidFilterError(message: "the index \(key.rubyString) is out of range")
        default: throw LiquidFilterError(message: "cannot select the property '\(key.rubyString)'")
        }
    }

    /// Bits past which no integer the engine holds (at most ``LiquidBigInt/maximumDigits`` digits) reaches.
    private static let bitsPastEveryInteger = 3400

    /// `Integer#[]` for a key other than a small integer: a float truncated, a big index (the sign bit, which
    /// repeats above the top), or a range `low..high`: the integer shifted right by `low` (left where negative),
    /// then its `high - low + 1` lowest bits where `low < high`, one bit where they are equal. A shift or mask past
    /// the digit limit is refused, as every integer past it is.
    private static func bits(of number: LiquidBigInt, _ key: LiquidValue) throws -> LiquidValue {
        switch key {
        case .int(let index):
            return .int(number.bit(index))
        case .bigInt(let index):
            return .int(!index.isNegative && number.isNegative ? 1 : 0)
        case .float(let value):
            guard value.isFinite else {
                throw LiquidFilterError(message: "the index \(key.rubyString) is not a number")
            }
            if let index = Int(exactly: value.rounded(.towardZero)) { return .int(number.bit(index)) }
            return .int(value > 0 && number.isNegative ? 1 : 0)
        case .range(let low, let high):
            if low == high { return .int(number.bit(low)) }
            var shifted: LiquidBigInt
            if low >= 0 {
                shifted =
                    low >= bitsPastEveryInteger
                    ? LiquidBigInt(number.isNegative ? -1 : 0)
                    : number.flooredDivision(by: powerOfTwo(low))!.quotient
            } else if number.isZero {
                shifted = number
            } else {
                guard low > -bitsPastEveryInteger else {
                    throw LiquidFilterError(message: "integer of more than \(LiquidBigInt.maximumDigits) digits")
                }
                shifted = number * powerOfTwo(-low)
            }
            if low < high {
                // Ruby makes the mask `2**(high - low + 1) - 1` first, whatever the number.
                let (difference, overflow) = high.subtractingReportingOverflow(low)
                guard !overflow && difference < bitsPastEveryInteger else {
                    throw LiquidFilterError(message: "integer of more than \(LiquidBigInt.maximumDigits) digits")
                }
                shifted = shifted.flooredDivision(by: powerOfTwo(difference + 1))!.remainder
            }
            return try .checkedInteger(shifted)
        default:
            throw LiquidFilterError(message: "cannot select the property '\(key.rubyString)'")
        }
    }

    /// 2 to the power `exponent`, for exponents below `bitsPastEveryInteger`.
    private static func powerOfTwo(_ exponent: Int) -> LiquidBigInt {
        var result = LiquidBigInt(1 << (exponent % 60))
        for _ in 0..<exponent / 60 { result = result * LiquidBigInt(1 << 60) }
        return result
    }
}
