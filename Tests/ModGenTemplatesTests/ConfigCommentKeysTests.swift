import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenTemplates

/// Keys that start with `//` are comments in `.modgen.json` (what `modgen init` writes), at the top and in its
/// objects; any other unknown key is still refused.
@Suite struct ConfigCommentKeysTests {
    @Test func commentKeysAreIgnoredEverywhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            """
            {
              "//": "modgen's settings",
              "//output": "Sources/Modules",
              "template": "viper",
              "options": { "//": ["per template"], "//mvvm-fc": { "closures": true }, "viper": { "//rx": true } },
              "header": { "//": "shown in every file", "project": "Shop" },
              "set": { "//builderContext": "Void" },
              "after": []
            }
            """)
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        #expect(config.output == nil)
        #expect(config.template == "viper")
        #expect(Array(config.optionDefaults.keys) == ["viper"])
        #expect(config.optionDefaults["viper"]?.isEmpty == true)
        #expect(config.header.project == "Shop")
        #expect(config.settings.isEmpty)
        #expect(config.afterCommands.isEmpty)
    }

    @Test func aKeyWithOneSlashIsStillUnknown() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "/output": "x" }"#)
        #expect(throws: DataFileError.self) { try ModGenConfig(contentsOf: folder.url(".modgen.json")) }
    }
}
