/// The math filters on numbers whose printed digits fit in an `Int`, computed exactly in integers: the same results
/// as ``LiquidArithmetic/decimalResult(_:_:_:)`` without building, dividing and printing `Decimal`s, which took most
/// of a render that does float math. Anything this cannot answer exactly (big digits, quotients that do not end,
/// strings, infinities, negative rounding) returns nil and goes the `Decimal` way.
extension LiquidArithmetic {
    /// `significand × 10^-scale`.
    struct ExactDecimal: Equatable {
        var significand: Int
        var scale: Int

        /// A number as `LiquidArithmetic.number` reads it: an integer as it is; a finite float by its printed form
        /// (Ruby's `to_s`, which `BigDecimal` reads) when that is in fixed notation with digits that fit; a string
        /// as a decimal when it is one (`-?\d+\.\d+`), else by `to_i`; anything else as 0. `isDecimal` tells the
        /// `Decimal` way's numbers from its integers.
        init?(_ value: LiquidValue) {
            switch value {
            case .int(let number):
                self.init(significand: number, scale: 0)
            case .float(let number):
                guard number.isFinite else { return nil }
                self.init(printed: rubyFloatString(number))
            case .string(let text):
                let stripped = text.rubyStripped
                if LiquidArithmetic.isDecimalText(stripped) {
                    self.init(printed: stripped)
                } else {
                    guard case .int(let number) = rubyStringToInteger(text) else { return nil }
                    self.init(significand: number, scale: 0)
                }
            case .bigInt:
                return nil
            case .null, .bool, .array, .hash, .range:
                self.init(significand: 0, scale: 0)
            }
        }

        var isDecimal: Bool { scale > 0 }

        init(significand: Int, scale: Int) {
            self.significand = significand
            self.scale = scale
        }

        /// `-?\d+\.\d+`, at most 18 digits.
        private init?(printed text: String) {
            var significand = 0
            var scale = 0
            var negative = false
            var seenPoint = false
            var digits = 0
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "-") where digits == 0 && !negative: negative = true
                case UInt8(ascii: "."):
                    guard !seenPoint else { return nil }
                    seenPoint = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    digits += 1
                    guard digits <= 18 else { return nil }
                    significand = significand * 10 + Int(byte - UInt8(ascii: "0"))
                    if seenPoint { scale += 1 }
                default:
                    return nil
                }
            }
            guard seenPoint, scale > 0 else { return nil }
            self.init(significand: negative ? -significand : significand, scale: scale)
        }

        /// The same value with `scale` decimals (no fewer than it has), if the digits fit.
        func rescaled(to scale: Int) -> ExactDecimal? {
            guard scale >= self.scale, let factor = powerOfTen(scale - self.scale) else { return nil }
            let (product, overflow) = significand.multipliedReportingOverflow(by: factor)
            return overflow ? nil : ExactDecimal(significand: product, scale: scale)
        }

        /// The nearest float, rounded once as reading the digits would round them: only where both the significand
        /// and the power of ten are exact floats, so that one IEEE division is the correctly rounded result.
        var nearestFloat: Double? {
            guard significand.magnitude <= 1 << 53, let power = powerOfTen(scale), scale <= 22 else { return nil }
            return Double(significand) / Double(power)
        }
    }

    static func exactResult(_ function: LiquidFilterFunction, _ input: LiquidValue, _ operand: LiquidValue?)
        -> LiquidValue?
    {
        // Integers with integers take the integer path.
        guard let left = ExactDecimal(input) else { return nil }
        let right = operand.flatMap(ExactDecimal.init)
        guard left.isDecimal || right?.isDecimal == true else { return nil }
        switch function {
        case .plus, .minus, .times, .dividedBy, .modulo:
            guard let right else { return nil }
            return exactBinary(function, left, right)
        case .round:
            guard left.isDecimal else { return nil }
            return exactRound(left, places: operand == nil ? ExactDecimal(significand: 0, scale: 0) : right)
        case .abs:
            guard left.isDecimal else { return nil }
            return ExactDecimal(significand: abs(left.significand), scale: left.scale).nearestFloat.map { .float($0) }
        case .ceil, .floor:
            guard left.isDecimal, let value = left.nearestFloat else { return nil }
            return .int(Int(clamping: value.rounded(function == .ceil ? .up : .down)))
        case .atLeast, .atMost:
            // Compared as floats; the one picked is an integer or a float as it was read.
            guard let right, let a = left.nearestFloat, let b = right.nearestFloat else { return nil }
            let pick = (function == .atLeast) == (b > a) ? right : left
            return pick.isDecimal ? .float(pick == right ? b : a) : .int(pick.significand)
        default:
            return nil
        }
    }

    private static func exactBinary(_ function: LiquidFilterFunction, _ left: ExactDecimal, _ right: ExactDecimal)
        -> LiquidValue?
    {
        let scale = max(left.scale, right.scale)
        guard let a = left.rescaled(to: scale), let b = right.rescaled(to: scale) else { return nil }
        let result: ExactDecimal
        switch function {
        case .plus:
            let (sum, overflow) = a.significand.addingReportingOverflow(b.significand)
            guard !overflow else { return nil }
            result = ExactDecimal(significand: sum, scale: scale)
        case .minus:
            let (difference, overflow) = a.significand.subtractingReportingOverflow(b.significand)
            guard !overflow else { return nil }
            result = ExactDecimal(significand: difference, scale: scale)
        case .times:
            let (product, overflow) = left.significand.multipliedReportingOverflow(by: right.significand)
            guard !overflow else { return nil }
            result = ExactDecimal(significand: product, scale: left.scale + right.scale)
        case .dividedBy:
            guard let quotient = exactQuotient(a.significand, b.significand) else { return nil }
            result = quotient
        case .modulo:
            // `a - b * floor(a / b)`, where the floor is the one the `Decimal` way finds: its quotient, rounded to a
            // float, then floored. Those agree with the exact floor unless the quotient is within a float's
            // rounding of the next integer up, which the margin below leaves to the `Decimal` way.
            guard b.significand != 0, a.significand.magnitude < 1 << 62, b.significand.magnitude < 1 << 62 else {
                return nil
            }
            let (numerator, denominator) =
                b.significand < 0 ? (-a.significand, -b.significand) : (a.significand, b.significand)
            var floor = numerator / denominator
            var remainder = numerator % denominator
            if remainder < 0 {
                floor -= 1
                remainder += denominator
            }
            guard floor.magnitude < 1 << 30, remainder == 0 || (denominator - remainder) > denominator >> 20 else {
                return nil
            }
            let (product, overflow1) = b.significand.multipliedReportingOverflow(by: floor)
            let (difference, overflow2) = a.significand.subtractingReportingOverflow(product)
            guard !overflow1, !overflow2 else { return nil }
            result = ExactDecimal(significand: difference, scale: scale)
        default:
            return nil
        }
        return result.nearestFloat.map { .float($0) }
    }

    /// `a / b` when it ends within a few digits: the `Decimal` quotient is then exact too.
    private static func exactQuotient(_ a: Int, _ b: Int) -> ExactDecimal? {
        guard b != 0, a.magnitude < 1 << 62, b.magnitude < 1 << 62 else { return nil }
        var numerator = a
        for scale in 0...6 {
            if numerator % b == 0 { return ExactDecimal(significand: numerator / b, scale: scale) }
            let (next, overflow) = numerator.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            numerator = next
        }
        return nil
    }

    /// `round(n)` of a positive decimal, half up on its printed digits, for `n` of 0 or more; `n` of 0 gives an
    /// integer. `n` is read as the `Decimal` way reads it: an integer as it is, a decimal truncated.
    private static func exactRound(_ value: ExactDecimal, places digits: ExactDecimal?) -> LiquidValue? {
        guard value.significand > 0, let digits else { return nil }
        var places = digits.significand
        if digits.isDecimal {
            guard let float = digits.nearestFloat else { return nil }
            places = Int(clamping: float.rounded(.towardZero))
        }
        // A count past a C `int` is Ruby's error, which the `Decimal` way reports.
        guard places >= 0, places <= Int(Int32.max) else { return nil }
        guard places < value.scale else { return value.nearestFloat.map { .float($0) } }
        guard let divisor = powerOfTen(value.scale - places) else { return nil }
        var kept = value.significand / divisor
        if (value.significand % divisor) * 2 >= divisor { kept += 1 }
        // `Decimal`'s way reads the integer back through a float.
        if places == 0 { return kept.magnitude <= 1 << 53 ? .int(kept) : nil }
        return ExactDecimal(significand: kept, scale: places).nearestFloat.map { .float($0) }
    }
}

/// `10^exponent` for 0 through 18.
private func powerOfTen(_ exponent: Int) -> Int? {
    guard exponent >= 0, exponent <= 18 else { return nil }
    var power = 1
    for _ in 0..<exponent { power *= 10 }
    return power
}
