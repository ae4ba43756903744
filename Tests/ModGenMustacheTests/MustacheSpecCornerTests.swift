import ModGenMustache
import Testing

/// Corners the spec's prose decides but its test cases do not cover: whitespace in a delimiter change, parents
/// inside block arguments, and blocks alone on their line filled with inline content.
@Suite("Mustache spec corners")
struct MustacheSpecCornerTests {
    private func render(
        _ text: String, _ context: MustacheValue = [:], partials: [String: String] = [:]
    ) throws -> String {
        try MustacheTemplate(text, name: "T.mustache").render(context, partials: DictionaryPartials(partials))
    }

    @Test("a delimiter change may have any whitespace, line breaks too, between its delimiters")
    func delimitersAcrossLines() throws {
        #expect(try render("{{=<%\n%>=}}<%name%>", ["name": "x"]) == "x")
        #expect(try render("{{=<%\t\r\n  %>=}}(<%name%>)", ["name": "x"]) == "(x)")
        // Lines are still counted right after a change that spans two of them.
        do {
            _ = try MustacheTemplate("{{=<%\n%>=}}\n<%#x%>", name: "T.mustache")
            Issue.record("an unclosed section must be refused")
        } catch {
            #expect(error.message == "T.mustache:3:1: unclosed section 'x'")
        }
    }

    @Test("a parent inside a block argument gets its own arguments, not the enclosing ones")
    func parentInsideBlockArgument() throws {
        let partials = ["b2": "{{$c}}{{/c}}"]
        #expect(try render("{{<b2}}{{$c}}[{{<b2}}{{$c}}x{{/c}}{{/b2}}]{{/c}}{{/b2}}", partials: partials) == "[x]")
        // Without an argument of its own, the inner parent renders its default: the outer argument is not its.
        #expect(try render("{{<b2}}{{$c}}[{{<b2}}{{/b2}}]{{/c}}{{/b2}}", partials: partials) == "[]")
        // Arguments still pass down a chain of parents: the outermost wins.
        let chain = ["mid": "{{<b2}}{{$c}}mid{{/c}}{{/b2}}", "b2": "<{{$c}}{{/c}}>"]
        #expect(try render("{{<mid}}{{$c}}top{{/c}}{{/mid}}", partials: chain) == "<top>")
    }

    @Test("a block alone on an indented line keeps its indentation and line break when filled inline")
    func inlineOverrideOfStandaloneBlock() throws {
        let oneLine = ["parent": "Hi,\n  {{$b}}{{/b}}\nBye\n"]
        let twoLines = ["parent": "Hi,\n  {{$b}}\n  {{/b}}\nBye\n"]
        for partials in [oneLine, twoLines] {
            #expect(try render("{{<parent}}{{$b}}one{{/b}}{{/parent}}", partials: partials) == "Hi,\n  one\nBye\n")
            // Content that ends its own line gets no second line break; empty content leaves no line at all.
            #expect(try render("{{<parent}}{{$b}}\none\n{{/b}}{{/parent}}", partials: partials) == "Hi,\n  one\nBye\n")
            #expect(try render("{{<parent}}{{$b}}{{/b}}{{/parent}}", partials: partials) == "Hi,\nBye\n")
            #expect(
                try render("{{<parent}}{{$b}}one\ntwo{{/b}}{{/parent}}", partials: partials)
                    == "Hi,\n  one\n  two\nBye\n")
        }
        // The line break is the parent line's own.
        let crlf = ["parent": "Hi,\r\n  {{$b}}{{/b}}\r\nBye\r\n"]
        #expect(try render("{{<parent}}{{$b}}one{{/b}}{{/parent}}", partials: crlf) == "Hi,\r\n  one\r\nBye\r\n")
        // A block on a line with other text is inline: nothing is added.
        let inline = ["parent": "Hi,\n  <{{$b}}{{/b}}>\nBye\n"]
        #expect(try render("{{<parent}}{{$b}}one{{/b}}{{/parent}}", partials: inline) == "Hi,\n  <one>\nBye\n")
        // Inside an indented partial, the indentations add up.
        #expect(
            try render(
                "--\n  {{>wrap}}\n", partials: oneLine.merging(["wrap": "{{<parent}}{{$b}}one{{/b}}{{/parent}}"]) { $1 }
            )
                == "--\n  Hi,\n    one\n  Bye\n")
    }
}
