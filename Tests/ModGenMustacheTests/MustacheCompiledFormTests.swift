import ModGenMustache
import Testing

/// The compiled form a template is written to at build time (modgen's built-in templates) and read back from at
/// run time. The spec suite renders every case from compiled forms too; these check that a form is really read, and
/// that one which does not belong to the text is refused for a parse of the text.
@Suite("Mustache compiled forms")
struct MustacheCompiledFormTests {
    private let context: MustacheValue = ["a": "A", "b": "B", "list": [["x": "1"], ["x": "2"]]]

    private func render(_ template: MustacheTemplate) throws -> String {
        try template.render(context, options: MustacheRenderOptions(escaping: .none))
    }

    @Test("a form is read instead of the text when it belongs to a text of that length")
    func formIsRead() throws {
        // Two templates of the same length: reading b's form with a's text renders b's tree.
        let formOfB = try MustacheTemplate("{{b}}", name: "b").compiledForm
        #expect(try render(MustacheTemplate("{{a}}", name: "a", compiledForm: formOfB)) == "B")
    }

    @Test("a form of a text of another length, of another version, or cut short is refused: the text is parsed")
    func mismatchedFormsAreRefused() throws {
        let form = try MustacheTemplate("{{b}}", name: "b").compiledForm
        #expect(form.hasPrefix("M1,5,"))
        #expect(try render(MustacheTemplate("{{a}} ", name: "a", compiledForm: form)) == "A ")
        let otherVersion = "M0" + form.dropFirst(2)
        #expect(try render(MustacheTemplate("{{a}}", name: "a", compiledForm: otherVersion)) == "A")
        for length in 0..<form.utf8.count {
            let cut = String(decoding: form.utf8.prefix(length), as: UTF8.self)
            #expect(try render(MustacheTemplate("{{a}}", name: "a", compiledForm: cut)) == "A", "\(cut)")
        }
    }

    @Test("every kind of node reads back as written, with positions and a lambda's raw text")
    func everyNodeKindReadsBack() throws {
        let text = """
            {{! comment }}
            Hi {{a}} {{{b}}} {{&a}}
              {{#list}}
              - {{x}}{{.}}
              {{/list}}
            {{^missing}}none{{/missing}}
              {{>partial}}
            {{>*dynamic}}
            {{=<% %>=}}
            <%#list%><%x%><%/list%>
            <%={{ }}=%>
              {{<parent}}
                {{$block}}
                  override
                {{/block}}
              {{/parent}}
            {{$top}}default{{/top}}
            é\r
            """
        let parsed = try MustacheTemplate(text, name: "all")
        let form = parsed.compiledForm
        let compiled = try MustacheTemplate(text, name: "all", compiledForm: form)
        #expect(compiled.compiledForm == form)
        #expect(compiled.name == "all")
        let partials = DictionaryPartials([
            "partial": "P{{a}}\nQ\n", "parent": "[{{$block}}default{{/block}}]\n", "dynamic": "D",
        ])
        let data: MustacheValue = ["a": "A", "b": "B", "list": [["x": "1"], ["x": "2"]], "dynamic": "dynamic"]
        let options = MustacheRenderOptions(escaping: .none)
        let expected = try parsed.render(data, partials: partials, options: options)
        #expect(expected.contains("PA\n"))
        #expect(try compiled.render(data, partials: partials, options: options) == expected)
        // A section lambda gets the section's unrendered text, a range of the source the form does not hold.
        let lambdaText = "{{#wrap}}<{{a}}>{{/wrap}}"
        let lambdaTemplate = try MustacheTemplate(lambdaText, name: "lambda")
        let withLambda: MustacheValue = ["a": "A", "wrap": .lambda(MustacheLambda { raw in "[" + (raw ?? "") + "]" })]
        let readBack = try MustacheTemplate(lambdaText, name: "lambda", compiledForm: lambdaTemplate.compiledForm)
        #expect(try readBack.render(withLambda, options: options) == "[<A>]")
        // Errors found while rendering name the template and the tag's position, as the parsed one's do.
        let strict = MustacheRenderOptions(escaping: .none, strictVariables: true)
        let missing = "line\n  {{nope}}"
        let missingForm = try MustacheTemplate(missing, name: "m").compiledForm
        #expect(
            throws: MustacheError(
                templateName: "m", position: MustachePosition(line: 2, column: 3), reason: "no value named 'nope'")
        ) { try MustacheTemplate(missing, name: "m", compiledForm: missingForm).render(context, options: strict) }
    }
}
