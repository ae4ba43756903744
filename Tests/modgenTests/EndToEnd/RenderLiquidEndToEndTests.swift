import Foundation
import TestSupport
import Testing

/// `modgen render` with Liquid templates, run as a process: the engine chosen by the extension or `--engine`,
/// includes read from the partials folder, errors in one line with file, line and column.
@Suite struct RenderLiquidEndToEndTests {
    @Test func aLiquidFileRendersWithLiquid() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("hello.liquid", "Hello, {{ name | upcase }}!{% for i in (1..3) %} {{ i }}{% endfor %}")
        try folder.write("data.json", #"{ "name": "World" }"#)
        let result = try folder.run(["render", "hello.liquid", "--data", "data.json"])
        #expect(result.standardOutput == "Hello, WORLD! 1 2 3")
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }

    /// Ruby's JSON reads an integer past 64 bits whole, and so does `render`'s data (a manifest still refuses one).
    @Test func dataIntegersPast64BitsStayWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.liquid", "{{ n }} {{ n | plus: 1 }} {{ m | minus: 1 }}")
        try folder.write("data.json", #"{ "n": 123456789012345678901234567890, "m": -9223372036854775808 }"#)
        let result = try folder.run(["render", "t.liquid", "--data", "data.json"])
        #expect(
            result.standardOutput
                == "123456789012345678901234567890 123456789012345678901234567891 -9223372036854775809")
        #expect(result.status == 0)
        try folder.write("t.mustache", "{{n}}")
        #expect(
            try folder.run(["render", "t.mustache", "--data", "data.json"]).standardOutput
                == "123456789012345678901234567890")
    }

    @Test func engineOptionOverridesTheExtension() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.txt", "{{ 'a' | append: 'b' }}{{#x}}")
        #expect(try folder.run(["render", "t.txt", "--engine", "liquid"]).standardOutput == "ab")
        try folder.write("t.liquid", "{{#list}}-{{/list}}")
        try folder.write("data.json", #"{ "list": [1, 2] }"#)
        let mustache = try folder.run(["render", "t.liquid", "--engine", "mustache", "--data", "data.json"])
        #expect(mustache.standardOutput == "--")
    }

    @Test func includesComeFromThePartialsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("templates/page.liquid", "<{% include 'header' %}|{% render 'row' for rows as row %}>")
        try folder.write("templates/header.liquid", "H:{{ title }}")
        try folder.write("snippets/header.liquid", "other:{{ title }}")
        try folder.write("snippets/row.liquid", "[{{ row }}{{ title }}]")
        try folder.write("templates/row.liquid", "(default folder)")
        try folder.write("data.json", #"{"title": "T", "rows": [1, 2]}"#)
        let byDefault = try folder.run(["render", "templates/page.liquid", "--data", "data.json"])
        #expect(byDefault.standardOutput == "<H:T|(default folder)(default folder)>")
        let chosen = try folder.run([
            "render", "templates/page.liquid", "--data", "data.json", "--partials", "snippets",
        ])
        #expect(chosen.standardOutput == "<other:T|[1][2]>")
    }

    @Test func errorsNameTheFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("bad.liquid", "ok\n  {% if x %}never closed")
        let parse = try folder.run(["render", "bad.liquid"])
        #expect(parse.status == 65)
        #expect(parse.standardError == "modgen: error: bad.liquid:2:3: 'if' tag was never closed\n")
        #expect(parse.standardOutput.isEmpty)
        try folder.write("page.liquid", "{% include 'part' %}")
        try folder.write("part.liquid", "\n{{ 1 | divided_by: 0 }}")
        let inside = try folder.run(["render", "page.liquid"])
        #expect(inside.standardError == "modgen: error: part.liquid:2:1: divided by 0\n")
        #expect(inside.status == 65)
        try folder.write("empty/README", "no templates here")
        let missing = try folder.run(["render", "page.liquid", "--partials", "empty"])
        #expect(
            missing.standardError == "modgen: error: page.liquid:1:1: No such template 'part' (empty/part.liquid)\n")
        #expect(missing.status == 65)
        try folder.write("escape.liquid", "{% include '../outside' %}")
        let outside = try folder.run(["render", "escape.liquid"])
        #expect(outside.status == 65)
        #expect(outside.standardError.contains("must be a relative path inside the templates folder"))
    }

    @Test func mustacheOnlyOptionsAreRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.liquid", "x")
        let escape = try folder.run(["render", "t.liquid", "--escape", "html"])
        #expect(escape.status == 64)
        #expect(escape.standardError.hasPrefix("modgen: error: '--escape' does not apply to Liquid templates\nUsage: "))
        #expect(try folder.run(["render", "t.liquid", "--strict"]).status == 64)
    }

    @Test func liquidDataMustBeAnObject() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t.liquid", "x")
        try folder.write("list.json", "[1, 2]")
        let result = try folder.run(["render", "t.liquid", "--data", "list.json"])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "modgen: error: list.json:1:1: the data for a Liquid template must be a JSON object\n")
    }
}
