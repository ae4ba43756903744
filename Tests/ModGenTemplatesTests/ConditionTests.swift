import ModGenCore
import ModGenMustache
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
