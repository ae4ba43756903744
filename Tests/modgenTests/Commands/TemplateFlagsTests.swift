import Foundation
import ModGenKit
import Testing

@testable import modgen

/// Manifest options ↔ command-line options, in process, with the built-in templates and small user templates.
@Suite struct TemplateFlagsTests {
    private static let base = CommandSpec(
        name: "new", abstract: "", arguments: [ArgumentSpec(name: "Name", help: "")],
        options: [.value("output", short: "o", help: ""), .flag("dry-run", help: "")])

    private static func flags(
        template id: String, userTemplates: URL? = nil
    ) throws -> TemplateFlags {
        let session = try GenerationSession(
            configFile: nil, workingDirectory: URL(fileURLWithPath: "/"),
            templateDirectories: userTemplates.map { [$0] } ?? [])
        return TemplateFlags(session: session, template: try session.catalog.template(id: id))
    }

    /// A user template folder with these options, removed by the caller.
    private static func userTemplate(options: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgen-flags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = """
            { "id": "mine", "summary": "Test.",
              "options": [\(options)],
              "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("template.json"))
        return folder
    }

    @Test func eachKindOfOptionBecomesItsKindOfFlag() throws {
        let viper = try Self.flags(template: "viper")
        let interface = try #require(viper.options.first { $0.name == "interface" })
        #expect(interface.kind == .choice(["none", "storyboard", "xib", "swiftui"]))
        #expect(interface.defaultDescription == "none")
        #expect(interface.group == "TEMPLATE OPTIONS (viper)")
        let interactor = try #require(viper.options.first { $0.name == "interactor" })
        #expect(interactor.kind == .inversion)
        #expect(interactor.defaultDescription == "--interactor")
        #expect(viper.options.contains { $0.name == "flow-controller" && $0.kind == .inversion })

        let group = try #require(try Self.flags(template: "viper-s").options.first { $0.name == "group" })
        #expect(group.kind == .value)
        #expect(group.valueName == "Group")
        #expect(group.defaultDescription == nil)
    }

    @Test func typedValuesAreKeptByOptionNameAndNothingElse() throws {
        let viper = try Self.flags(template: "viper")
        let spec = try viper.completing(Self.base)
        let outcome = try ArgumentParser(spec).parse([
            "Home", "--no-interactor", "--interface", "xib", "--flow-controller",
        ])
        guard case .run(let parsed) = outcome else {
            Issue.record("expected a run, got \(outcome)")
            return
        }
        let values = try viper.explicitValues(in: parsed)
        #expect(values == ["interactor": .flag(false), "interface": .choice("xib"), "flowController": .flag(true)])
    }

    @Test func textValuesMustBeIdentifiers() throws {
        let viperS = try Self.flags(template: "viper-s")
        let spec = try viperS.completing(Self.base)
        guard case .run(let good) = try ArgumentParser(spec).parse(["List", "--group", "Items"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(try viperS.explicitValues(in: good) == ["group": .text("Items")])
        guard case .run(let bad) = try ArgumentParser(spec).parse(["List", "--group", "my group"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(throws: OptionError.self) { try viperS.explicitValues(in: bad) }
    }

    @Test func completingAddsTheTemplatesOptionsAfterTheCommands() throws {
        let spec = try Self.flags(template: "mvvm-fc").completing(Self.base)
        #expect(spec.options.map(\.name) == ["output", "dry-run", "closures", "view-state", "builder", "tests"])
        let spellings = spec.options.flatMap(\.spelledNames)
        #expect(Set(spellings).count == spellings.count)
    }

    @Test(arguments: [
        (#"{ "name": "output", "kind": "flag" }"#, "output", "--output", "'modgen new'"),
        (#"{ "name": "dryRun", "kind": "text", "default": "" }"#, "dryRun", "--dry-run", "'modgen new'"),
        (#"{ "name": "rx", "kind": "flag" }, { "name": "noRx", "kind": "flag" }"#, "noRx", "--no-rx", "option 'rx'"),
    ])
    func aFlagThatIsTakenIsAnErrorNamingTheManifest(options: String, option: String, flag: String, owner: String)
        throws
    {
        let folder = try Self.userTemplate(options: options)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flags = try Self.flags(template: "mine", userTemplates: folder)
        let error = try #require(throws: ManifestFlagClash.self) { try flags.completing(Self.base) }
        #expect(error.option == option)
        #expect(error.flag == flag)
        #expect(error.owner == owner)
        // Every option sits on line 2 of the manifest written above; the clashing one is the last.
        let column = options.range(of: "\"\(option)\"").map {
            options.distance(from: options.startIndex, to: $0.lowerBound)
        }
        let expectedColumn = try #require(column) + "  \"options\": [".count + 1
        #expect(error.location == folder.appendingPathComponent("template.json").path + ":2:\(expectedColumn)")
        #expect(error.exitCode == .dataError)
    }

    @Test func theHelpAndVersionFlagsAreTakenToo() throws {
        let folder = try Self.userTemplate(options: #"{ "name": "h", "kind": "flag" }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flags = try Self.flags(template: "mine", userTemplates: folder)
        // `h` gives `--h`, which nothing has: one-letter names are long options here, not `-h`.
        #expect(try flags.completing(Self.base).options.last?.name == "h")
    }
}
