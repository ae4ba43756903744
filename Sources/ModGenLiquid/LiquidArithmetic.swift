#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The math filters as Ruby liquid computes them: integers stay integers (Ruby's floor division and modulo),
/// and anything with a decimal point is computed as a `BigDecimal` from its printed form, then turned back into a
/// float — so `0.1 | plus: 0.2` is `0.3`, not `0.30000000000000004`. Foundation's `Decimal` plays `BigDecimal`.
enum LiquidArithmetic {
    enum Number {
        case int(Int)
        /// An integer past 64 bits.
        case big(LiquidBigInt)
        case decimal(Decimal)
        /// Infinity and NaN, which a decimal cannot hold.
        case double(Double)

        var asDouble: Double {
            switch self {
            case .int(let value): return Double(value)
            case .big(let value): return value.doubleValue
            case .decimal(let value): return Double("\(value)") ?? 0
            case .double(let value): return value
            }
        }

        var asDecimal: Decimal? {
            switch self {
            case .int(let value): return Decimal(value)
            case .big(let value): return Decimal(string: value.description)
            case .decimal(let value): return value
            case .double: return nil
            }
        }

        /// `BigDecimal#to_f` for decimals; integers as they are.
        var value: LiquidValue {
            switch self {
            case .int(let value): return .int(value)
            case .big(let value): return .integer(value)
            case .decimal, .double: return .float(asDouble)
            }
        }
    }

    /// `Utils.to_number`.
    static func number(_ value: LiquidValue) -> Number {
        switch value {
        case .int(let number): return .int(number)
        case .bigInt(let number): return .big(number)
        case .float(let number):
            guard number.isFinite, let decimal = Decimal(string: rubyFloatString(number)) else {
                return .double(number)
            }
            return .decimal(decimal)
        case .string(let text):
            let stripped = text.rubyStripped
            if isDecimalText(stripped), let decimal = Decimal(string: stripped) { return .decimal(decimal) }
            switch rubyStringToInteger(text) {
            case .bigInt(let number): return .big(number)
            case let other: return .int(other.rubyToI)
            }
        default:
            return .int(0)
        }
    }

    /// `\A-?\d+\.\d+\z`.
    static func isDecimalText(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let whole = bytes[..<dot]
        let fraction = bytes[(dot + 1)...]
        func digits(_ part: ArraySlice<UInt8>) -> Bool { !part.isEmpty && part.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        return digits(whole) && digits(fraction)
    }

    static func apply(_ function: LiquidFilterFunction, _ input: LiquidValue, _ operand: LiquidValue?) throws
        -> LiquidValue
    {
        if let exact = exactResult(function, input, operand) { return exact }
        return try decimalResult(function, input, operand)
    }

    /// The filter computed with `Decimal`, for any input: what ``exactResult(_:_:_:)`` must agree with.
    static func decimalResult(_ function: LiquidFilterFunction, _ input: LiquidValue, _ operand: LiquidValue?) throws
        -> LiquidValue
    {
        let left = number(input)
        switch function {
        case .abs:
            switch left {
            case .int(let value):
                guard value != .min else { return .integer(LiquidBigInt(value).magnitude) }
                return .int(abs(value))
            case .big(let value): return .integer(value.magnitude)
            case .decimal(let value): return Number.decimal(value < 0 ? -value : value).value
            case .double(let value): return .float(abs(value))
            }
        case .ceil, .floor:
            if case .int(let value) = left { return .int(value) }
            if case .big(let value) = left { return .bigInt(value) }
            let rounded = left.asDouble.rounded(function == .ceil ? .up : .down)
            guard rounded.isFinite else { throw LiquidFilterError(message: "Computation results in 'Infinity'") }
            guard rounded.magnitude >= 9.2e18 else { return .int(Int(rounded)) }
            // Past 64 bits the digits decide, exactly, as `BigDecimal#ceil` and `#floor` work on them.
            return try wholeNumber(left, roundingUp: function == .ceil)
        case .round:
            return try round(left, operand.map(number) ?? .int(0))
        case .atLeast, .atMost:
            let right = number(operand ?? .null)
            let rightIsLarger: Bool
            if let a = left.bigValue, let b = right.bigValue {
                rightIsLarger = LiquidBigInt.compare(b, a) > 0
            } else {
                rightIsLarger = right.asDouble > left.asDouble
            }
            let pick = (function == .atLeast) == rightIsLarger ? right : left
            return pick.value
        default:
            return try binary(function, left, number(operand ?? .null))
        }
    }

    private static func binary(_ function: LiquidFilterFunction, _ left: Number, _ right: Number) throws -> LiquidValue
    {
        if case .int(let a) = left, case .int(let b) = right {
            let result: (Int, Bool)
            switch function {
            case .plus: result = a.addingReportingOverflow(b)
            case .minus: result = a.subtractingReportingOverflow(b)
            case .times: result = a.multipliedReportingOverflow(by: b)
            case .dividedBy:
                guard b != 0 else { throw LiquidFilterError(message: "divided by 0") }
                // Ruby's integer division rounds toward negative infinity. `Int.min / -1` overflows (and so does
                // its remainder, in Swift): the big way answers it.
                let (quotient, overflow) = a.dividedReportingOverflow(by: b)
                result = (!overflow && a % b != 0 && (a < 0) != (b < 0) ? quotient - 1 : quotient, overflow)
            default:
                guard b != 0 else { throw LiquidFilterError(message: "divided by 0") }
                let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
                result = (remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder, overflow)
            }
            if !result.1 { return .int(result.0) }
        }
        if let a = left.bigValue, let b = right.bigValue { return try bigBinary(function, a, b) }
        guard let a = left.asDecimal, let b = right.asDecimal else {
            let x = left.asDouble
            let y = right.asDouble
            switch function {
            case .plus: return .float(x + y)
            case .minus: return .float(x - y)
            case .times: return .float(x * y)
            case .dividedBy: return .float(x / y)
            default: return .float(x - y * (x / y).rounded(.down))
            }
        }
        switch function {
        case .plus: return Number.decimal(a + b).value
        case .minus: return Number.decimal(a - b).value
        case .times: return Number.decimal(a * b).value
        case .dividedBy:
            // `BigDecimal` divided by zero is an infinity (NaN for zero by zero), not an error.
            guard !b.isZero else { return .float(a.isZero ? .nan : (a < 0 ? -Double.infinity : .infinity)) }
            return Number.decimal(a / b).value
        default:
            guard !b.isZero else { throw LiquidFilterError(message: "divided by 0") }
            // `a - b * floor(a / b)`, the floor read from the quotient's digits (through a float or an `Int` it
            // would be wrong past 2⁵³ or 2⁶³: `123456789012345678901234567890 | modulo: 2.5` is 0).
            guard var (whole, hasFraction) = integerPart(ofDecimalText: "\(a / b)") else { return .float(.nan) }
            if hasFraction && (a < 0) != (b < 0) { whole = whole - LiquidBigInt(1) }
            guard let floor = Decimal(string: whole.description) else { return .float(.nan) }
            return Number.decimal(a - b * floor).value
        }
    }

    /// `round(n)`: half away from zero on the decimal digits; an integer result when `n` is 0.
    private static func round(_ value: Number, _ digits: Number) throws -> LiquidValue {
        let places: Int
        switch digits {
        case .int(let count): places = count
        // Ruby cannot take a count of digits past 64 bits.
        case .big: throw LiquidFilterError(message: "bignum too big to convert into 'long'")
        case .decimal, .double:
            // Ruby reads it through `BigDecimal#to_i`, which truncates, but floors a number of ten digits or more.
            let count = digits.asDouble
            places = Int(clamping: count.rounded(count.magnitude >= 1e9 ? .down : .towardZero))
        }
        // Ruby's `round` takes the count as a C `int`, truncated.
        guard places >= Int(Int32.min) && places <= Int(Int32.max) else {
            throw LiquidFilterError(message: "integer \(places) too big to convert to 'int'")
        }
        switch value {
        case .int(let integer):
            guard places < 0 else { return .int(integer) }
            return try .checkedInteger(roundHalfUp(LiquidBigInt(integer), places: places))
        case .big(let integer):
            guard places < 0 else { return .bigInt(integer) }
            return try .checkedInteger(roundHalfUp(integer, places: places))
        case .double(let double):
            guard double.isFinite else {
                throw LiquidFilterError(
                    message: double.isNaN
                        ? "Computation results in 'NaN' (Not a Number)" : "Computation results in 'Infinity'")
            }
            return .float(double)
        case .decimal(let decimal):
            let rounded = roundHalfUp(decimal, places: places)
            let asDouble = Number.decimal(rounded).asDouble
            // `BigDecimal#round(n)` is an integer for `n <= 0`.
            guard places <= 0 else { return .float(asDouble) }
            if asDouble.magnitude < 9.2e18 { return .int(Int(asDouble)) }
            guard let (whole, _) = integerPart(ofDecimalText: "\(rounded)") else {
                return .int(Int(clamping: asDouble))
            }
            return try .checkedInteger(whole)
        }
    }

    /// Half away from zero at `places` decimals, done on the printed digits.
    static func roundHalfUp(_ value: Decimal, places: Int) -> Decimal {
        let negative = value < 0
        let text = "\(negative ? -value : value)"
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var whole = Array(parts[0].utf8).map { Int($0) - 48 }
        var fraction = parts.count > 1 ? Array(parts[1].utf8).map { Int($0) - 48 } : []
        var digits = whole + fraction
        // `round: 9223372036854775807` keeps every digit (and must not overflow working that out).
        let (keep, overflow) = whole.count.addingReportingOverflow(places)
        guard !overflow, keep < digits.count else { return value }
        if keep < 0 { return 0 }
        let roundUp = digits[keep] >= 5
        digits = Array(digits[0..<keep]) + Array(repeating: 0, count: digits.count - keep)
        if roundUp {
            var position = keep - 1
            var carry = true
            while carry && position >= 0 {
                digits[position] += 1
                if digits[position] == 10 {
                    digits[position] = 0
                    position -= 1
                } else {
                    carry = false
                }
            }
            if carry {
                digits.insert(1, at: 0)
                whole.append(0)
            }
        }
        whole = Array(digits[0..<whole.count])
        fraction = Array(digits[whole.count...])
        let textValue =
            whole.map(String.init).joined() + (fraction.isEmpty ? "" : "." + fraction.map(String.init).joined())
        let result = Decimal(string: textValue) ?? value
        return negative ? -result : result
    }
}
