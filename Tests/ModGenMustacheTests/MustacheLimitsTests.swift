import ModGenMustache
import Testing

/// Hostile templates end quickly with a clear error: deep nesting at parse time, unbounded work or output at render
/// time. The time limits catch a quadratic or exponential path; the assertions are on the errors.
@Suite("Mustache limits")
struct MustacheLimitsTests {
    /// 25,000 opening lines then 25,000 closing lines of each kind of scope tag: refused at line 101, the first
    /// tag past the limit, without first doing work that grows with the depth.
    @Test("deeply nested lines are refused at the first tag past the limit", .timeLimit(.minutes(1)))
    func deepNestingFailsFast() {
        let depth = 25_000
        for sigil in ["$", "#", "^", "<"] {
            for indent in ["", "  "] {
                let text =
                    String(repeating: "\(indent){{\(sigil)a}}\n", count: depth)
                    + String(repeating: "\(indent){{/a}}\n", count: depth)
                #expect(
                    parseError(text)?.message
                        == "T.mustache:101:\(indent.count + 1): tags nested more than 100 levels deep")
            }
        }
    }

    @Test("a long delimiter is refused instead of making every later byte slow", .timeLimit(.minutes(1)))
    func longDelimiters() {
        let long = String(repeating: "a", count: 3_000)
        let text = "{{=\(long)b \(long)c=}}" + String(repeating: "a", count: 1_000_000)
        #expect(parseError(text)?.message == "T.mustache:1:1: delimiters must be at most 32 bytes long")
        let longest = String(repeating: "%", count: 32)
        #expect(
            parseError("{{=<\(longest) \(longest)>=}}")?.message
                == "T.mustache:1:1: delimiters must be at most 32 bytes long")
        #expect(parseError("{{=\(longest) \(longest)=}}") == nil)
    }

    /// p0 includes p1 twice, p1 includes p2 twice, … 40 levels: 2^40 expansions without a limit.
    private static let doublingPartials: [String: String] = {
        var partials = ["p40": "x"]
        for level in 0..<40 { partials["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}" }
        return partials
    }()

    @Test("partials that double at every level stop at the work limit", .timeLimit(.minutes(1)))
    func doublingPartials() throws {
        let error = try #require(renderError("{{>p0}}", partials: Self.doublingPartials))
        #expect(error.templateName.hasPrefix("p"))
        #expect(error.position != nil)
        #expect(
            error.reason
                == "rendering took more than 4194304 steps (maximumRenderSteps); do partials or sections repeat "
                + "without bound?")
        // A smaller limit stops the expansion higher up the chain of partials.
        func partialReached(limit: Int) -> Int? {
            let options = MustacheRenderOptions(maximumRenderSteps: limit)
            let error = renderError("{{>p0}}", partials: Self.doublingPartials, options: options)
            #expect(error?.reason.hasPrefix("rendering took more than \(limit) steps") == true)
            return error.flatMap { Int($0.templateName.dropFirst()) }
        }
        let shallow = try #require(partialReached(limit: 10))
        let deeper = try #require(partialReached(limit: 30))
        #expect(shallow < deeper)
    }

    @Test("sections over long lists inside one another stop at the work limit", .timeLimit(.minutes(1)))
    func nestedListSections() {
        let items = MustacheValue.array(Array(repeating: true, count: 100))
        // 100^4 = 100,000,000 items to render; the innermost section, where nearly all of them are, is where the
        // limit is crossed.
        let error = renderError(
            "{{#a}}{{#a}}{{#a}}{{#a}}{{/a}}{{/a}}{{/a}}{{/a}}", ["a": items],
            options: MustacheRenderOptions(maximumRenderSteps: 1_000_000))
        #expect(
            error?.message
                == "T.mustache:1:19: rendering took more than 1000000 steps (maximumRenderSteps); do partials or "
                + "sections repeat without bound?")
    }

    @Test("output past the output limit stops at the text that crossed it")
    func outputLimit() {
        let options = MustacheRenderOptions(maximumOutputBytes: 100)
        let items = MustacheValue.array(Array(repeating: true, count: 20))
        // Ten items make exactly 100 bytes; the eleventh crosses the limit.
        #expect(
            renderError("{{#n}}0123456789{{/n}}", ["n": items], options: options)?.message
                == "T.mustache:1:7: output larger than 100 bytes (maximumOutputBytes); do partials or sections repeat "
                + "without bound?")
        #expect(
            renderError("{{#n}}0123456789{{/n}}", ["n": .array(Array(repeating: true, count: 10))], options: options)
                == nil)
    }

    @Test("text a lambda renders counts towards the output limit with the text before it")
    func lambdaOutputLimit() {
        let lambda = MustacheLambda { _ in "{{a}}" }
        let error = renderError(
            "0123456789{{lam}}", ["lam": .lambda(lambda), "a": "x"],
            options: MustacheRenderOptions(maximumOutputBytes: 10))
        #expect(
            error?.message
                == "T.mustache > lambda 'lam':1:1: output larger than 10 bytes (maximumOutputBytes); do partials or "
                + "sections repeat without bound?")
    }

    @Test("a large ordinary render stays far below the default limits", .timeLimit(.minutes(1)))
    func largeRenderStillWorks() throws {
        let rows: [MustacheValue] = (0..<20_000).map { index in
            ["name": .string("property\(index)"), "type": "String", "optional": .bool(index.isMultiple(of: 3))]
        }
        let template = try MustacheTemplate(
            "final class Model {\n{{#rows}}\n    {{>property}}\n{{/rows}}\n}\n", name: "T.mustache")
        let partials = DictionaryPartials([
            "property": "/// The {{name}}.\nvar {{name}}: {{type}}{{#optional}}?{{/optional}}\n"
        ])
        let output = try template.render(["rows": .array(rows)], partials: partials)
        #expect(output.split(separator: "\n").count == 2 + 2 * rows.count)
        #expect(output.contains("    var property2: String\n    /// The property3.\n    var property3: String?\n"))
    }
}
