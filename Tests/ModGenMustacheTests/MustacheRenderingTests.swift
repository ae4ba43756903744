import ModGenCore
import ModGenMustache
import Testing

/// Behaviour the spec leaves open or does not test: options, value formatting, truthiness, indentation details.
@Suite("Mustache rendering")
struct MustacheRenderingTests {
    private func render(
        _ text: String, _ context: MustacheValue = [:], partials: [String: String] = [:],
        options: MustacheRenderOptions = MustacheRenderOptions()
    ) throws -> String {
        try MustacheTemplate(text, name: "T.mustache").render(
            context, partials: DictionaryPartials(partials), options: options)
    }

    @Test("escaping .none leaves < > & \" ' alone; .html replaces them")
    func escaping() throws {
        let context: MustacheValue = ["code": "a < b && c > \"d\" 'e'"]
        #expect(
            try render("{{code}}", context, options: MustacheRenderOptions(escaping: .none)) == "a < b && c > \"d\" 'e'"
        )
        #expect(try render("{{code}}", context) == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;")
        #expect(try render("{{{code}}}|{{&code}}", context) == "a < b && c > \"d\" 'e'|a < b && c > \"d\" 'e'")
        #expect(try render("{{code}}", ["code": "héllo → 🎉"]) == "héllo → 🎉")
    }

    @Test("numbers print in their shortest form")
    func numbers() throws {
        #expect(try render("{{n}}", ["n": 85]) == "85")
        #expect(try render("{{n}}", ["n": -7]) == "-7")
        #expect(try render("{{n}}", ["n": 1.210]) == "1.21")
        #expect(try render("{{n}}", ["n": 1.0]) == "1")
        #expect(try render("{{n}}", ["n": -0.0]) == "0")
        #expect(try render("{{n}}", ["n": 0.1]) == "0.1")
        #expect(try render("{{n}}", ["n": 2.5e-7]) == "2.5e-07")
        #expect(try render("{{n}}", ["n": .double(1e300)]) == "1e+300")
        let json = try JSONDocument(parsing: #"{"a": 1.0, "b": 3.14159, "c": 12345678901234}"#, fileName: "d.json")
        #expect(try render("{{a}} {{b}} {{c}}", MustacheValue(specJSON: json.root)) == "1 3.14159 12345678901234")
    }

    @Test("booleans and null interpolate as true, false and nothing")
    func scalars() throws {
        #expect(try render("{{a}}/{{b}}/{{c}}", ["a": true, "b": false, "c": nil]) == "true/false/")
    }

    @Test("false, null, [] and \"\" are false; 0, {} and text are true")
    func truthiness() throws {
        let template = "{{#v}}yes{{/v}}{{^v}}no{{/v}}"
        #expect(try render(template, ["v": false]) == "no")
        #expect(try render(template, ["v": nil]) == "no")
        #expect(try render(template, ["v": []]) == "no")
        #expect(try render(template, ["v": ""]) == "no")
        #expect(try render(template, [:]) == "no")
        #expect(try render(template, ["v": 0]) == "yes")
        #expect(try render(template, ["v": 0.0]) == "yes")
        #expect(try render(template, ["v": [:]]) == "yes")
        #expect(try render(template, ["v": "x"]) == "yes")
        #expect(try render(template, ["v": [false]]) == "yes")
    }

    @Test("a template renders many times with different contexts")
    func reuse() throws {
        let template = try MustacheTemplate("{{#items}}{{.}},{{/items}}", name: "T.mustache")
        #expect(try template.render(["items": [1, 2]]) == "1,2,")
        #expect(try template.render(["items": ["a"]]) == "a,")
        #expect(try template.render([:]) == "")
    }

    @Test("an indented standalone partial indents its lines but leaves blank lines empty")
    func partialIndentationSkipsBlankLines() throws {
        let partials = ["body": "let a = 1\n\nlet b = {{b}}\n{{#none}}x{{/none}}\n"]
        #expect(
            try render("func f() {\n    {{>body}}\n}\n", ["b": 2], partials: partials)
                == "func f() {\n    let a = 1\n\n    let b = 2\n\n}\n")
    }

    @Test("indentation adds up through nested partials and applies inside their sections")
    func nestedIndentation() throws {
        let partials = [
            "type": "struct S {\n  {{>members}}\n}\n",
            "members": "{{#names}}\nvar {{.}}: Int\n{{/names}}\n",
        ]
        #expect(
            try render("enum E {\n  {{>type}}\n}\n", ["names": ["a", "b"]], partials: partials)
                == "enum E {\n  struct S {\n    var a: Int\n    var b: Int\n  }\n}\n")
    }

    @Test("a line of an indented partial that starts with a closing tag is indented, whatever the section")
    func lineStartingWithClosingTag() throws {
        let partials = ["p": "{{#a}}\nx\n{{/a}} y\n"]
        #expect(try render("  {{>p}}\n", ["a": false], partials: partials) == "   y\n")
        #expect(try render("  {{>p}}\n", ["a": true], partials: partials) == "  x\n   y\n")
    }

    @Test("an inline partial is not indented; multi-line values are never indented")
    func inlineAndValues() throws {
        #expect(try render("  x {{>p}}\n", partials: ["p": "a\nb"]) == "  x a\nb\n")
        #expect(try render("  {{>p}}\n", ["v": "1\n2"], partials: ["p": "<{{v}}>\n"]) == "  <1\n2>\n")
    }

    @Test("a section open and close on one line keep the line, as in other Mustache engines")
    func sectionPairOnOneLine() throws {
        #expect(try render("a\n{{#x}}{{/x}}\nb", ["x": true]) == "a\n\nb")
        #expect(try render("a\n  {{#x}}\n  {{/x}}\nb", ["x": true]) == "a\nb")
    }

    @Test("a parent's block fits the indentation of the place it is rendered at")
    func blockReindentation() throws {
        let partials = ["base": "final class {{name}} {\n    {{$members}}\n    {{/members}}\n}\n"]
        let template = """
            {{<base}}
            {{$members}}
            func a() {}

            func b() {
                body()
            }
            {{/members}}
            {{/base}}

            """
        #expect(
            try render(template, ["name": "X"], partials: partials)
                == "final class X {\n    func a() {}\n\n    func b() {\n        body()\n    }\n}\n")
        // Without an override, the default content renders with its own indentation.
        let defaults = ["base": "class A {\n  {{$body}}\n    var x = 1\n  var y = 2\n  {{/body}}\n}\n"]
        #expect(try render("{{<base}}{{/base}}", partials: defaults) == "class A {\n    var x = 1\n  var y = 2\n}\n")
    }

    @Test("dynamic partial names resolve in the context; strings only")
    func dynamicNames() throws {
        let partials = ["row": "[{{v}}]", "7": "seven"]
        #expect(try render("{{>*kind}}", ["kind": "row", "v": 1], partials: partials) == "[1]")
        #expect(try render("{{>*n}}", ["n": 7], partials: partials) == "seven")
        #expect(try render("{{>*kind}}", ["kind": ["row"]], partials: partials) == "")
        #expect(try render("{{<*kind}}{{/*kind}}", ["kind": "row", "v": 2], partials: partials) == "[2]")
    }

    @Test("lambdas see the current context and are called every time")
    func lambdas() throws {
        let upper = MustacheLambda { text in (text ?? "").uppercased() }
        // The lambda gets the raw text and its result is rendered: `{{NAME}}` is a tag of the result.
        #expect(try render("{{#up}}hi {{name}}{{/up}}", ["up": .lambda(upper), "name": "x", "NAME": "Bo"]) == "HI Bo")
        let wrap = MustacheLambda { text in "<\(text ?? "")>" }
        #expect(
            try render("{{#items}}{{#w}}{{.}}{{/w}}{{/items}}", ["items": [1, 2], "w": .lambda(wrap)]) == "<1><2>")
        #expect(try render("{{^w}}no{{/w}}", ["w": .lambda(wrap)]) == "")
    }

    @Test("objects keep keys in insertion order; setting nil removes a key")
    func objects() {
        var object: MustacheObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 4
        #expect(object.keys == ["b", "a", "c"])
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["c"]?.interpolationText == "3")
        #expect(object["b"] == nil)
        object["d"] = 5
        #expect(object.keys == ["a", "c", "d"])
        #expect(object["d"]?.interpolationText == "5")
    }

    @Test("JSON objects convert with their order and values")
    func jsonConversion() throws {
        let json = try JSONDocument(
            parsing: #"{"z": {"x": [true, null, "s"]}, "a": 1, "a": 2}"#, fileName: "d.json")
        let value = MustacheValue(specJSON: json.root)
        guard case .object(let object) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(object.keys == ["z", "a"])
        #expect(try render("{{a}}|{{#z.x}}({{.}}){{/z.x}}", value) == "2|(true)()(s)")
    }
}
