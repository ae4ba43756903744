import ModGenMustache
import Testing

/// Every kind of template error, with its exact message: template name, line and column of the tag at fault.
@Suite("Mustache errors")
struct MustacheErrorTests {
    @Test("an unclosed section is reported at its opening tag")
    func unclosedSection() {
        let error = parseError(
            "import UIKit\n\nfinal class P {\n    {{#rx}}\n    let bag = DisposeBag()\n}\n",
            name: "Presenter.swift.mustache")
        #expect(error?.message == "Presenter.swift.mustache:4:5: unclosed section 'rx'")
        #expect(parseError("{{^a}}{{#b}}{{/b}}")?.message == "T.mustache:1:1: unclosed inverted section 'a'")
        #expect(parseError("{{<a}}")?.message == "T.mustache:1:1: unclosed parent 'a'")
        #expect(parseError("x{{$a}}")?.message == "T.mustache:1:2: unclosed block 'a'")
    }

    @Test("a closing tag must close the innermost open tag, by the same name")
    func mismatchedClose() {
        #expect(
            parseError("{{#a}}\n  {{/b}}")?.message == "T.mustache:2:3: closing tag 'b' does not match open section 'a'"
        )
        #expect(
            parseError("{{#a}}{{#b}}{{/a}}{{/b}}")?.message
                == "T.mustache:1:13: closing tag 'a' does not match open section 'b'")
        #expect(parseError("text {{/a}}")?.message == "T.mustache:1:6: closing tag 'a' has no open section")
        #expect(parseError("{{#a}}{{/a}}{{/a}}")?.message == "T.mustache:1:13: closing tag 'a' has no open section")
    }

    @Test("a tag without its closing delimiter")
    func unclosedTag() {
        #expect(parseError("Hello {{name")?.message == "T.mustache:1:7: unclosed tag: no '}}' after it")
        #expect(
            parseError("Hello {{name\nand {{other}}")?.message
                == "T.mustache:1:7: unclosed tag: no '}}' before the next '{{'")
        #expect(parseError("{{{name}}")?.message == "T.mustache:1:1: unclosed tag: no '}}}' after it")
        #expect(parseError("a\n{{! never closed")?.message == "T.mustache:2:1: unclosed tag: no '}}' after it")
        #expect(parseError("{{=<% %>=}}<%name")?.message == "T.mustache:1:12: unclosed tag: no '%>' after it")
    }

    @Test("a malformed delimiter change")
    func badDelimiters() {
        #expect(
            parseError("{{=<% %>}}")?.message
                == "T.mustache:1:1: delimiter change must end with '=}}', as in {{=<% %>=}}")
        #expect(
            parseError("x {{=<%%>=}}")?.message
                == "T.mustache:1:3: delimiter change needs two delimiters separated by a space, as in {{=<% %>=}}")
        #expect(
            parseError("{{=<% %> [ =}}")?.message
                == "T.mustache:1:1: delimiter change needs two delimiters separated by a space, as in {{=<% %>=}}")
        #expect(
            parseError("{{==}}")?.message
                == "T.mustache:1:1: delimiter change needs two delimiters separated by a space, as in {{=<% %>=}}")
        #expect(parseError("{{=<= =>=}}")?.message == "T.mustache:1:1: delimiters must not contain '='")
        // After a change, messages show the delimiters in effect.
        #expect(
            parseError("{{=<% %>=}}\n<%=[ ]%>")?.message
                == "T.mustache:2:1: delimiter change must end with '=%>', as in <%=<% %>=%>")
    }

    @Test("a tag needs a name without whitespace")
    func badNames() {
        #expect(parseError("a {{}}")?.message == "T.mustache:1:3: empty tag name")
        #expect(parseError("{{# }}{{/ }}")?.message == "T.mustache:1:1: empty tag name")
        #expect(parseError("{{{ }}}")?.message == "T.mustache:1:1: empty tag name")
        #expect(parseError("{{>*}}")?.message == "T.mustache:1:1: empty tag name")
        #expect(parseError("{{first name}}")?.message == "T.mustache:1:1: tag name 'first name' contains whitespace")
    }

    @Test("columns count characters, not bytes")
    func unicodeColumns() {
        #expect(parseError("héllo wörld {{/x}}")?.message == "T.mustache:1:13: closing tag 'x' has no open section")
        #expect(
            parseError("{{! multi\nline\ncomment }} 🎉{{/x}}")?.message
                == "T.mustache:3:13: closing tag 'x' has no open section")
    }

    @Test("strict variables: interpolating a missing name is an error, a missing section is just false")
    func strictVariables() {
        let strict = MustacheRenderOptions(strictVariables: true)
        #expect(
            renderError("Hi\n  {{nmae}}", ["name": "x"], options: strict)?.message
                == "T.mustache:2:3: no value named 'nmae'")
        #expect(
            renderError("{{user.nmae}}", ["user": ["name": "x"]], options: strict)?.message
                == "T.mustache:1:1: no value named 'user.nmae'")
        #expect(
            renderError("{{{items}}}", ["items": [1, 2]], options: strict)?.message
                == "T.mustache:1:1: 'items' is a list or an object, not text to insert")
        #expect(renderError("{{#missing}}x{{/missing}}{{^missing}}y{{/missing}}", options: strict) == nil)
        #expect(renderError("{{null}}", ["null": nil], options: strict) == nil)
        #expect(renderError("{{nmae}}", ["name": "x"]) == nil)
        #expect(
            renderError("{{>*kind}}", options: strict)?.message
                == "T.mustache:1:1: no text value named 'kind' for a dynamic partial name")
    }

    @Test("strict partials: a missing partial or parent is an error")
    func strictPartials() {
        let strict = MustacheRenderOptions(strictPartials: true)
        #expect(renderError("a\n {{> header}}", options: strict)?.message == "T.mustache:2:2: unknown partial 'header'")
        #expect(renderError("{{<base}}{{/base}}", options: strict)?.message == "T.mustache:1:1: unknown parent 'base'")
        #expect(
            renderError("{{>*kind}}", ["kind": "row"], options: strict)?.message
                == "T.mustache:1:1: unknown partial 'row'")
        #expect(renderError("{{> header}}") == nil)
    }

    @Test("errors inside a partial name the partial, at its own line and column")
    func errorsInsidePartials() {
        #expect(renderError("{{>p}}", partials: ["p": "x\n{{#a}}"])?.message == "p:2:1: unclosed section 'a'")
        #expect(
            renderError(
                "{{#items}}\n{{>row}}\n{{/items}}", ["items": [["a": 1]]], partials: ["row": "a={{a}} b={{b}}"],
                options: MustacheRenderOptions(strictVariables: true))?.message == "row:1:11: no value named 'b'")
        #expect(
            renderError(
                "{{<base}}{{/base}}", partials: ["base": "{{>missing}}"],
                options: MustacheRenderOptions(strictPartials: true))?.message == "base:1:1: unknown partial 'missing'")
    }

    @Test("a block's content reports errors in the template it was written in")
    func errorsInsideBlocks() {
        let error = renderError(
            "{{<base}}\n{{$body}}\n{{oops}}\n{{/body}}\n{{/base}}", partials: ["base": "<{{$body}}{{/body}}>"],
            options: MustacheRenderOptions(strictVariables: true))
        #expect(error?.message == "T.mustache:3:1: no value named 'oops'")
    }

    @Test("a partial that includes itself ends with an error naming it, not a crash")
    func partialRecursion() {
        #expect(
            renderError("{{>self}}", partials: ["self": "x{{>self}}"])?.message
                == "self:1:2: partial 'self' nested more than 64 levels deep; does it include itself?")
        #expect(
            renderError("{{>a}}", partials: ["a": "{{>b}}", "b": "{{>a}}"])?.message
                == "b:1:1: partial 'a' nested more than 64 levels deep; does it include itself?")
        #expect(
            renderError("{{>*name}}", ["name": "loop"], partials: ["loop": "{{>*name}}"])?.message
                == "loop:1:1: partial 'loop' nested more than 64 levels deep; does it include itself?")
    }

    @Test("64 nested partials render; the 65th is refused")
    func partialDepthLimit() throws {
        func chain(_ length: Int) -> [String: String] {
            var partials: [String: String] = [:]
            for level in 0..<length { partials["p\(level)"] = level == length - 1 ? "end" : "{{>p\(level + 1)}}" }
            return partials
        }
        let template = try MustacheTemplate("{{>p0}}", name: "T.mustache")
        #expect(try template.render([:], partials: DictionaryPartials(chain(64))) == "end")
        #expect(
            renderError("{{>p0}}", partials: chain(65))?.message
                == "p63:1:1: partial 'p64' nested more than 64 levels deep; does it include itself?")
    }

    @Test("a parent that extends itself ends with an error")
    func parentRecursion() {
        #expect(
            renderError("{{<loop}}{{/loop}}", partials: ["loop": "{{<loop}}{{$a}}x{{/a}}{{/loop}}"])?.message
                == "loop:1:1: parent 'loop' nested more than 64 levels deep; does it include itself?")
        // A block whose default content includes its own parent again never ends either.
        #expect(
            renderError("{{<p}}{{/p}}", partials: ["p": "{{$a}}{{<p}}{{/p}}{{/a}}"])?.message
                == "p:1:7: parent 'p' nested more than 64 levels deep; does it include itself?")
    }

    @Test("a lambda whose text calls it again ends with an error")
    func lambdaRecursion() {
        let again = MustacheLambda { _ in "{{again}}" }
        #expect(
            renderError("{{again}}", ["again": .lambda(again)])?.message.hasSuffix(
                ":1:1: lambda 'again' expanded more than 64 levels deep; does its text call it again?") == true)
        let section = MustacheLambda { text in "{{#again}}\(text ?? ""){{/again}}" }
        #expect(
            renderError("{{#again}}x{{/again}}", ["again": .lambda(section)])?.message.hasSuffix(
                "lambda 'again' expanded more than 64 levels deep; does its text call it again?") == true)
    }

    @Test("errors in a lambda's text name the lambda")
    func lambdaErrors() {
        let broken = MustacheLambda { _ in "{{#x}}" }
        #expect(
            renderError("a {{broken}}", ["broken": .lambda(broken)])?.message
                == "T.mustache > lambda 'broken':1:1: unclosed section 'x'")
    }

    @Test("templates nested more than 100 levels deep are refused")
    func nestingLimit() throws {
        let fine = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        let template = try MustacheTemplate(fine, name: "T.mustache")
        #expect(try template.render(["a": true]) == "x")
        let deep = String(repeating: "{{#a}}", count: 101) + String(repeating: "{{/a}}", count: 101)
        #expect(parseError(deep)?.message == "T.mustache:1:601: tags nested more than 100 levels deep")
    }

    @Test("deep sections inside recursive partials stop with an error before the stack runs out")
    func totalNestingLimit() {
        var partials: [String: String] = [:]
        for level in 0..<70 {
            let open = String(repeating: "{{#a}}", count: 99)
            let close = String(repeating: "{{/a}}", count: 99)
            partials["p\(level)"] = open + "{{>p\(level + 1)}}" + close
        }
        // p0 to p3 are 4 partial levels holding 99 sections each: 400 levels, so p3 cannot include p4.
        #expect(
            renderError("{{>p0}}", ["a": [true]], partials: partials)?.message
                == "p3:1:595: sections, partials and blocks nested more than 400 levels deep")
    }

    @Test("long templates take linear time: one 600 kB line of 100,000 tags", .timeLimit(.minutes(1)))
    func longLine() throws {
        let line = String(repeating: "<{{#a}}{{b}}{{/a}}>", count: 33_334)
        let template = try MustacheTemplate(line, name: "T.mustache")
        let output = try template.render(["a": true, "b": 1])
        #expect(output.utf8.count == 33_334 * 3)
        let unclosed =
            "{{" + String(repeating: "x", count: 500_000) + " {{y}}" + String(repeating: "{{z}}", count: 50_000)
        #expect(parseError(unclosed)?.message == "T.mustache:1:1: unclosed tag: no '}}' before the next '{{'")
    }
}
