import Foundation
import TestSupport
import Testing

/// `modgen list`, `modgen describe` and `modgen support` as the built binary runs them.
@Suite struct CatalogCommandsEndToEndTests {
    @Test func listShowsOneTemplateALineWithAlignedSummaries() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["list"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        let ids = lines.dropLast().map { String($0.prefix { $0 != " " }) }
        #expect(ids == ["mvvm-fc", "viper", "viper-s"])
        // "viper-s" is the longest id: every summary starts two spaces after it.
        for line in lines.dropLast() {
            let summary = line.dropFirst("viper-s  ".count)
            #expect(line.prefix("viper-s  ".count).hasSuffix("  "))
            #expect(summary.first?.isWhitespace == false, "\(line)")
        }
        #expect(lines[1].hasPrefix("viper    VIPER"))
    }

    @Test func listSaysWhereAUserTemplateComesFrom() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        for id in ["mine", "viper"] {
            try folder.write(
                "templates/\(id)/template.json",
                #"{ "id": "\#(id)", "summary": "User \#(id)", "files": [ { "template": "A", "path": "a" } ] }"#)
        }
        let result = try folder.generate(["list", "--templates", "templates"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("mine     User mine (from templates/mine)\n"))
        #expect(
            result.standardOutput.contains("\nviper    User viper (from templates/viper, replacing the built-in one)\n")
        )
        #expect(result.standardOutput.split(separator: "\n").count == 4)
    }

    @Test func describeShowsOptionsRulesParametersAndFiles() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["describe", "viper"])
        #expect(result.status == 0)
        let text = result.standardOutput
        #expect(text.hasPrefix("viper: VIPER module"))
        #expect(text.contains("\nfrom: built-in\nsample name: Home\n\nOPTIONS:\n"))
        #expect(
            text.contains(
                "\n  --interface <interface>\n      one of none, storyboard, xib, swiftui; default: none\n"
                    + "      Where the view comes from"))
        #expect(text.contains("\n  --interactor/--no-interactor\n      a flag; default: on\n"))
        #expect(text.contains("\n      requires interactor: the formatter formats what the interactor fetches\n"))
        #expect(text.contains("\n      writes Home/HomeFormatter.swift when formatter\n"))
        #expect(text.contains("\n  --flow-controller/--no-flow-controller  (flowController)\n"))
        #expect(text.contains("\n      writes Home/HomeWireframe.swift when !flowController\n"))
        #expect(text.contains("\nFILES:\n  Home/HomeInterfaces.swift\n"))
        // Conditions line up after the longest path, the tests' file in the output root 'tests'.
        #expect(text.contains("\n  tests:Home/HomePresenterTests.swift  when tests != none\n"))
        #expect(text.contains("\n  Home/Home.storyboard                 when interface == storyboard\n"))
        #expect(
            text.contains(
                "\nOUTPUT ROOTS (place each with --root <name>=<dir> or the config's \"roots\"):\n  tests  (1 file"))
        #expect(
            text.contains(
                "\nSUPPORT FILES ('modgen support viper'):\n"
                    + "  ViewInterface.swift                  when interface != swiftui\n"))
        #expect(text.contains("\n  LazyHostingViewController.swift      when interface == swiftui\n"))
        // The kind depends on the manifest (text or identifier); describeShowsAParametersKind checks it.
        #expect(text.contains("\nPARAMETERS (--set <name>=<value>):\n  builderContext\n      "))
        // Defaults as a run renders them for the sample name, not as Mustache.
        #expect(text.contains("; default for Home: HomeContext\n"))
        #expect(text.contains("\n  appModule\n      a Swift identifier; default for Home: App\n"))
        #expect(!text.contains("{{"))
    }

    /// The header's project from the config reaches the rendered default (`appModule` is the project's module).
    @Test func describeRendersParameterDefaultsWithTheConfigsHeader() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "header": { "project": "My Shop" } }"#)
        let text = try folder.generate(["describe", "viper"]).standardOutput
        #expect(text.contains("\n  appModule\n      a Swift identifier; default for Home: My_Shop\n"))
    }

    @Test func describeShowsAParametersKind() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "templates/mine/template.json",
            """
            { "id": "mine", "summary": "Parameters",
              "parameters": [
                { "name": "context", "kind": "identifier", "default": "{{name}}Context", "help": "A type." },
                { "name": "note", "help": "Any words." } ],
              "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }
            """)
        let result = try folder.generate(["describe", "mine", "--templates", "templates"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "\nPARAMETERS (--set <name>=<value>):\n  context\n      a Swift identifier; default for Home: HomeContext\n"
                    + "      A type.\n  note\n      any text; default for Home: empty\n      Any words.\n"))
    }

    @Test func describeShowsConflictsParametersAndConditionalSupportFiles() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let text = try folder.generate(["describe", "mvvm-fc"]).standardOutput
        #expect(text.contains("\n      conflicts with closures: --view-state and --closures both replace"))
        #expect(text.contains("\n      support: writes ViewStateHandler.swift when viewState\n"))
        #expect(text.contains("\nPARAMETERS (--set <name>=<value>):\n  builderContext\n      "))
        #expect(text.hasSuffix("  DependencyManager.swift\n  ViewStateHandler.swift   when viewState\n"))
    }

    @Test func describeWithoutATemplateIsAUsageError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["describe"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("modgen: error: missing expected argument '<template>'\n"))
    }

    @Test func supportWritesTheSupportFilesOnce() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let files = [
            "ViewInterface.swift", "PresenterInterface.swift", "InteractorInterface.swift",
            "FormatterInterface.swift", "BaseWireframe.swift", "UIStoryboardExtension.swift",
        ]
        let result = try folder.generate(["support", "viper", "--output", "Base"])
        #expect(result.status == 0)
        #expect(result.standardOutput == actionLines("create", files, under: "Base"))
        #expect(folder.files(under: "Base").keys.sorted() == files.sorted())
        let again = try folder.generate(["support", "viper", "--output", "Base"])
        #expect(again.standardOutput == actionLines("unchanged", files, under: "Base"))

        try folder.write("Base/BaseWireframe.swift", "edited\n")
        let refused = try folder.generate(["support", "viper", "--output", "Base"])
        #expect(refused.status == 1)
        #expect(refused.standardError.hasSuffix(": Base/BaseWireframe.swift\n"))
        let checked = try folder.generate(["support", "viper", "--output", "Base", "--check"])
        #expect(checked.status == 1)
        #expect(checked.standardOutput.hasPrefix("--- Base/BaseWireframe.swift (on disk)\n"))
        #expect(try folder.generate(["support", "viper", "-o", "Base", "--force", "-q"]).status == 0)
        #expect(folder.read("Base/BaseWireframe.swift") != "edited\n")
    }

    @Test func supportTakesTheTemplatesOptionsBeforeOrAfterItsId() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let plain = try folder.generate(["support", "mvvm-fc", "-o", "plain"])
        #expect(plain.standardOutput == "create plain/DependencyManager.swift\n")
        let after = try folder.generate(["support", "mvvm-fc", "--view-state", "-o", "after"])
        #expect(after.standardOutput == "create after/DependencyManager.swift\ncreate after/ViewStateHandler.swift\n")
        let before = try folder.generate(["support", "--view-state", "-o", "before", "mvvm-fc"])
        #expect(before.status == 0)
        #expect(folder.files(under: "before") == folder.files(under: "after"))
        let unknown = try folder.generate(["support", "viper", "--closure"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("modgen: error: unknown option '--closure'\n"))
        // An option of another built-in template says whose options apply.
        let other = try folder.generate(["support", "viper", "--closures"])
        #expect(other.status == 64)
        #expect(other.standardError.hasPrefix("modgen: error: '--closures' is not an option of template 'viper' ("))
    }

    @Test func supportRefusesToGuessWhenAnOptionValueIsATemplateId() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        for id in ["a", "b"] {
            try folder.write(
                "templates/\(id)/template.json",
                #"{ "id": "\#(id)", "summary": "S", "options": [ { "name": "base", "kind": "text", "default": "" } ], "#
                    + #""files": [ { "template": "F", "path": "f" } ], "#
                    + #""supportFiles": [ { "template": "F", "path": "\#(id).txt" } ] }"#)
            try folder.write("templates/\(id)/F", "{{base}}\n")
        }
        // `b` is the value of --base, `a` the template: the options must not be read from `b`'s manifest.
        let result = try folder.generate(["support", "--base", "b", "a", "--templates", "templates"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: the options were read for template 'b' but the template given is 'a'; "
                    + "put the template id before its options\n"))
        #expect(!folder.exists("b.txt") && !folder.exists("a.txt"))
        let inOrder = try folder.generate(["support", "a", "--base", "b", "--templates", "templates"])
        #expect(inOrder.standardOutput == "create a.txt\n")
        #expect(folder.read("a.txt") == "b\n")
    }

    @Test func supportWithoutATemplateIsAUsageError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["support", "--force"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("modgen: error: missing expected argument '<template>'\n"))
    }
}

/// `describe` shows paths rendered for the sample name with the options' defaults, never as Mustache.
@Suite struct DescribeSamplePathsTests {
    @Test func pathsAreRenderedForTheSampleName() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["describe", "viper-s"])
        #expect(result.status == 0)
        // The parameters' defaults may be templates (`appModule`); the files' paths are rendered.
        let files = try #require(result.standardOutput.split(separator: "\nFILES:\n").last)
        #expect(!files.contains("{{"))
        // Conditions line up after the longest path, a test file's in the output root `tests`.
        #expect(
            result.standardOutput.contains(
                "\nFILES:\n  List/ListContract.swift\n  List/ListWorker.swift               when worker\n"))
    }

    @Test func aPathThatCannotBeRenderedAloneIsShownAsWritten() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "T/odd/template.json",
            #"""
            { "id": "odd", "summary": "Odd", "parameters": [{ "name": "suffix", "default": "X" }],
              "files": [{ "template": "A.mustache", "path": "{{name}}/{{name}}{{suffix}}.swift" },
                        { "template": "A.mustache", "path": "{{name}}/{{name}}Plain.swift" }] }
            """#)
        try folder.write("T/odd/A.mustache", "x\n")
        let result = try folder.generate(["describe", "odd", "--templates", "T"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("\nFILES:\n  {{name}}/{{name}}{{suffix}}.swift\n  Home/HomePlain.swift\n"))
    }
}
