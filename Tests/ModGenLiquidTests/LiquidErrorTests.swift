import ModGenLiquid
import Testing

/// Errors name the template, line and column in one line; every render stays within its limits.
@Suite struct LiquidErrorTests {
    private func parseError(_ source: String) -> LiquidError? {
        do {
            _ = try LiquidTemplate(source: source, name: "Module.swift.liquid")
            return nil
        } catch {
            return error
        }
    }

    private func renderError(
        _ source: String, _ context: [String: LiquidValue] = [:], templates: [String: String] = [:],
        limits: LiquidLimits = .default
    ) -> LiquidError? {
        do {
            let template = try LiquidTemplate(source: source, name: "Module.swift.liquid")
            _ = try template.render(context, fileSystem: LiquidDictionaryFileSystem(templates), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// Fuzz/Findings/liquid/crash-389f9979-base64-decode-binary-bytes: Ruby decodes to binary bytes that no text
    /// file holds; the engine printed replacement characters, it now refuses as the differential fuzz target expects.
    @Test func base64DecodingToBytesThatAreNotUTF8IsAnError() {
        #expect(
            renderError("{{ 'true' | base64_url_safe_decode }}")?.description
                == "Module.swift.liquid:1:1: base64_url_safe_decode gives bytes that are not UTF-8 text")
        #expect(renderError("{{ 'XyMvLg==' | base64_decode }}") == nil)
    }

    @Test func unclosedBlockNamesTheOpeningTag() {
        let error = parseError("line one\n  {% if rx %}\nbody")
        #expect(error?.description == "Module.swift.liquid:2:3: 'if' tag was never closed")
    }

    @Test func unknownAndMisplacedTags() {
        #expect(
            parseError("{% for x in y %}{% endif %}")?.description
                == "Module.swift.liquid:1:17: 'endif' is not a valid delimiter for for tags. use endfor")
        #expect(parseError("é{% bogus %}")?.description == "Module.swift.liquid:1:2: Unknown tag 'bogus'")
        #expect(parseError("{% else %}")?.description == "Module.swift.liquid:1:1: Unexpected outer 'else' tag")
        #expect(parseError("a {{ name")?.message == "Variable '{{' was not properly terminated with regexp: /\\}\\}/")
        #expect(parseError("{% if a %}{% raw %}x")?.message == "'raw' tag was never closed")
    }

    @Test func renderErrorsNameTheOutput() {
        #expect(renderError("\n  {{ 1 | divided_by: 0 }}")?.description == "Module.swift.liquid:2:3: divided by 0")
        #expect(
            renderError("{{ 'a' | truncate: 1, 2, 3 }}")?.message
                == "wrong number of arguments (given 4, expected 1..3)")
        #expect(renderError("{% if 1 < 'a' %}{% endif %}")?.message == "comparison of Integer with String failed")
    }

    @Test func errorsInsideAnIncludeNameTheInclude() {
        let error = renderError("{% include 'row' %}", templates: ["row": "ok\n{{ 1 | modulo: 0 }}"])
        #expect(error?.description == "row:2:1: divided by 0")
        #expect(
            renderError("{% include 'missing' %}")?.description
                == "Module.swift.liquid:1:1: No such template 'missing'")
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "{% if true %}", count: 101) + String(repeating: "{% endif %}", count: 101)
        #expect(parseError(deep)?.message == "Nesting too deep")
        let shallow = String(repeating: "{% if true %}", count: 99) + "x" + String(repeating: "{% endif %}", count: 99)
        #expect(parseError(shallow) == nil)
    }

    /// Expressions are read recursively: 200,000 nested parentheses or brackets crashed the parser's stack.
    @Test func bracketsInMarkupNestNoDeeperThanBlocks() {
        let parentheses =
            "{{ " + String(repeating: "(", count: 200_000) + "1" + String(repeating: ")", count: 200_000) + " }}"
        #expect(parseError(parentheses)?.description == "Module.swift.liquid:1:104: Nesting too deep")
        let lookups =
            "{% assign x = a" + String(repeating: "[a", count: 200_000) + String(repeating: "]", count: 200_000) + " %}"
        #expect(parseError(lookups)?.description == "Module.swift.liquid:1:216: Nesting too deep")
        let hundred = "{{ a" + String(repeating: "[b", count: 100) + String(repeating: "]", count: 100) + " }}"
        #expect(parseError(hundred) == nil)
        let raw = "{% raw %}{{ " + String(repeating: "(", count: 300) + " }}{% endraw %}"
        #expect(parseError(raw) == nil)
    }

    /// Values a template makes are bounded before they are made: ranges past what a render may step through,
    /// text that doubles, arrays that `concat` doubles, replacements that multiply, `date` widths. Each of these
    /// ran out of memory, trapped on overflow or ran for minutes.
    @Test func valuesATemplateMakesAreBounded() throws {
        func rendered(_ source: String) throws -> String {
            try LiquidTemplate(source: source, name: "Module.swift.liquid").render([:])
        }
        let steps = "rendering took more than 16777216 steps (the limit)"
        #expect(
            renderError("{{ (1..9999999999) | join: ',' }}")?.message
                == "a range of 9999999999 items is more than the 16777216 steps a render may take (the limit)")
        #expect(
            renderError("{% for i in (1..9999999999) reversed %}{% break %}{% endfor %}")?.message
                == "a loop over 9999999999 items takes more than 16777216 steps (the limit)")
        #expect(try rendered("{% for i in (1..9999999999) limit: 2 %}{{ i }}{% endfor %}") == "12")
        #expect(try rendered("{{ (1..9999999999) | size }}, {{ (1..9999999999) | last }}") == "9999999999, 9999999999")
        #expect(try rendered("{{ (-9223372036854775807..9223372036854775807) | size }}") == "18446744073709551615")
        #expect(try rendered("{% for i in (1..3) offset: 9223372036854775807 limit: 5 %}{{ i }}{% endfor %}.") == ".")
        let doubling = "{% assign s = 'xxxxxxxxxx' %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}"
        #expect(renderError(doubling)?.message == "a value larger than 67108864 bytes (the limit)")
        let arrays = "{% assign a = 'ab' | split: '' %}{% for i in (1..30) %}{% assign a = a | concat: a %}{% endfor %}"
        #expect(renderError(arrays)?.message == steps)
        let replacements = "{{ 'yyyyyyyyyy' | replace: 'y', s | replace: 'y', s | replace: 'y', s }}"
        #expect(
            renderError(replacements, ["s": .string(String(repeating: "y", count: 1000))])?.message
                == "a value larger than 67108864 bytes (the limit)")
        // Ruby prints a width that does not fit a C int as written, and fails past 4,718,592.
        #expect(try rendered("{{ 0 | date: '%99999999999999999999Y' }}") == "%99999999999999999999Y")
        #expect(
            renderError("{{ 0 | date: '%9999999Y' }}")?.message
                == "a date width of 9999999 is more than 4718592 (the limit)")
        #expect(try rendered("{{ 0 | date: '%6Y' }}") == "001970")
    }

    @Test func selfIncludeStopsAtTheDepthLimit() {
        let error = renderError("{% include 'loop' %}", templates: ["loop": "{% include 'loop' %}"])
        #expect(error != nil)
        #expect(error?.templateName == "loop")
    }

    @Test func stepsAndOutputAreBounded() {
        let loops = "{% for a in (1..1000) %}{% for b in (1..1000) %}{{ b }}{% endfor %}{% endfor %}"
        let steps = renderError(loops, limits: LiquidLimits(maximumSteps: 10_000))
        #expect(steps?.message == "rendering took more than 10000 steps (the limit)")
        let output = renderError(loops, limits: LiquidLimits(maximumOutputBytes: 1000))
        #expect(output?.message == "the output is larger than 1000 bytes (the limit)")
        let capture = renderError(
            "{% capture x %}{% for a in (1..100) %}0123456789{% endfor %}{% endcapture %}",
            limits: LiquidLimits(maximumOutputBytes: 500))
        #expect(capture?.message == "the output is larger than 500 bytes (the limit)")
    }

    /// Integers past 64 bits grow without end under `times`: past 1,000 digits one line refuses them, where Ruby
    /// would carry on.
    @Test func integersPastTheDigitLimitAreRefused() {
        let thousandDigits = "1" + String(repeating: "0", count: 999)
        #expect(renderError("{{ \(thousandDigits) | plus: 1 | minus: 1 }}") == nil)
        #expect(
            renderError("{{ \(thousandDigits) | times: 10 }}")?.description
                == "Module.swift.liquid:1:1: integer of more than 1000 digits")
        #expect(
            renderError("{% assign n = 4294967296 %}{% for i in (1..200) %}{% assign n = n | times: n %}{% endfor %}")?
                .description == "Module.swift.liquid:1:51: integer of more than 1000 digits")
        // A literal is as long as its template; arithmetic on one past the limit is refused, printing it is not.
        #expect(renderError("{{ 1\(thousandDigits) }}") == nil)
        #expect(
            renderError("{{ 1\(thousandDigits) | plus: 1 }}")?.description.hasSuffix("of more than 1000 digits") == true
        )
    }

    /// Ruby's ranges hold integers past 64 bits; here a range's ends are `Int`s, so one past is refused in one line.
    @Test func rangeEndsPast64BitsAreRefused() {
        #expect(
            renderError("{% for i in (1..99999999999999999999) %}{% endfor %}")?.description
                == "Module.swift.liquid:1:1: a range end past 64 bits (99999999999999999999) is not supported")
        #expect(
            renderError("{{ (n..2) }}", ["n": .bigInt(LiquidBigInt(digits: "-99999999999999999999")!)])?.description
                == "Module.swift.liquid:1:1: a range end past 64 bits (-99999999999999999999) is not supported")
    }
}
