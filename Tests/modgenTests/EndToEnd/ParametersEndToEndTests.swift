import Foundation
import TestSupport
import Testing

/// `--set`, the config's `set` and `options`, and manifest mistakes that only show when a template renders, as the
/// built binary reports them: who is blamed (flags: 64 with the usage hint; the config or the manifest: 65 at
/// file:line:column) and that nothing is written.
@Suite struct ParametersEndToEndTests {
    static let manifest = """
        { "id": "screen", "summary": "A screen",
          "options": [
            { "name": "interactor", "kind": "flag", "default": true },
            { "name": "formatter", "kind": "flag",
              "requires": [{ "condition": "interactor", "reason": "it formats what the interactor fetches" }] } ],
          "parameters": [
            { "name": "context", "kind": "identifier", "default": "{{name}}Context" },
            { "name": "note", "default": "" } ],
          "files": [ { "template": "Screen.mustache", "path": "{{name}}/{{name}}Screen.swift" } ] }
        """

    /// An isolated folder with the `screen` template in `templates/`.
    static func folder(manifest: String = manifest) throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        try folder.write("templates/screen/template.json", manifest)
        try folder.write("templates/screen/Screen.mustache", "struct {{context}} {} // {{note}}\n")
        return folder
    }

    /// One line, `modgen: error: <absolute path ending in file>:<rest>`, with no usage hint (it is no usage error).
    func expectError(_ result: ProcessResult, in file: String, _ rest: String) {
        #expect(result.standardError.hasPrefix("modgen: error: /"))
        #expect(result.standardError.hasSuffix("/\(file):\(rest)\n"), "\(result.standardError)")
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }

    func new(_ folder: TemporaryFolder, _ arguments: [String]) throws -> ProcessResult {
        try folder.generate(
            ["new", "Home", "--template", "screen", "--templates", "templates", "-o", "out"] + arguments)
    }

    /// The default as the manifest writes it (what `describe --json` gives and `init` writes as the config's
    /// example) keeps the default, from the config or `--set`, and overrides a config value; anything else is taken
    /// as it is.
    @Test func theDefaultAsWrittenKeepsTheDefault() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "set": { "context": "{{name}}Context" } }"#)
        #expect(try new(folder, []).status == 0)
        #expect(folder.read("out/Home/HomeScreen.swift") == "struct HomeContext {} // \n")
        try folder.write(".modgen.json", #"{ "set": { "context": "Shared" } }"#)
        #expect(try new(folder, ["-o", "shared"]).status == 0)
        #expect(folder.read("shared/Home/HomeScreen.swift") == "struct Shared {} // \n")
        #expect(try new(folder, ["-o", "back", "--set", "context={{name}}Context"]).status == 0)
        #expect(folder.read("back/Home/HomeScreen.swift") == "struct HomeContext {} // \n")
        let other = try new(folder, ["-o", "other", "--set", "context={{name}}Ctx"])
        #expect(other.status == 64)
        #expect(other.standardError.contains("not a Swift identifier"))
    }

    @Test func setValuesReachTheTemplate() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let result = try new(folder, ["--set", "context=AppContext", "--set", "note=any text, even = signs"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read("out/Home/HomeScreen.swift") == "struct AppContext {} // any text, even = signs\n")
    }

    @Test func aMisspeltKeyIsAUsageErrorThatSuggestsTheParameter() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let result = try new(folder, ["--set", "contxt=Void"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: --set contxt: template 'screen' has no parameter 'contxt' (its parameters: context, "
                    + "note; header fields: project, author, company). Did you mean 'context'?\nUsage: modgen new "))
        #expect(!folder.exists("out"))
    }

    @Test func theBuiltInTemplatesRefuseAMisspeltKeyToo() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--builder", "--set", "builderContxt=Void", "-o", "out"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("modgen: error: --set builderContxt: template 'viper' has no "))
        #expect(result.standardError.contains(". Did you mean 'builderContext'?\n"))
        #expect(!folder.exists("out"))
    }

    @Test(arguments: [
        ("", "the name is empty"), ("Foo Bar", "' ' is not allowed (use ASCII letters, digits and '_')"),
        ("1abc", "it starts with a digit"),
    ])
    func anIdentifierParameterRefusesWhatCannotCompile(value: String, problem: String) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let result = try new(folder, ["--set", "context=\(value)"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: --set context='\(value)' is not a Swift identifier: \(problem)\n"))
        #expect(!folder.exists("out"))
    }

    /// The config serves every template: a key this one does not declare is some other template's and is left
    /// out; a value for one it declares is checked, and the error names the config file, line and column.
    @Test func theConfigsSetIsCheckedForTheParametersTheTemplateDeclares() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "set": { "builderContext": "Void", "note": "from the config" } }"#)
        #expect(try new(folder, []).status == 0)
        #expect(folder.read("out/Home/HomeScreen.swift") == "struct HomeContext {} // from the config\n")

        let config = "{\n  \"set\": {\n    \"context\": \"Foo Bar\"\n  }\n}\n"
        try folder.write(".modgen.json", config)
        let result = try new(folder, ["-o", "bad"])
        #expect(result.status == 65)
        expectError(
            result, in: ".modgen.json",
            "3:16: set context 'Foo Bar' for template 'screen' is not a Swift identifier: ' ' is not allowed "
                + "(use ASCII letters, digits and '_')")
        #expect(!folder.exists("bad"))
    }

    /// The acceptance finding: a config that turns the formatter on and the interactor off used to blame
    /// `--formatter` and `--no-interactor`, which nobody typed.
    @Test func anOptionRuleTheConfigBreaksNamesTheConfig() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let config = "{ \"options\": {\n  \"screen\": { \"formatter\": true, \"interactor\": false } } }\n"
        try folder.write(".modgen.json", config)
        let result = try new(folder, [])
        #expect(result.status == 65)
        expectError(
            result, in: ".modgen.json",
            "2:28: options for 'screen': formatter requires interactor: it formats what the interactor fetches")
        #expect(!folder.exists("out"))
        // A flag fixes it; flags that break the rule themselves are still blamed as flags.
        #expect(try new(folder, ["--interactor"]).status == 0)
        let flags = try new(folder, ["--formatter", "--no-interactor", "-o", "flags"])
        #expect(flags.status == 64)
        #expect(flags.standardError.hasPrefix("modgen: error: --formatter requires --interactor: "))
        #expect(flags.standardError.contains("\nUsage: modgen new "))
    }

    @Test func anIdentifierDefaultThatRendersToSomethingElseNamesTheManifest() throws {
        let manifest = Self.manifest.replacingOccurrences(of: "\"{{name}}Context\"", with: "\"{{nameKebab}}\"")
        let folder = try Self.folder(manifest: manifest)
        defer { folder.remove() }
        let result = try folder.generate([
            "new", "HomeScreen", "--template", "screen", "--templates", "templates", "-o", "out",
        ])
        #expect(result.status == 65)
        expectError(
            result, in: "templates/screen/template.json",
            "7:59: parameter 'context' default '{{nameKebab}}' renders to 'home-screen', which is not a Swift "
                + "identifier: '-' is not allowed (use ASCII letters, digits and '_')")
        #expect(!folder.exists("out"))
    }

    @Test func aTemplateFileThatDoesNotExistNamesTheManifest() throws {
        let manifest = Self.manifest.replacingOccurrences(of: "\"Screen.mustache\"", with: "\"Missing.mustache\"")
        let folder = try Self.folder(manifest: manifest)
        defer { folder.remove() }
        let result = try new(folder, [])
        #expect(result.status == 65)
        expectError(
            result, in: "templates/screen/template.json", "9:28: template file 'Missing.mustache' does not exist")
        #expect(!folder.exists("out"))
    }
}
