import Foundation
import ModGenKit
import TestSupport
import Testing

/// Text a template brings (summaries, help, choice values) is shown by `list`, `describe` and `--help` as error
/// messages show it: escaped, never acted on by the terminal; and a module name is checked the same way whatever the
/// template's format.
@Suite struct TemplateTextEndToEndTests {
    /// A manifest template `mine` and an Xcode bundle `B` in `t/`, both with a clear-screen and a right-to-left
    /// override in their texts.
    func folderWithHostileTexts() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        try folder.write(
            "t/mine/template.json",
            #"""
            { "id": "mine", "summary": "Mine\u001b[2J",
              "options": [
                { "name": "x", "kind": "flag", "help": "X \u202Eevil" },
                { "name": "style", "kind": "choice", "values": ["plain", "fancy"], "default": "plain", "help": "Style\u0007." }
              ],
              "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }
            """#)
        try folder.write("t/mine/A.mustache", "a {{name}}\n")
        try folder.writeBundle(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>Kind</key><string>Xcode.IDEFoundation.TextSubstitutionFileTemplateKind</string>
            <key>Summary</key><string>Bundle \u{202E}summary</string>
            <key>Description</key><string>Bundle \u{202E}description</string>
            <key>Options</key>
            <array>
            <dict><key>Identifier</key><string>productName</string><key>Type</key><string>text</string></dict>
            <dict><key>Identifier</key><string>look</string><key>Type</key><string>popup</string>
            <key>Description</key><string>Look \u{202E}help</string>
            <key>Values</key><array><string>plain</string><string>od\u{202E}d</string></array></dict>
            </array>
            </dict>
            </plist>

            """)
        return folder
    }

    @Test(arguments: [
        ["list", "--templates", "t"],
        ["describe", "mine", "--templates", "t"],
        ["describe", "b", "--templates", "t"],
        ["new", "--template", "mine", "--templates", "t", "--help"],
        ["help", "new", "--template", "t/B.xctemplate"],
    ])
    func templateTextIsShownEscaped(arguments: [String]) throws {
        let folder = try folderWithHostileTexts()
        defer { folder.remove() }
        let result = try folder.generate(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x07 })
        let escaped = ["Mine\\u{1B}[2J", "X \\u{202E}evil", "Style\\u{7}.", "Bundle \\u{202E}", "Look \\u{202E}help"]
        #expect(escaped.contains { output.contains($0) }, "\(output)")
    }

    /// JSON output escapes the same characters, as `\u` escapes, which read back as the same text.
    @Test(arguments: [
        (["list", "--templates", "t", "--json"], #"Mine\u001b[2J"#),
        (["describe", "mine", "--templates", "t", "--json"], #"X \u202eevil"#),
        (["describe", "b", "--templates", "t", "--json"], #"od\u202ed"#),
    ])
    func jsonOutputEscapesTemplateText(arguments: [String], escaped: String) throws {
        let folder = try folderWithHostileTexts()
        defer { folder.remove() }
        let result = try folder.generate(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(result.standardOutput.contains(escaped), "\(result.standardOutput)")
        #expect(throws: Never.self) { try JSONDocument(parsing: result.standardOutput, fileName: "out") }
    }

    /// `describe` shows every text it was given, each escaped: the summary, the help and the values.
    @Test func describeEscapesEveryTextOfABundle() throws {
        let folder = try folderWithHostileTexts()
        defer { folder.remove() }
        let output = try folder.generate(["describe", "b", "--templates", "t"]).standardOutput
        #expect(output.contains("Bundle \\u{202E}"))
        #expect(output.contains("Look \\u{202E}help"))
        #expect(output.contains("od\\u{202E}d"))
    }

    /// An Xcode bundle takes the name every template format takes: `''` would write a hidden `.swift`, `.` a
    /// `..swift`.
    @Test(arguments: [
        ("", "invalid module name '': "),
        (".", "invalid module name '.': "),
        ("Home Screen", "invalid module name 'Home Screen': "),
        ("a/b", "invalid module name 'a/b': "),
    ])
    func aBundleRefusesWhatAManifestRefuses(name: String, message: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.writeBundle(bundlePlist(""))
        try folder.write("t/mine/template.json", mineManifest())
        try folder.write("t/mine/A.mustache", "a {{name}}\n")
        for template in ["t/B.xctemplate", "mine"] {
            let result = try folder.generate(["new", name, "--template", template, "--templates", "t", "-o", "out"])
            #expect(result.status == 64, "\(template): \(result.standardError)")
            #expect(result.standardError.hasPrefix("modgen: error: \(message)"), "\(template)")
            #expect(!folder.exists("out"))
        }
    }
}
