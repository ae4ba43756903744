import Foundation
import ModGenKit
import TestSupport
import Testing

@testable import modgen

/// `list --json` and `describe --json`, in the layout docs/JSON_OUTPUT.md documents.
@Suite struct JSONOutputTests {
    private func json(_ arguments: [String]) throws -> JSONValue {
        let result = assertExecute(arguments, error: "")
        return try JSONDocument(parsing: result.standardOutput, fileName: "out.json").root
    }

    @Test func listGivesEveryTemplateWithItsSource() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "t/viper/template.json",
            #"{ "id": "viper", "summary": "Mine", "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }"#)
        try folder.write("t/viper/A.mustache", "a\n")
        let builtIn = try json(["list", "--json", "--config", folder.path(".modgen.json")])
        #expect(builtIn.objectValue?.map(\.key) == ["formatVersion", "templates"])
        #expect(builtIn["formatVersion"] == .integer(1))
        let first = builtIn["templates"]?.arrayValue?.first
        #expect(first?.objectValue?.map(\.key) == ["id", "summary", "category", "source", "replacesBuiltIn"])
        #expect(first?["source"] == .object([("kind", .string("builtIn")), ("path", .null)]))
        #expect(first?["category"] == .null)
        let ids = builtIn["templates"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["mvvm-fc", "viper", "viper-s"])

        let replaced = try json([
            "list", "--json", "--templates", folder.path("t"), "--config", folder.path(".modgen.json"),
        ])
        let viper = replaced["templates"]?.arrayValue?.first { $0["id"] == .string("viper") }
        #expect(viper?["summary"] == .string("Mine"))
        #expect(viper?["source"] == .object([("kind", .string("folder")), ("path", .string(folder.path("t/viper")))]))
        #expect(viper?["replacesBuiltIn"] == .bool(true))
    }

    @Test func describeGivesOptionsParametersAndFiles() throws {
        let viper = try json(["describe", "viper", "--json"])
        #expect(
            viper.objectValue?.map(\.key)
                == [
                    "formatVersion", "id", "summary", "category", "source", "sampleName", "options", "parameters",
                    "roots", "files", "supportFiles",
                ])
        #expect(viper["roots"] == .array([.string("tests")]))
        let options = viper["options"]?.arrayValue ?? []
        let rx = options.first { $0["name"] == .string("rx") }
        #expect(
            rx?.objectValue?.map(\.key)
                == ["name", "flags", "kind", "default", "values", "snapshotSample", "help", "requires", "conflicts"])
        #expect(rx?["flags"] == .array([.string("--rx"), .string("--no-rx")]))
        #expect(rx?["kind"] == .string("flag"))
        #expect(rx?["default"] == .bool(false))
        #expect(rx?["values"] == .null)
        let interface = options.first { $0["name"] == .string("interface") }
        #expect(interface?["kind"] == .string("choice"))
        #expect(interface?["values"]?.arrayValue?.contains(.string("storyboard")) == true)
        let flowController = options.first { $0["name"] == .string("flowController") }
        #expect(flowController?["flags"]?.arrayValue?.first == .string("--flow-controller"))
        let files = viper["files"]?.arrayValue ?? []
        #expect(files.first?.objectValue?.map(\.key) == ["path", "template", "when", "root"])
        #expect(files.first?["root"] == .null)
        #expect(files.contains { $0["root"] == .string("tests") })
        #expect(files.contains { $0["when"] == .string("formatter") })
        #expect(files.contains { $0["when"] == .null })
        let viperS = try json(["describe", "viper-s", "--json"])
        let group = viperS["options"]?.arrayValue?.first { $0["name"] == .string("group") }
        #expect(group?["kind"] == .string("text"))
        #expect(group?["snapshotSample"] == .string("Items"))
    }

    @Test func describeJSONIsStableAndFailsLikeTheText() {
        #expect(
            execute(["describe", "mvvm-fc", "--json"]).standardOutput
                == execute(["describe", "mvvm-fc", "--json"]).standardOutput)
        assertExecute(
            ["describe", "nope", "--json"], expecting: "",
            error: "modgen: error: no template 'nope'; did you mean 'viper'? (available: mvvm-fc, viper, viper-s)\n",
            exitCode: 66)
    }
}
