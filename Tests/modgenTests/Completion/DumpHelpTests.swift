import Foundation
import ModGenKit
import Testing

@testable import modgen

/// `--experimental-dump-help`: swift-argument-parser's ToolInfo JSON (serialization version 0) for the whole tool.
@Suite struct DumpHelpTests {
    private func toolInfo() throws -> JSONValue {
        let result = assertExecute(["--experimental-dump-help"], error: "")
        return try JSONDocument(parsing: result.standardOutput, fileName: "dump.json").root
    }

    private func command(_ name: String, in info: JSONValue) -> JSONValue? {
        info["command"]?["subcommands"]?.arrayValue?.first { $0["commandName"]?.stringValue == name }
    }

    private func argument(_ name: String, of command: JSONValue?) -> JSONValue? {
        command?["arguments"]?.arrayValue?.first {
            $0["preferredName"]?["name"]?.stringValue == name || $0["valueName"]?.stringValue == name
        }
    }

    @Test func describesTheToolAndEverySubcommand() throws {
        let info = try toolInfo()
        #expect(info["serializationVersion"] == .integer(0))
        #expect(info["command"]?["commandName"] == .string("modgen"))
        let names = info["command"]?["subcommands"]?.arrayValue?.compactMap { $0["commandName"]?.stringValue }
        #expect(
            names == [
                "new", "support", "list", "describe", "snapshot", "render", "init", "export-xcode", "update", "remove",
                "move", "rename", "merge-project", "setup-merge-driver", "update-templates", "help",
            ])
        #expect(command("new", in: info)?["superCommands"] == .array([.string("modgen")]))
        #expect(command("new", in: info)?["abstract"] == .string("Generate a module from a template."))
    }

    @Test func describesOptionsWithNamesValuesAndCompletion() throws {
        let info = try toolInfo()
        let output = argument("output", of: command("new", in: info))
        #expect(output?["kind"] == .string("option"))
        #expect(
            output?["names"]
                == .array([
                    .object([("kind", .string("long")), ("name", .string("output"))]),
                    .object([("kind", .string("short")), ("name", .string("o"))]),
                ]))
        #expect(output?["valueName"] == .string("dir"))
        #expect(output?["completionKind"] == .object([("directory", .object([]))]))
        #expect(output?["isRepeating"] == .bool(false))
        let templates = argument("templates", of: command("list", in: info))
        #expect(templates?["isRepeating"] == .bool(true))
        let escape = argument("escape", of: command("render", in: info))
        #expect(escape?["allValues"] == .array([.string("html"), .string("none")]))
        #expect(escape?["defaultValue"] == .string("none"))
        #expect(escape?["completionKind"] == .object([("list", .object([("values", escape?["allValues"] ?? .null)]))]))
        let template = argument("template", of: command("describe", in: info))
        #expect(template?["kind"] == .string("positional"))
        #expect(template?["isOptional"] == .bool(false))
        #expect(template?["completionKind"] == .object([("custom", .object([]))]))
        let dryRun = argument("dry-run", of: command("new", in: info))
        #expect(dryRun?["kind"] == .string("flag"))
        #expect(dryRun?["valueName"] == nil)
        let help = argument("help", of: command("new", in: info))
        #expect(help?["names"]?.arrayValue?.count == 2)
    }

    @Test func keysAreSortedAtEveryLevelAndTheOutputIsStable() throws {
        func keysAreSorted(_ value: JSONValue) -> Bool {
            switch value {
            case .object(let members):
                let keys = members.map(\.key)
                return keys == keys.sorted() && members.allSatisfy { keysAreSorted($0.value) }
            case .array(let elements): return elements.allSatisfy(keysAreSorted)
            default: return true
            }
        }
        #expect(keysAreSorted(try toolInfo()))
        #expect(
            execute(["--experimental-dump-help"]).standardOutput == execute(["--experimental-dump-help"]).standardOutput
        )
    }
}
