import Foundation
import TestSupport
import Testing

@testable import modgen

/// `modgen export-xcode <template> --output <dir>`, in process: written through the same write plan as `new`.
@Suite struct ExportXcodeCommandTests {
    @Test func writesTheBundleThenFindsItUnchanged() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let config = ["--config", folder.path(".modgen.json")]
        let first = assertExecute(["export-xcode", "mvvm-fc", "-o", folder.path("Xcode")] + config, error: "")
        #expect(
            first.standardOutput.hasPrefix("create \(folder.path("Xcode"))/mvvm-fc.xctemplate/TemplateInfo.plist\n"))
        #expect(folder.exists("Xcode/mvvm-fc.xctemplate/closures/___FILEBASENAME___/___FILEBASENAME___ViewModel.swift"))
        #expect(folder.exists("Xcode/mvvm-fc.xctemplate/Default/___FILEBASENAME___/___FILEBASENAME___Factory.swift"))
        let second = assertExecute(["export-xcode", "mvvm-fc", "-o", folder.path("Xcode")] + config, error: "")
        let lines = second.standardOutput.split(separator: "\n")
        #expect(lines.count == first.standardOutput.split(separator: "\n").count)
        #expect(lines.allSatisfy { $0.hasPrefix("unchanged ") })
        assertExecute(
            ["export-xcode", "mvvm-fc", "-o", folder.path("Xcode"), "--check", "-q"] + config, expecting: "", error: "")
    }

    @Test func dryRunWritesNothing() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = assertExecute(
            [
                "export-xcode", "viper", "-o", folder.path("Xcode"), "--dry-run", "--config",
                folder.path(".modgen.json"),
            ],
            error: "")
        #expect(result.standardOutput.contains("create \(folder.path("Xcode"))/viper.xctemplate/noneinteractor/"))
        #expect(!folder.exists("Xcode"))
    }

    @Test func refusesATemplateXcodeCannotExpressWritingNothing() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        assertExecute(
            ["export-xcode", "viper-s", "-o", folder.path("Xcode"), "--config", folder.path(".modgen.json")],
            expecting: "",
            error: "modgen: error: viper-s/template.json: cannot export to Xcode: the file 'Contract.swift.mustache' "
                + "uses the text option 'group' in a section, a condition or a changed form; Xcode can only insert a "
                + "text option's value\n",
            exitCode: 65)
        #expect(!folder.exists("Xcode"))
    }

    /// The reproducer: the help said "the config's output", the command wrote into the current folder. A bundle is
    /// no source file of the app, so the current folder is right, and the help says so.
    @Test func withoutOutputTheBundleGoesToTheCurrentFolderAsTheHelpSays() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "output": "Sources/Modules" }"#)
        let result = execute(["export-xcode", "mvvm-fc", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.exists("mvvm-fc.xctemplate/TemplateInfo.plist"))
        #expect(!folder.exists("Sources"))
        let help = execute(["export-xcode", "--help"], in: folder.url).standardOutput
        #expect(help.contains("The folder to write into. (default: the current"))
        #expect(!help.contains("the config's output"))
        let output = ExportXcodeCommand.configuration.options.first { $0.name == "output" }
        #expect(output?.defaultDescription == "the current folder")
    }

    @Test func anUnknownTemplateIsMissingInput() throws {
        let result = assertExecute(["export-xcode", "nope", "--dry-run"], expecting: "", exitCode: 66)
        #expect(result.standardError.hasPrefix("modgen: error: "))
    }
}
