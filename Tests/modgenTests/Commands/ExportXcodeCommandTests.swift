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

    /// A user template `mine` with a flag `extra` whose file `Extra.swift` the template may stop writing.
    private func writeTemplate(in folder: TemporaryFolder, withExtra: Bool) throws {
        let extra = withExtra ? #", { "template": "E.mustache", "path": "{{name}}Extra.swift" }"# : ""
        try folder.write(
            "t/mine/template.json",
            #"{ "id": "mine", "summary": "Mine", "files": [ { "template": "A.mustache", "path": "{{name}}.swift" }"#
                + extra + " ] }")
        try folder.write("t/mine/A.mustache", "struct {{name}} {}\n")
        try folder.write("t/mine/E.mustache", "struct {{name}}Extra {}\n")
    }

    /// Exporting again after the template stopped writing a file: `--check` reports the file, and the export
    /// removes it (with --force, as it replaces files), leaving the file the user added to the bundle alone.
    @Test func aFileTheTemplateNoLongerWritesIsReportedAndRemoved() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let export = ["export-xcode", "mine", "--templates", "t", "-o", "Xcode"]
        try writeTemplate(in: folder, withExtra: true)
        #expect(try folder.generate(export + ["-q"]).status == 0)
        let stale = "Xcode/mine.xctemplate/___FILEBASENAME___Extra.swift"
        #expect(folder.exists(stale))
        #expect(
            folder.read("Xcode/.mine.xctemplate.modgen-files")
                == "# The files modgen wrote into the folder beside: a later run removes those it no longer writes.\n"
                + "TemplateInfo.plist\n___FILEBASENAME___.swift\n___FILEBASENAME___Extra.swift\n")
        try folder.write("Xcode/mine.xctemplate/TemplateIcon.png", "icon")

        try writeTemplate(in: folder, withExtra: false)
        let check = try folder.generate(export + ["--check"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("--- \(stale) (on disk)\n+++ /dev/null\n"))
        #expect(check.standardError.contains(stale))
        let refused = try folder.generate(export)
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("conflict \(stale)\n"))
        #expect(folder.exists(stale))
        let dryRun = try folder.generate(export + ["--force", "--dry-run"])
        #expect(dryRun.standardOutput.contains("would remove \(stale)\n"))
        #expect(folder.exists(stale))

        let forced = try folder.generate(export + ["--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(forced.standardOutput.contains("remove \(stale)\n"))
        #expect(!folder.exists(stale))
        #expect(folder.read("Xcode/mine.xctemplate/TemplateIcon.png") == "icon")
        #expect(try folder.generate(export + ["--check", "-q"]).status == 0)
    }

    /// A hand-edited list cannot make modgen remove a file outside the bundle.
    @Test func aListNamingAFileOutsideTheBundleIsRefused() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try writeTemplate(in: folder, withExtra: false)
        let export = ["export-xcode", "mine", "--templates", "t", "-o", "Xcode", "--force"]
        #expect(try folder.generate(export + ["-q"]).status == 0)
        try folder.write("keep.txt", "mine\n")
        try folder.write("Xcode/.mine.xctemplate.modgen-files", "TemplateInfo.plist\n../../keep.txt\n")
        let result = try folder.generate(export)
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("modgen: error: Xcode/.mine.xctemplate.modgen-files:2:1: "))
        #expect(folder.read("keep.txt") == "mine\n")
    }
}
