#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Where integers past 64 bits meet the rest of the engine: folding results back into `Int` when they fit,
// comparing numbers exactly as Ruby does, and the digit limit.

extension LiquidValue {
    /// `.int` when the value fits, else `.bigInt`.
    static func integer(_ value: LiquidBigInt) -> LiquidValue {
        if let small = value.exactInt { return .int(small) }
        return .bigInt(value)
    }

    /// An integer computed by a filter, refused past ``LiquidBigInt/maximumDigits``.
    static func checkedInteger(_ value: LiquidBigInt) throws -> LiquidValue {
        try LiquidBigInt.checkSize(value)
        return integer(value)
    }

    /// Ruby's `<=>` between two numbers, exact between integers and floats as Ruby's is (`2**53 + 1 > 2.0**53`);
    /// nil when either is NaN or not a number.
    static func compareNumbers(_ a: LiquidValue, _ b: LiquidValue) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.float(let x), .float(let y)):
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x == y ? 0 : 1)
        case (.int, .float(let y)), (.bigInt, .float(let y)):
            return compareInteger(a, withDouble: y)
        case (.float(let x), .int), (.float(let x), .bigInt):
            return compareInteger(b, withDouble: x).map { -$0 }
        case (.int, .bigInt), (.bigInt, .int), (.bigInt, .bigInt):
            guard let x = a.bigIntValue, let y = b.bigIntValue else { return nil }
            return LiquidBigInt.compare(x, y)
        default:
            return nil
        }
    }

    /// An integer (`.int` or `.bigInt`) against a double, exactly.
    private static func compareInteger(_ integer: LiquidValue, withDouble double: Double) -> Int? {
        if double.isNaN { return nil }
        if double.isInfinite { return double < 0 ? 1 : -1 }
        let whole = double.rounded(.down)
        let order: Int
        if case .int(let x) = integer, let y = Int(exactly: whole) {
            order = x < y ? -1 : (x == y ? 0 : 1)
        } else {
            guard let x = integer.bigIntValue, let y = LiquidBigInt(exactly: whole) else { return nil }
            order = LiquidBigInt.compare(x, y)
        }
        // At or below the double's whole part: below the double itself unless it has no fraction.
        if order <= 0 { return order == 0 && whole == double ? 0 : -1 }
        return 1
    }

    /// The integer as a big one, for `.int` and `.bigInt`.
    var bigIntValue: LiquidBigInt? {
        switch self {
        case .int(let value): return LiquidBigInt(value)
        case .bigInt(let value): return value
        default: return nil
        }
    }
}

extension LiquidBigInt {
    static func checkSize(_ value: LiquidBigInt) throws {
        guard value.digitCount <= maximumDigits else {
            throw LiquidFilterError(message: "integer of more than \(maximumDigits) digits")
        }
    }
}

/// Ruby's `String#to_i` as a Liquid integer: `.bigInt` when the digits leave 64 bits.
func rubyStringToInteger(_ text: String) -> LiquidValue {
    let small = rubyStringToI(text)
    // `rubyStringToI` stops at the ends of `Int`'s range; only then can there be more.
    guard small == .max || small == .min else { return .int(small) }
    var bytes = Array(text.utf8)[...]
    while let first = bytes.first, isLiquidSpace(first) { bytes = bytes.dropFirst() }
    var digits = ""
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        if sign == UInt8(ascii: "-") { digits = "-" }
        bytes = bytes.dropFirst()
    }
    var previousDigit = false
    for byte in bytes {
        if byte >= 0x30 && byte <= 0x39 {
            digits.unicodeScalars.append(Unicode.Scalar(byte))
            previousDigit = true
        } else if byte == UInt8(ascii: "_") && previousDigit {
            previousDigit = false
        } else {
            break
        }
    }
    return LiquidBigInt(digits: digits).map(LiquidValue.integer) ?? .int(small)
}

/// The whole number a decimal's text (`-?\d+(\.\d+)?(e[+-]?\d+)?`, as Ruby and `Decimal` print them) holds,
/// and whether a nonzero fraction was cut off; nil for other text.
func integerPart(ofDecimalText text: String) -> (whole: LiquidBigInt, hasFraction: Bool)? {
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        guard let value = Int(text[text.index(after: e)...].drop { $0 == "+" }) else { return nil }
        exponent = value
        mantissa = text[..<e]
    }
    let negative = mantissa.first == "-"
    if negative { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    var digits = String(parts[0]) + (parts.count == 2 ? String(parts[1]) : "")
    // The point sits after `pointPosition` digits.
    let pointPosition = parts[0].count + exponent
    guard pointPosition <= LiquidBigInt.maximumDigits + 1 else { return nil }
    if pointPosition > digits.count { digits += String(repeating: "0", count: pointPosition - digits.count) }
    let wholeDigits = pointPosition <= 0 ? "0" : String(digits.prefix(pointPosition))
    let fraction = pointPosition <= 0 ? Substring(digits) : digits.dropFirst(pointPosition)
    guard let whole = LiquidBigInt(digits: (negative ? "-" : "") + wholeDigits) else { return nil }
    return (whole, fraction.contains { $0 != "0" })
}

extension LiquidArithmetic.Number {
    /// The number as a big integer, for integers only.
    var bigValue: LiquidBigInt? {
        switch self {
        case .int(let value): return LiquidBigInt(value)
        case .big(let value): return value
        case .decimal, .double: return nil
        }
    }
}

extension LiquidArithmetic {
    /// The integer operations past 64 bits, with Ruby's floor division and modulo.
    static func bigBinary(_ function: LiquidFilterFunction, _ a: LiquidBigInt, _ b: LiquidBigInt) throws
        -> LiquidValue
    {
        try LiquidBigInt.checkSize(a)
        try LiquidBigInt.checkSize(b)
        switch function {
        case .plus: return try .checkedInteger(a + b)
        case .minus: return try .checkedInteger(a - b)
        case .times: return try .checkedInteger(a * b)
        case .dividedBy, .modulo:
            guard let (quotient, remainder) = a.flooredDivision(by: b) else {
                throw LiquidFilterError(message: "divided by 0")
            }
            return .integer(function == .dividedBy ? quotient : remainder)
        default:
            throw LiquidFilterError(message: "not an integer operation")
        }
    }

    /// `ceil` or `floor` of a decimal or float past 64 bits, from its digits.
    static func wholeNumber(_ value: Number, roundingUp: Bool) throws -> LiquidValue {
        let text: String
        switch value {
        case .decimal(let decimal): text = "\(decimal)"
        case .double(let double): text = rubyFloatString(double)
        case .int, .big: return value.value
        }
        guard let (whole, hasFraction) = integerPart(ofDecimalText: text) else {
            throw LiquidFilterError(message: "integer of more than \(LiquidBigInt.maximumDigits) digits")
        }
        // `integerPart` cuts toward zero.
        var result = whole
        if hasFraction && roundingUp != text.hasPrefix("-") {
            result = result + LiquidBigInt(roundingUp ? 1 : -1)
        }
        return try .checkedInteger(result)
    }

    /// `Integer#round(n)` for `n < 0`: half away from zero at the `-n`th digit left of the point.
    static func roundHalfUp(_ value: LiquidBigInt, places: Int) -> LiquidBigInt {
        let digits = Array(value.magnitude.description.utf8)
        guard places > -(digits.count + 1) else { return LiquidBigInt(0) }
        let dropped = -places
        let kept = digits.count - dropped
        let roundsUp = kept >= 0 && kept < digits.count && digits[kept] >= UInt8(ascii: "5")
        var prefix =
            kept > 0
            ? LiquidBigInt(digits: String(decoding: digits[..<kept], as: UTF8.self)) ?? LiquidBigInt(0)
            : LiquidBigInt(0)
        if roundsUp { prefix = prefix + LiquidBigInt(1) }
        if prefix.isZero { return prefix }
        let result =
            LiquidBigInt(digits: prefix.description + String(repeating: "0", count: dropped)) ?? LiquidBigInt(0)
        return value.isNegative ? -result : result
    }
}
