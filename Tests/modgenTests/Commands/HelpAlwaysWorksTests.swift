import Foundation
import TestSupport
import Testing

@testable import modgen

/// Help never fails for a broken config: it shows the command's own options and the config's error as a warning.
/// And `modgen help help` answers, as swift-argument-parser's does.
@Suite struct HelpAlwaysWorksTests {
    @Test(arguments: [
        #"{ "template": 3 }"#, #"{ "template": "vipr" }"#, #"{ "header": { "partial": "missing.mustache" } }"#,
        "{ not json",
    ])
    func aBrokenConfigIsAWarningUnderHelp(config: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", config)
        let path = folder.path(".modgen.json")
        let failed = execute(["new", "Home", "--config", path, "-o", folder.path("out")])
        #expect(failed.status != 0)
        let error = try #require(failed.standardError.split(separator: "\n").first.map(String.init))
        let reason = String(error.dropFirst("modgen: error: ".count))
        // `support` reads the config too, but not its template: an unknown one there is not its problem.
        let support = config.contains("vipr") ? [] : [["support", "viper", "--help", "--config", path]]
        for arguments in [
            ["new", "--help", "--config", path], ["new", "Home", "-h", "--config", path],
            ["help", "new", "--config", path],
        ] + support {
            let result = assertExecute(arguments)
            #expect(result.standardOutput.hasPrefix("OVERVIEW: "), "\(arguments)")
            #expect(result.standardOutput.contains("--output <dir>"), "\(arguments)")
            #expect(
                result.standardError
                    == "modgen: warning: \(reason) (the help below leaves out the template's options)\n",
                "\(arguments)")
        }
        #expect(!folder.exists("out"))
    }

    @Test func aGoodConfigStillShowsTheTemplatesOptionsWithoutWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "template": "mvvm-fc" }"#)
        let result = assertExecute(["help", "new", "--config", folder.path(".modgen.json")], error: "")
        #expect(result.standardOutput.contains("TEMPLATE OPTIONS (mvvm-fc):"))
    }

    @Test(arguments: [["help", "help"], ["help", "help", "new"]])
    func helpHelpDescribesHelp(arguments: [String]) {
        let result = assertExecute(arguments, error: "")
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Show subcommand help information.\n"))
        #expect(result.standardOutput.contains("USAGE: modgen help [<subcommand>]\n"))
    }
}
