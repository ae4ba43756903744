import Foundation
import TestSupport
import Testing

/// `snapshot` finds templates in the nearest `.modgen.json`'s folders (and nothing else of it), and its hints are
/// commands that work when pasted into a shell.
@Suite struct SnapshotConfigTemplatesEndToEndTests {
    /// A user template `screen` in `folder/<templates>/screen`, with a header that shows the project.
    func writeScreenTemplate(in folder: TemporaryFolder, under templates: String) throws {
        try folder.write(
            "\(templates)/screen/template.json",
            #"""
            { "id": "screen", "summary": "A screen", "options": [{ "name": "storyboard", "kind": "flag" }],
              "files": [{ "template": "Screen.swift.mustache", "path": "{{name}}/{{name}}Screen.swift" }] }
            """#)
        try folder.write("\(templates)/screen/Screen.swift.mustache", "// {{project}}\nfinal class {{name}}Screen {}\n")
    }

    @Test func theConfigsTemplateFoldersAreReadButNothingElse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeScreenTemplate(in: folder, under: "Tools/Templates")
        try folder.write(
            ".modgen.json",
            #"{ "templates": ["Tools/Templates"], "header": { "project": "Leaky" }, "date": "2001-02-03" }"#)
        let result = try folder.generate(["snapshot", "screen", "--output", "snap"])
        #expect(result.status == 0, "\(result.standardError)")
        let screen = try #require(folder.read("snap/default/Home/HomeScreen.swift"))
        #expect(screen == "// \nfinal class HomeScreen {}\n")
    }

    @Test func theHintAfterAFailedCheckIsTheCommandToType() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeScreenTemplate(in: folder, under: "My Templates")
        let result = try folder.generate(
            [
                "snapshot", "screen", "--templates", "My Templates", "--output", "snap 2", "--set", "project=it's",
                "--check",
            ])
        #expect(result.status == 1)
        let hint = "modgen snapshot screen --output 'snap 2' --templates 'My Templates' --set 'project=it'\\''s'"
        #expect(
            result.standardError
                == "modgen: error: snap 2 holds no recorded snapshot of 'screen'; record it first with: \(hint)\n")
        // Pasted into a shell, the hint records the snapshot the check wants.
        let executable = try #require(ModgenProcess.executableURL)
        try folder.write("hint.sh", "modgen() { \"$MODGEN\" \"$@\"; }\n\(hint)\n")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["hint.sh"]
        shell.currentDirectoryURL = folder.url
        shell.environment = ["MODGEN": executable.path, "PATH": "/usr/bin:/bin"]
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let check = try folder.generate(
            [
                "snapshot", "screen", "--templates", "My Templates", "--output", "snap 2", "--set", "project=it's",
                "--check",
            ])
        #expect(check.status == 0, "\(check.standardError)")
    }
}
