import ModGenMustache
import Testing

@Suite("Mustache partial providers")
struct MustachePartialProviderTests {
    private func render(_ text: String, _ partials: some MustachePartialProvider, strict: Bool = false)
        throws(MustacheError)
        -> String
    {
        try MustacheTemplate(text, name: "T.mustache").render(
            ["name": "Home"], partials: partials, options: MustacheRenderOptions(strictPartials: strict))
    }

    @Test("dictionary partials parse once and report errors under the partial's name")
    func dictionaryPartials() throws {
        let partials = DictionaryPartials(["a": "A{{>b}}", "b": "B", "broken": "{{/x}}"])
        #expect(try render("{{>a}}", partials) == "AB")
        #expect(try partials.template(named: "missing") == nil)
        #expect(try partials.template(named: "a")?.name == "a")
        #expect(
            throws: MustacheError(
                templateName: "broken", position: MustachePosition(line: 1, column: 1),
                reason: "closing tag 'x' has no open section")
        ) { try render("{{>broken}}", partials) }
    }
}
