import Foundation
import TestSupport
import Testing

@testable import modgen

/// `"options"` for a template id the catalog does not have is refused, with a "did you mean" and the config's
/// line; ids of user templates count, as do comment keys (`"//viper"`) for nothing.
@Suite struct ConfigOptionsTemplateIDTests {
    @Test func aTypoInATemplateIdIsRefusedWithDidYouMeanAndItsLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json", "{\n  \"options\": {\n    \"viper\": {},\n    \"vipr\": { \"rx\": true }\n  }\n}\n")
        let path = folder.path(".modgen.json")
        for arguments in [["new", "Home", "-o", folder.path("out")], ["support", "viper", "-o", folder.path("out")]] {
            assertExecute(
                arguments + ["--config", path], expecting: "",
                error: "modgen: error: \(path):4:13: \"options\" names template 'vipr', which does not exist; did you "
                    + "mean 'viper'? (templates: mvvm-fc, viper, viper-s)\n",
                exitCode: 65)
        }
        #expect(!folder.exists("out"))
    }

    @Test func userTemplateIdsAndCommentKeysAreAccepted() throws {
        let demo = try DemoTemplate()
        defer { demo.temporary.remove() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            #"{ "templates": ["\#(demo.folder.path)"], "options": { "demo": { "rx": true }, "//vipr": {} } }"#)
        assertExecute(
            [
                "new", "Home", "--template", "demo", "-o", folder.path("out"), "--config", folder.path(".modgen.json"),
                "-q",
            ],
            expecting: "", error: "")
        #expect(folder.read("out/Home/HomeView.swift")?.contains("/* rx */") == true)
    }
}

/// A `"templates"` folder that does not exist is named with the config's line and column (exit 66).
@Suite struct ConfigTemplateFolderTests {
    @Test func aMissingTemplateFolderNamesTheConfigLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", "{\n  \"templates\": [\"Tools/Templates\"]\n}\n")
        let path = folder.path(".modgen.json")
        assertExecute(
            ["new", "Home", "-o", folder.path("out"), "--config", path], expecting: "",
            error: "modgen: error: \(path):2:17: no such template folder '\(folder.path("Tools/Templates"))'\n",
            exitCode: 66)
        #expect(!folder.exists("out"))
    }
}
