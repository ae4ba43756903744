/// An integer past 64 bits, as Ruby's unbounded `Integer` holds it: a sign and a magnitude in base 10⁹ limbs
/// (least significant first), so that reading and printing digits — what templates do most with such numbers — is
/// linear. Only what Liquid needs: the four operations with Ruby's floor division, comparison, and conversions.
/// A template only meets one when a value leaves the 64-bit range (`LiquidValue.integer(_:)` folds any that fits
/// back into `.int`), so the common path keeps its speed.
public struct LiquidBigInt: Sendable, Equatable {
    /// Past this many digits an operand or a result is refused: `times` chains grow without end otherwise, and
    /// multiplying and dividing take time in the square of the digits.
    public static let maximumDigits = 1000

    static let base: UInt64 = 1_000_000_000

    private(set) var isNegative: Bool
    /// No most significant zero limbs; zero has none.
    private(set) var limbs: [UInt32]

    private init(isNegative: Bool, limbs: [UInt32]) {
        var limbs = limbs
        while limbs.last == 0 { limbs.removeLast() }
        self.isNegative = isNegative && !limbs.isEmpty
        self.limbs = limbs
    }

    public init(_ value: Int) {
        var magnitude = value.magnitude
        var limbs: [UInt32] = []
        while magnitude > 0 {
            limbs.append(UInt32(magnitude % UInt(Self.base)))
            magnitude /= UInt(Self.base)
        }
        self.init(isNegative: value < 0, limbs: limbs)
    }

    /// `-?[0-9]+`, nothing else; any number of digits (the text is as large as its source).
    public init?(digits text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var limbs: [UInt32] = []
        limbs.reserveCapacity(bytes.count / 9 + 1)
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let start = max(bytes.startIndex, end - 9)
            var limb: UInt32 = 0
            for byte in bytes[start..<end] { limb = limb * 10 + UInt32(byte - 0x30) }
            limbs.append(limb)
            end = start
        }
        self.init(isNegative: negative, limbs: limbs)
    }

    /// The integer a finite, whole double is exactly (every double of 2⁵³ or more is whole).
    init?(exactly value: Double) {
        guard value.isFinite, value == value.rounded(.towardZero) else { return nil }
        if let small = Int(exactly: value) {
            self.init(small)
            return
        }
        // significand × 2^(exponent − 52), the significand a 53-bit integer.
        var result = LiquidBigInt(Int(value.significandBitPattern | (1 << 52)))
        var shift = Int(value.exponent) - 52
        while shift > 0 {
            let step = min(shift, 29)
            result = result.multiplied(bySmall: 1 << step)
            shift -= step
        }
        result.isNegative = value < 0
        self = result
    }

    public var isZero: Bool { limbs.isEmpty }

    /// The value as an `Int` when it fits.
    public var exactInt: Int? {
        guard limbs.count <= 3 else { return nil }
        var magnitude: UInt = 0
        for limb in limbs.reversed() {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: UInt(Self.base))
            let (sum, overflow2) = times.addingReportingOverflow(UInt(limb))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if isNegative { return magnitude <= UInt(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt(Int.max) ? Int(magnitude) : nil
    }

    /// The decimal digits, with a `-` when negative: Ruby's `Integer#to_s`.
    public var description: String {
        guard let top = limbs.last else { return "0" }
        var text = isNegative ? "-" : ""
        text.reserveCapacity(limbs.count * 9 + 1)
        text += String(top)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    public var digitCount: Int {
        guard let top = limbs.last else { return 1 }
        return (limbs.count - 1) * 9 + String(top).count
    }

    /// The nearest double, as Ruby's `Integer#to_f` rounds (to nearest, ties to even); infinite past the range.
    public var doubleValue: Double { Double(description) ?? (isNegative ? -.infinity : .infinity) }

    public var magnitude: LiquidBigInt { LiquidBigInt(isNegative: false, limbs: limbs) }

    public static prefix func - (value: LiquidBigInt) -> LiquidBigInt {
        LiquidBigInt(isNegative: !value.isNegative, limbs: value.limbs)
    }

    /// -1, 0 or 1 as Ruby's `<=>`.
    public static func compare(_ a: LiquidBigInt, _ b: LiquidBigInt) -> Int {
        if a.isNegative != b.isNegative { return a.isNegative ? -1 : 1 }
        let order = compareMagnitudes(a.limbs, b.limbs)
        return a.isNegative ? -order : order
    }

    public static func + (a: LiquidBigInt, b: LiquidBigInt) -> LiquidBigInt {
        if a.isNegative == b.isNegative {
            return LiquidBigInt(isNegative: a.isNegative, limbs: addMagnitudes(a.limbs, b.limbs))
        }
        if compareMagnitudes(a.limbs, b.limbs) >= 0 {
            return LiquidBigInt(isNegative: a.isNegative, limbs: subtractMagnitudes(a.limbs, b.limbs))
        }
        return LiquidBigInt(isNegative: b.isNegative, limbs: subtractMagnitudes(b.limbs, a.limbs))
    }

    public static func - (a: LiquidBigInt, b: LiquidBigInt) -> LiquidBigInt { a + -b }

    public static func * (a: LiquidBigInt, b: LiquidBigInt) -> LiquidBigInt {
        guard !a.isZero, !b.isZero else { return LiquidBigInt(0) }
        var product = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let sum = product[i + j] + UInt64(x) * UInt64(y) + carry
                product[i + j] = sum % base
                carry = sum / base
            }
            var position = i + b.limbs.count
            while carry > 0 {
                let sum = product[position] + carry
                product[position] = sum % base
                carry = sum / base
                position += 1
            }
        }
        return LiquidBigInt(isNegative: a.isNegative != b.isNegative, limbs: product.map { UInt32($0) })
    }

    /// Ruby's `divmod`: the quotient rounded toward negative infinity, the remainder with the divisor's sign.
    /// Nil for a zero divisor.
    public func flooredDivision(by divisor: LiquidBigInt) -> (quotient: LiquidBigInt, remainder: LiquidBigInt)? {
        guard !divisor.isZero else { return nil }
        let (quotientLimbs, remainderLimbs) = Self.divideMagnitudes(limbs, divisor.limbs)
        var quotient = LiquidBigInt(isNegative: isNegative != divisor.isNegative, limbs: quotientLimbs)
        var remainder = LiquidBigInt(isNegative: isNegative, limbs: remainderLimbs)
        if !remainder.isZero && isNegative != divisor.isNegative {
            quotient = quotient - LiquidBigInt(1)
            remainder = remainder + divisor
        }
        return (quotient, remainder)
    }

    /// Ruby's `Integer#[]`: bit `index` of the two's complement, the sign repeating above the top.
    func bit(_ index: Int) -> Int {
        guard index >= 0 else { return 0 }
        // A negative number's bits are the complement of those of its magnitude less one.
        var rest = isNegative ? (magnitude - LiquidBigInt(1)).limbs : limbs
        var remaining = index
        while remaining > 0, !rest.isEmpty {
            let step = min(remaining, 29)
            rest = Self.divideMagnitude(rest, bySmall: UInt32(1) << step).quotient
            remaining -= step
        }
        let bit = Int((rest.first ?? 0) & 1)
        return isNegative ? 1 - bit : bit
    }

    /// How many bytes the magnitude takes: what Ruby's `Integer#size` answers for a number past 64 bits.
    var magnitudeByteCount: Int {
        var rest = limbs
        var bits = 0
        while !rest.isEmpty {
            rest = Self.divideMagnitude(rest, bySmall: 2).quotient
            bits += 1
        }
        return (bits + 7) / 8
    }

    private func multiplied(bySmall factor: UInt32) -> LiquidBigInt {
        var result: [UInt32] = []
        var carry: UInt64 = 0
        for limb in limbs {
            let product = UInt64(limb) * UInt64(factor) + carry
            result.append(UInt32(product % Self.base))
            carry = product / Self.base
        }
        while carry > 0 {
            result.append(UInt32(carry % Self.base))
            carry /= Self.base
        }
        return LiquidBigInt(isNegative: isNegative, limbs: result)
    }

    private static func compareMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a.reversed(), b.reversed()) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    private static func addMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(max(a.count, b.count) + 1)
        var carry: UInt32 = 0
        for index in 0..<max(a.count, b.count) {
            let sum = (index < a.count ? a[index] : 0) + (index < b.count ? b[index] : 0) + carry
            result.append(sum % UInt32(base))
            carry = sum / UInt32(base)
        }
        if carry > 0 { result.append(carry) }
        return result
    }

    /// `a − b` for `a ≥ b`.
    private static func subtractMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result = a
        var borrow: Int64 = 0
        for index in 0..<a.count {
            var difference = Int64(a[index]) - (index < b.count ? Int64(b[index]) : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += Int64(base) }
            result[index] = UInt32(difference)
        }
        while result.last == 0 { result.removeLast() }
        return result
    }

    private static func divideMagnitude(_ a: [UInt32], bySmall divisor: UInt32) -> (
        quotient: [UInt32], remainder: UInt32
    ) {
        var quotient = [UInt32](repeating: 0, count: a.count)
        var remainder: UInt64 = 0
        for index in a.indices.reversed() {
            let current = remainder * base + UInt64(a[index])
            quotient[index] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
        while quotient.last == 0 { quotient.removeLast() }
        return (quotient, UInt32(remainder))
    }

    /// Schoolbook long division, one base-10⁹ digit of the quotient at a time: each digit estimated from the
    /// leading limbs in floating point, then corrected by comparing.
    private static func divideMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> (quotient: [UInt32], remainder: [UInt32]) {
        if compareMagnitudes(a, b) < 0 { return ([], a) }
        if b.count == 1 {
            let (quotient, remainder) = divideMagnitude(a, bySmall: b[0])
            return (quotient, remainder == 0 ? [] : [remainder])
        }
        let divisor = LiquidBigInt(isNegative: false, limbs: b)
        var quotient = [UInt32](repeating: 0, count: a.count)
        var remainder = LiquidBigInt(0)
        for index in a.indices.reversed() {
            remainder = LiquidBigInt(isNegative: false, limbs: [a[index]] + remainder.limbs)
            guard compareMagnitudes(remainder.limbs, b) >= 0 else { continue }
            var digit = UInt32(
                min(
                    Double(base - 1),
                    max(0, (leading(remainder.limbs, count: b.count) / leading(b, count: b.count)).rounded(.down))))
            var product = divisor.multiplied(bySmall: digit)
            while compareMagnitudes(product.limbs, remainder.limbs) > 0 {
                digit -= 1
                product = product - divisor
            }
            while compareMagnitudes((product + divisor).limbs, remainder.limbs) <= 0 {
                digit += 1
                product = product + divisor
            }
            quotient[index] = digit
            remainder = remainder - product
        }
        while quotient.last == 0 { quotient.removeLast() }
        return (quotient, remainder.limbs)
    }

    /// The magnitude over base^(count − 3), roughly: its top three limbs as a double, scaled so that two numbers
    /// measured with the same `count` divide to their ratio.
    private static func leading(_ limbs: [UInt32], count: Int) -> Double {
        var value = 0.0
        for index in stride(from: limbs.count - 1, through: max(0, limbs.count - 3), by: -1) {
            value = value * Double(base) + Double(limbs[index])
        }
        let scale = (limbs.count - min(limbs.count, 3)) - (count - min(count, 3))
        for _ in 0..<max(0, scale) { value *= Double(base) }
        return value
    }
}
