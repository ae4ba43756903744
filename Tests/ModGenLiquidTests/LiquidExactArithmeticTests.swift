import Testing

@testable import ModGenLiquid

/// The math filters' integer fast path against the `Decimal` way it stands in for: wherever the fast path answers,
/// the answer must be the same value, bit for bit, and of the same type (and not an answer where `Decimal` throws).
@Suite("Liquid math: the exact integer path agrees with Decimal")
struct LiquidExactArithmeticTests {
    static let functions: [LiquidFilterFunction] = [.plus, .minus, .times, .dividedBy, .modulo, .round]

    /// Numbers as templates write them (few decimals), ones with many digits, and edge cases.
    static func numbers() -> [LiquidValue] {
        var generator = SplitMix(seed: 23)
        var values: [LiquidValue] = [
            .float(0.0), .float(-0.0), .float(0.1), .float(0.2), .float(0.3), .float(1.5), .float(-2.25), .float(10.1),
            .float(7.0), .float(2.0), .float(5.666), .float(0.5), .float(-0.5), .float(2.5), .float(1e15 + 0.5),
            .float(123456789.12345679), .float(9007199254740993.0), .float(1e16), .float(5e-5), .float(0.0001),
            .float(1.0 / 3.0), .float(.pi), .float(-1e-3), .float(99999999999999.99), .float(4.35), .float(1.005),
            .int(0), .int(1), .int(-1), .int(2), .int(3), .int(7), .int(-3), .int(10), .int(1 << 40),
            .int(Int.max), .int(Int.min),
        ]
        for _ in 0..<60 {
            let scale = Int(generator.next() % 7)
            var power = 1.0
            for _ in 0..<scale { power *= 10 }
            let significand = Int(generator.next() % 20_000_001) - 10_000_000
            values.append(.float(Double(significand) / power))
        }
        for _ in 0..<10 { values.append(.float(Double(bitPattern: generator.next() >> 2))) }
        return values
    }

    @Test func agreesWithDecimalWhereverItAnswers() throws {
        let numbers = Self.numbers()
        var answered = 0
        for function in Self.functions {
            for left in numbers {
                for right in numbers {
                    let operand: LiquidValue? = function == .round && right == .int(0) ? nil : right
                    guard let exact = LiquidArithmetic.exactResult(function, left, operand) else { continue }
                    answered += 1
                    let reference = try? LiquidArithmetic.decimalResult(function, left, operand)
                    #expect(
                        reference.map { Self.identical($0, exact) } == true,
                        "\(left) | \(function.rawValue): \(operand.map { "\($0)" } ?? "-") gave \(exact), Decimal \(String(describing: reference))"
                    )
                }
            }
        }
        // Most of these pairs are what templates do: the fast path must take them, or it speeds nothing up.
        #expect(answered > numbers.count * numbers.count * 2)
    }

    static func identical(_ a: LiquidValue, _ b: LiquidValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.float(let x), .float(let y)): return x.bitPattern == y.bitPattern
        default: return false
        }
    }
}

/// A small deterministic generator, so a failure names the same numbers on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
