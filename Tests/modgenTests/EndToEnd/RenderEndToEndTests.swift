import Foundation
import TestSupport
import Testing

/// `modgen render` run as a process, in a temporary folder, with relative paths.
@Suite struct RenderEndToEndTests {
    @Test func rendersWithADataFileAndAddsNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("hello.mustache", "Hello, {{name}}!")
        try folder.write("data.json", #"{ "name": "World" }"#)
        let result = try folder.run(["render", "hello.mustache", "--data", "data.json"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Hello, World!")
        #expect(result.standardError.isEmpty)
    }

    @Test func keepsTheTemplatesOwnTrailingNewline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "{{#items}}- {{.}}\n{{/items}}")
        try folder.write("data.json", #"{ "items": ["a", "b"] }"#)
        #expect(try folder.run(["render", "t.mustache", "--data=data.json"]).standardOutput == "- a\n- b\n")
    }

    @Test func readsDataFromStandardInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("hello.mustache", "Hello, {{name}}!")
        let result = try folder.run(["render", "--data", "-", "hello.mustache"], input: #"{"name": "stdin"}"#)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Hello, stdin!")
    }

    @Test func withoutDataTheContextIsEmpty() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "[{{name}}]{{^name}}none{{/name}}")
        #expect(try folder.run(["render", "t.mustache"]).standardOutput == "[]none")
    }

    @Test func partialsComeFromTheTemplatesFolderByDefault() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("templates/page.mustache", "<{{> header}}>")
        try folder.write("templates/header.mustache", "H:{{title}}")
        try folder.write("header.mustache", "wrong folder")
        try folder.write("data.json", #"{"title": "T"}"#)
        let result = try folder.run(["render", "templates/page.mustache", "--data", "data.json"])
        #expect(result.standardOutput == "<H:T>")
        #expect(result.status == 0)
    }

    @Test func partialsOptionChoosesTheFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("templates/page.mustache", "<{{> header}}>")
        try folder.write("templates/header.mustache", "default folder")
        try folder.write("other/header.mustache", "other folder")
        let result = try folder.run(["render", "templates/page.mustache", "--partials", "other"])
        #expect(result.standardOutput == "<other folder>")
    }

    @Test func parentsComeFromThePartialsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("page.mustache", "{{< layout}}{{$body}}mine{{/body}}{{/layout}}")
        try folder.write("layout.mustache", "[{{$body}}default{{/body}}]")
        #expect(try folder.run(["render", "page.mustache"]).standardOutput == "[mine]")
    }

    @Test func escapingIsOffByDefaultAndHTMLOnRequest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "{{v}}|{{{v}}}")
        try folder.write("data.json", #"{"v": "<a & \"b\">"}"#)
        let plain = try folder.run(["render", "t.mustache", "--data", "data.json"])
        #expect(plain.standardOutput == #"<a & "b">|<a & "b">"#)
        let none = try folder.run(["render", "t.mustache", "--data", "data.json", "--escape", "none"])
        #expect(none.standardOutput == plain.standardOutput)
        let html = try folder.run(["render", "t.mustache", "--data", "data.json", "--escape", "html"])
        #expect(html.standardOutput == #"&lt;a &amp; &quot;b&quot;&gt;|<a & "b">"#)
    }

    @Test func missingPartialRendersAsNothingUnlessStrict() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "a{{> nowhere}}b")
        #expect(try folder.run(["render", "t.mustache"]).standardOutput == "ab")
        let strict = try folder.run(["render", "t.mustache", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.standardOutput.isEmpty)
        #expect(strict.standardError.hasPrefix("modgen: error: t.mustache:1:2: "))
        #expect(strict.standardError.contains("nowhere"))
    }

    @Test func missingVariableIsEmptyUnlessStrict() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "line one\n[{{nope}}]")
        #expect(try folder.run(["render", "t.mustache"]).standardOutput == "line one\n[]")
        let strict = try folder.run(["render", "t.mustache", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.standardError.hasPrefix("modgen: error: t.mustache:2:2: "))
        #expect(strict.standardError.contains("nope"))
    }

    // MARK: Errors

    @Test func badTemplateNamesFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("bad.mustache", "line one\n  {{#open}}never closed\n")
        let result = try folder.run(["render", "bad.mustache"])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "modgen: error: bad.mustache:2:3: unclosed section 'open'\n")
    }

    @Test func errorInsideAPartialNamesThePartialsFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("page.mustache", "<{{> broken}}>")
        try folder.write("parts/broken.mustache", "ok\n{{#x}}")
        let result = try folder.run(["render", "page.mustache", "--partials", "parts"])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("modgen: error: "))
        #expect(result.standardError.hasSuffix("parts/broken.mustache:2:1: unclosed section 'x'\n"))
    }

    @Test func badJSONDataNamesFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "{{a}}")
        try folder.write("data.json", "{\n  \"a\": ,\n}")
        let result = try folder.run(["render", "t.mustache", "--data", "data.json"])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "modgen: error: data.json:2:8: unexpected character ',', expected a value\n")
    }

    @Test func badJSONOnStandardInputIsNamedStdin() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "{{a}}")
        let result = try folder.run(["render", "t.mustache", "--data", "-"], input: "[1, 2")
        #expect(result.status == 65)
        #expect(result.standardError == "modgen: error: <stdin>:1:6: unexpected end of file, expected ',' or ']'\n")
    }

    @Test func templateThatIsNotUTF8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data([0x61, 0x0A, 0x62, 0xC3, 0x28]).write(to: folder.url.appendingPathComponent("t.mustache"))
        let result = try folder.run(["render", "t.mustache"])
        #expect(result.status == 65)
        #expect(result.standardError == "modgen: error: t.mustache:2:2: the file is not valid UTF-8\n")
    }

    @Test func missingTemplate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.run(["render", "nope.mustache"])
        #expect(result.status == 66)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "modgen: error: cannot read 'nope.mustache': no such file or directory\n")
    }

    @Test func templateThatIsAFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("dir/file.txt", "")
        let result = try folder.run(["render", "dir"])
        #expect(result.status == 66)
        #expect(result.standardError == "modgen: error: cannot read 'dir': is a directory\n")
    }

    @Test func missingDataFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "x")
        let result = try folder.run(["render", "t.mustache", "--data", "missing.json"])
        #expect(result.status == 66)
        #expect(result.standardError == "modgen: error: cannot read 'missing.json': no such file or directory\n")
    }

    @Test func missingOrWrongPartialsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "x")
        let missing = try folder.run(["render", "t.mustache", "--partials", "nowhere"])
        #expect(missing.status == 66)
        #expect(missing.standardError == "modgen: error: cannot read 'nowhere': no such file or directory\n")
        let file = try folder.run(["render", "t.mustache", "--partials", "t.mustache"])
        #expect(file.status == 66)
        #expect(file.standardError == "modgen: error: cannot read 't.mustache': not a directory\n")
    }

    @Test func badFlagPrintsTheUsageHint() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.mustache", "x")
        let result = try folder.run(["render", "t.mustache", "--escpe", "html"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                modgen: error: unknown option '--escpe'. Did you mean '--escape'?
                Usage: modgen render <template-file> [--data <json-file>] [--partials <dir>] [--engine <engine>] \
                [--escape <escape>] [--strict]
                  See 'modgen render --help' for more information.

                """)
    }

    @Test func badChoiceAndMissingArgument() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let choice = try folder.run(["render", "t.mustache", "--escape", "xml"])
        #expect(choice.status == 64)
        #expect(
            choice.standardError.hasPrefix(
                "modgen: error: the value 'xml' is invalid for '--escape <escape>'. "
                    + "Please provide one of 'html' and 'none'.\nUsage: modgen render "))
        let missing = try folder.run(["render"])
        #expect(missing.status == 64)
        #expect(missing.standardError.hasPrefix("modgen: error: missing expected argument '<template-file>'\n"))
    }
}
