import Foundation
import TestSupport
import Testing

@testable import modgen

/// `modgen support --template <id>`, like `new`, with the positional id kept as an alias; in process.
@Suite struct SupportTemplateOptionTests {
    @Test(arguments: ["viper", "mvvm-fc"])
    func theOptionAndThePositionalWriteTheSameFiles(template: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let common = ["--dry-run", "-o", folder.path("Base"), "--config", folder.path(".modgen.json")]
        let byOption = assertExecute(["support", "--template", template] + common, error: "")
        #expect(byOption.standardOutput.hasPrefix("would create \(folder.path("Base"))/"))
        assertExecute(["support", template] + common, expecting: byOption.standardOutput, error: "")
    }

    @Test func theOptionTakesTheTemplatesOwnFlags() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let config = ["--config", folder.path(".modgen.json")]
        let help = assertExecute(["support", "--template", "viper", "--help"] + config, error: "")
        #expect(help.standardOutput.contains("\nTEMPLATE OPTIONS (viper):\n"))
        assertExecute(
            ["support", "--template", "viper", "--rx", "-o", folder.path("Base"), "--quiet"] + config, expecting: "",
            error: "")
        #expect(folder.exists("Base"))
    }

    @Test func theOptionAndThePositionalTogetherAreRefused() throws {
        let result = assertExecute(["support", "viper", "--template", "viper", "--dry-run"], exitCode: 64)
        #expect(
            result.standardError.hasPrefix("modgen: error: '--template' and '<template>' cannot be used together\n"))
    }

    @Test func withoutEitherTheTemplateIsMissing() {
        let result = assertExecute(["support", "--dry-run"], expecting: "", exitCode: 64)
        #expect(result.standardError.hasPrefix("modgen: error: missing expected argument '<template>'\n"))
    }
}
