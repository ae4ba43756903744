import Foundation
import ModGenKit
import TestSupport
import Testing

@testable import modgen

/// `modgen init`: a `.modgen.json` from its flags, commented by example, that modgen reads back; never over an
/// existing file; bad values refused with nothing written. In process, with absolute paths.
@Suite struct InitCommandTests {
    @Test func writesTheFlagsAndModgenReadsThemBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path(".modgen.json")
        assertExecute(
            [
                "init", "--config", path, "--template", "mvvm-fc", "--output", "Sources/Modules", "--support-output",
                "Sources/Support", "--project", "Shop", "--author", "Ana", "--company", "Acme", "--date-format",
                "dd.MM.yyyy", "--after", "echo done",
            ],
            expecting: "create \(path)\nEdit it: keys that start with // are examples; remove the // to use one.\n",
            error: "")
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        #expect(config.template == "mvvm-fc")
        #expect(config.output?.path == folder.url("Sources/Modules").path)
        #expect(config.supportOutput?.path == folder.url("Sources/Support").path)
        #expect(config.header.project == "Shop")
        #expect(config.header.author == "Ana")
        #expect(config.header.company == "Acme")
        #expect(config.datePattern == (try DatePattern("dd.MM.yyyy")))
        #expect(config.afterCommands == ["echo done"])
        #expect(config.optionDefaults.isEmpty)
        // And `new` runs with it (the hook too: with -q its output is shown only if it fails).
        let run = assertExecute(["new", "Home", "--config", path, "--date", "2026-01-31"])
        #expect(linesOtherThanNotes(in: run.standardError).isEmpty)
        #expect(run.standardOutput.hasSuffix("\nrun echo done\ndone\n"))
        let viewModel = try #require(folder.read("Sources/Modules/Home/HomeViewModel.swift"))
        #expect(viewModel.contains("//  Created by Ana on 31.01.2026.\n"))
    }

    /// `init --template Tools/M.xctemplate`: the config names the bundle by id and its folder among the template
    /// folders, so `new` uses it, from the project's folder and from a subfolder.
    @Test func aBundleNamedByItsPathIsFoundByTheConfig() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("Tools"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: XcodeBundleEndToEndTests.infinum + "/Module.xctemplate", toPath: folder.path("Tools/M.xctemplate"))
        let created = try folder.generate(["init", "--template", "Tools/M.xctemplate/", "--output", "Sources"])
        #expect(created.status == 0, "\(created.standardError)")
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        #expect(config.template == "m")
        #expect(config.templateDirectories.map(\.path) == [folder.url("Tools").path])
        let result = try folder.generate(["new", "Home", "--set", "complex=Simple", "--interface", "XIB"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.exists("Sources/HomePresenter.swift"))
        try FileManager.default.createDirectory(atPath: folder.path("Sub"), withIntermediateDirectories: true)
        let fromSubfolder = execute(["describe", "m"], in: folder.url.appendingPathComponent("Sub"))
        #expect(fromSubfolder.status == 0, "\(fromSubfolder.standardError)")
    }

    @Test func withoutFlagsEverySettingIsAnExample() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        assertExecute(["init", "--config", folder.path(".modgen.json"), "--color", "never"], error: "")
        let text = try #require(folder.read(".modgen.json"))
        for key in ["template", "output", "supportOutput", "templates", "options", "set", "dateFormat", "after"] {
            #expect(text.contains("\n  \"//\(key)\": "), "\(key)")
        }
        #expect(text.contains("\"//author\": "))
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        #expect(config.template == nil)
        #expect(config.output == nil)
        #expect(config.afterCommands.isEmpty)
    }

    /// The examples are valid as they stand: removing every `//` gives a config modgen reads, with the values shown.
    @Test func everyExampleWorksOnceUncommented() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        assertExecute(["init", "--config", folder.path(".modgen.json"), "--template", "viper", "-q"], error: "")
        let text = try #require(folder.read(".modgen.json"))
        let uncommented = text.replacingOccurrences(of: "\"//", with: "\"").replacingOccurrences(
            of: "\"\": [", with: "\"//\": [")
        try folder.write(".modgen.json", uncommented)
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        #expect(config.output?.path == folder.url("Sources/Modules").path)
        #expect(config.supportOutput?.path == folder.url("Sources/Support").path)
        #expect(config.templateDirectories.map(\.path) == [folder.url("Tools/Templates").path])
        #expect(config.optionDefaults["viper"]?.map(\.name).contains("rx") == true)
        #expect(config.settings["builderContext"] == "{{name}}Context")
        #expect(config.roots["tests"]?.path == folder.url("Tests").path)
        #expect(config.header.author == "Jane Appleseed")
        #expect(config.afterCommands == ["xcodegen generate"])
    }

    /// Each example, uncommented on its own, gives a config `new` runs with (the reproducer: the `set` example
    /// failed with exit 65, and `--tests` needed a `roots` example there was none of), for the default template and
    /// the others. The `templates` example names a folder the team has; the `after` example's command is the
    /// team's, so hooks are not run.
    @Test(arguments: [
        "template", "output", "supportOutput", "templates", "roots", "options", "set", "project", "author", "company",
        "dateFormat", "after",
    ])
    func eachExampleUncommentedRunsNew(key: String) throws {
        for template in [nil, "mvvm-fc", "viper-s"] {
            // `--template` writes the template itself, not an example of it.
            if key == "template", template != nil { continue }
            let folder = try TemporaryFolder.isolated()
            defer { folder.remove() }
            let path = folder.path("App/.modgen.json")
            assertExecute(["init", "--config", path, "-q"] + (template.map { ["--template", $0] } ?? []), error: "")
            let text = try #require(folder.read("App/.modgen.json"))
            #expect(text.contains("\"//\(key)\": "), "\(template ?? "default"): no example of \(key)")
            try folder.write(
                "App/.modgen.json", text.replacingOccurrences(of: "\"//\(key)\": ", with: "\"\(key)\": "))
            try folder.makeFolder("App/Tools/Templates")
            let tests = key == "roots" ? ["--tests", "xctest"] : []
            let result = execute(["new", "List", "--no-hooks", "-q"] + tests, in: folder.url("App"))
            #expect(result.status == 0, "\(template ?? "default") \(key): \(result.standardError)")
            if key == "roots" {
                #expect(
                    folder.files(under: "App/Tests").keys.contains { $0.hasSuffix("Tests.swift") },
                    "\(template ?? "default")")
            }
        }
    }

    @Test func neverOverAnExistingConfig() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", "{ \"template\": \"viper\" }\n")
        let path = folder.path(".modgen.json")
        assertExecute(
            ["init", "--config", path, "--template", "mvvm-fc"], expecting: "",
            error: "modgen: error: '\(path)' exists; modgen init never replaces a config, so nothing was written "
                + "(edit it, or remove it first)\n",
            exitCode: 1)
        #expect(folder.read(".modgen.json") == "{ \"template\": \"viper\" }\n")
    }

    @Test func aFolderThatDoesNotExistYetIsCreated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        assertExecute(["init", "--config", folder.path("App/Config/.modgen.json"), "-q"], error: "")
        #expect(folder.exists("App/Config/.modgen.json"))
    }

    @Test(arguments: [
        (["--author", "Ana\nimport Evil"], 64, "--author 'Ana\\nimport Evil' cannot contain a line break"),
        (["--date-format", "dd 'at"], 64, "--date-format: date pattern 'dd 'at' has a quote that is not closed"),
        (
            ["--date-format", "dd\nimport Evil"], 64,
            "--date-format: date pattern 'dd\\nimport Evil' cannot contain a line break"
        ),
        (["--template", "vipr"], 66, "no template 'vipr'"),
        (["--after", " "], 64, "--after ' ' is empty"),
    ])
    func badValuesWriteNothing(arguments: [String], status: Int32, words: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = assertExecute(
            ["init", "--config", folder.path(".modgen.json")] + arguments, expecting: "", exitCode: status)
        #expect(result.standardError.hasPrefix("modgen: error: "))
        #expect(result.standardError.contains(words), "\(result.standardError)")
        #expect(folder.listing().isEmpty)
    }

    /// The file is the last part of the path as typed: a path ending in `/`, `.` or `..` names a folder.
    @Test(arguments: ["foo/", "a/b/.", "a/b/..", "a/b//"])
    func aPathThatNamesAFolderIsRefused(path: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Typed as is: a URL would drop the trailing `/`.
        let typed = folder.url.path + "/" + path
        let result = assertExecute(["init", "--config", typed], expecting: "", exitCode: 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: --config '\(typed)' names a folder, not a file (for a config in that folder, "
                    + "add /.modgen.json)\n"))
        #expect(folder.listing().isEmpty)
    }

    @Test func theFileIsWrittenUnderTheNameTyped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        assertExecute(["init", "--config", folder.url.path + "/a//b/./team.json", "-q"], error: "")
        #expect(folder.exists("a/b/team.json"))
        #expect(folder.listing() == ["a", "a/b", "a/b/team.json"])
    }
}
