import Testing

@testable import ModGenKit

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
        let nots = String(repeating: "!", count: 20_000) + "a"
        let parentheses = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        // The 33rd `!` (offset 32) would open the 33rd level.
        #expect(throws: ConditionSyntaxError(offset: 32, reason: "nested deeper than 32 levels")) {
            try Condition(parsing: nots)
        }
        #expect(throws: ConditionSyntaxError.self) { try Condition(parsing: parentheses) }
        // Readable nesting is untouched.
        #expect(try Condition(parsing: "!!(!(a && (b || !c)))").evaluate(OptionValues(["a": .flag(true)])) == false)
    }
}
