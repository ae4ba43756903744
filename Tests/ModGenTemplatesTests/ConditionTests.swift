import Foundation
import ModGenCore
import ModGenMustache
import TestSupport
import Testing

@testable import ModGenTemplates

@Suite struct ConditionTests {
    let values = OptionValues([
        "rx": .flag(true), "formatter": .flag(false), "interface": .choice("storyboard"), "group": .text(""),
    ])

    @Test(arguments: [
        ("rx", true), ("!rx", false), ("formatter", false), ("!formatter", true),
        ("interface == storyboard", true), ("interface != storyboard", false), ("interface==xib", false),
        ("rx && formatter", false), ("rx || formatter", true), ("!(rx && formatter)", true),
        ("formatter && rx || interface == storyboard", true), ("formatter && (rx || interface == storyboard)", false),
        ("group", false), ("!group", true),
    ])
    func evaluates(text: String, expected: Bool) throws {
        #expect(try Condition(parsing: text).evaluate(values) == expected)
    }

    @Test func andBindsTighterThanOr() throws {
        #expect(try Condition(parsing: "a || b && c") == .or(.isOn("a"), .and(.isOn("b"), .isOn("c"))))
        #expect(try Condition(parsing: "a || b && c").description == "a || b && c")
        #expect(try Condition(parsing: "(a || b) && !c").description == "(a || b) && !c")
        // Found by fuzzing: a chain of `!` that reads must print as a chain, not as `!(!(…))`, which counts two
        // nesting levels per `!` and would not read back.
        let chain = String(repeating: "!", count: 31) + "rx"
        #expect(try Condition(parsing: chain).description == chain)
        #expect(try Condition(parsing: "!!(a != b)").description == "!!(a != b)")
        #expect(try Condition(parsing: "!(!(a && b))").description == "!!(a && b)")
    }

    @Test(arguments: [
        ("", 0, "expected an option name, found the end"),
        ("rx &&", 5, "expected an option name, found the end"),
        ("rx & formatter", 3, "unexpected '&'"),
        ("(rx", 3, "expected ')'"),
        ("interface ==", 12, "expected a value after '==', found the end"),
        ("rx formatter", 3, "unexpected 'f'"),
    ])
    func reportsSyntaxErrors(text: String, offset: Int, reason: String) {
        #expect(throws: ConditionSyntaxError(offset: offset, reason: reason)) { try Condition(parsing: text) }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        // Within the length limit, so that the depth limit is what stops them.
        let nots = String(repeating: "!", count: 1_000) + "a"
        let parentheses = String(repeating: "(", count: 500) + "a" + String(repeating: ")", count: 500)
        // The 33rd `!` (offset 32) would open the 33rd level.
        #expect(throws: ConditionSyntaxError(offset: 32, reason: "nested deeper than 32 levels")) {
            try Condition(parsing: nots)
        }
        #expect(throws: ConditionSyntaxError(offset: 32, reason: "nested deeper than 32 levels")) {
            try Condition(parsing: parentheses)
        }
        // Readable nesting is untouched.
        #expect(try Condition(parsing: "!!(!(a && (b || !c)))").evaluate(OptionValues(["a": .flag(true)])) == false)
    }

    /// A left-deep chain of `&&` is as deep as it is long, and parsing, evaluating, printing and comparing all
    /// recurse over it: 20,000 terms overflowed the stack. A long condition is refused before it is parsed.
    @Test func aLongChainOfTermsIsAnErrorNotACrash() {
        let chain = Array(repeating: "a", count: 20_000).joined(separator: " && ")
        #expect(
            throws: ConditionSyntaxError(
                offset: Condition.maximumLength, reason: "longer than \(Condition.maximumLength) characters")
        ) { try Condition(parsing: chain) }
    }

    @Test func tooManyTermsWithinTheLengthLimitAreAnError() throws {
        let terms = Condition.maximumTerms + 1
        let chain = Array(repeating: "a", count: terms).joined(separator: "&&")
        #expect(chain.count < Condition.maximumLength)
        // The first term past the limit starts after `maximumTerms` times "a&&".
        #expect(
            throws: ConditionSyntaxError(
                offset: Condition.maximumTerms * 3, reason: "more than \(Condition.maximumTerms) terms")
        ) { try Condition(parsing: chain) }
    }

    /// Found by the `manifest` fuzzer (Fuzz/Findings/manifest): 35 terms joined by `||` without spaces read within
    /// the length limit, but print with a space on each side of every `||`, past it, so the printed form (which
    /// messages quote) did not read back. The limits are measured on the printed form as well.
    @Test func aConditionWhosePrintedFormIsPastTheLengthLimitIsRefused() throws {
        let term = String(repeating: "x", count: 27)
        let compact = Array(repeating: term, count: 35).joined(separator: "||")
        #expect(compact.count <= Condition.maximumLength)
        #expect(
            throws: ConditionSyntaxError(
                offset: 0,
                reason: "longer than \(Condition.maximumLength) characters as modgen writes it back (one space "
                    + "around each operator)")
        ) { try Condition(parsing: compact) }
        // Whatever is accepted up to the limit prints within it and reads back as itself.
        let fitting = Array(repeating: term, count: 33).joined(separator: "||")
        let condition = try Condition(parsing: fitting)
        #expect(condition.description.count <= Condition.maximumLength)
        #expect(try Condition(parsing: condition.description).description == condition.description)
    }

    /// `!a != b` prints as `!(a != b)`, one level deeper than written: at the depth limit that did not read back.
    @Test func aConditionWhosePrintedFormIsNestedTooDeeplyIsRefused() throws {
        let nots = String(repeating: "!", count: 31)
        #expect(
            throws: ConditionSyntaxError(offset: 0, reason: "nested deeper than 32 levels as modgen writes it back")
        ) { try Condition(parsing: nots + "a != b") }
        let fitting = try Condition(parsing: String(repeating: "!", count: 30) + "a != b")
        #expect(try Condition(parsing: fitting.description).description == fitting.description)
    }

    /// Every committed finding of the `manifest` fuzzer, read as a condition: refused, or printed as text that reads
    /// back to a condition that prints the same (what the fuzzer checks).
    @Test func theManifestFuzzersFindingsReadBack() throws {
        let findings = try FuzzFindings.inputs(of: "manifest")
        #expect(!findings.isEmpty)
        for (name, bytes) in findings {
            guard let text = String(bytes: bytes, encoding: .utf8), let condition = try? Condition(parsing: text)
            else { continue }
            let written = condition.description
            #expect(try Condition(parsing: written).description == written, "\(name)")
        }
    }

    @Test func theLongestAllowedConditionsStillWork() throws {
        let names = (0..<Condition.maximumTerms).map { "o\($0)" }
        let all = try Condition(parsing: names.joined(separator: " && "))
        let any = try Condition(parsing: names.joined(separator: " || "))
        let on = OptionValues(Dictionary(uniqueKeysWithValues: names.map { ($0, OptionValue.flag(true)) }))
        #expect(all.evaluate(on))
        #expect(!all.evaluate(OptionValues(["o0": .flag(true)])))
        #expect(any.evaluate(OptionValues(["o\(Condition.maximumTerms - 1)": .flag(true)])))
        #expect(all.optionNames == names)
        #expect(try Condition(parsing: all.description) == all)
        #expect(all != any)
    }
}
