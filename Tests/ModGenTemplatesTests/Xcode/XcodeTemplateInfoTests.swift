import ModGenCore
import Testing

@testable import ModGenTemplates

@Suite struct XcodeTemplateInfoTests {
    static func plist(_ options: String, top: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>Kind</key><string>Xcode.IDEFoundation.TextSubstitutionFileTemplateKind</string>\(top)
        <key>Options</key>
        <array>
        \(options)
        </array>
        </dict>
        </plist>
        """
    }

    func read(_ text: String) throws -> XcodeTemplateInfo {
        try XcodeTemplateInfo(
            plist: PropertyList.parse(Array(text.utf8), fileName: "B/TemplateInfo.plist"),
            fileName: "B/TemplateInfo.plist")
    }

    @Test func readsOptionsInOrderWithTheirTypesAndSloppyBooleans() throws {
        let info = try read(
            Self.plist(
                """
                <dict><key>Identifier</key><string>name</string><key>Type</key><string>TEXT</string>
                  <key>Required</key><string>Yes</string><key>NotPersisted</key><true/></dict>
                <dict><key>Identifier</key><string>on</string><key>Type</key><string>checkbox</string>
                  <key>Default</key><true/></dict>
                <dict><key>Identifier</key><string>pick</string><key>Type</key><string>popup</string>
                  <key>Values</key><array><string>A</string><string>B</string></array>
                  <key>RequiredOptions</key><dict><key>on</key><string>YES</string><key>name</key><array><string>x</string><string>y</string></array></dict></dict>
                <dict><key>Identifier</key><string>derived</string><key>Default</key><key>___VARIABLE_name___</key></dict>
                <dict><key>Identifier</key><string>odd</string><key>Type</key><string>slider</string></dict>
                """,
                top:
                    "<key>SortOrder</key><integer>2</integer><key>AllowedTypes</key><dict><key>public.swift-source</key><true/></dict>"
            ))
        #expect(info.options.map(\.identifier) == ["name", "on", "pick", "derived", "odd"])
        #expect(info.options.map(\.kind) == [.text, .checkbox, .popup, .hidden(type: nil), .hidden(type: "slider")])
        #expect(info.options[0].isRequired && info.options[0].isNotPersisted)
        #expect(info.options[1].defaultValue == "true")
        #expect(
            info.options[2].requirements == [
                .init(identifier: "on", values: ["YES"]), .init(identifier: "name", values: ["x", "y"]),
            ])
        #expect(info.options[3].defaultValue == "___VARIABLE_name___")
        #expect(info.sortOrder == "2" && info.allowedTypes == ["public.swift-source"])
    }

    @Test(arguments: [
        ("<dict><key>Type</key><string>text</string></dict>", 7, "an option has no Identifier"),
        ("<string>oops</string>", 7, "each entry of Options must be a dictionary, found a string"),
        (
            "<dict><key>Identifier</key><string>a</string><key>Values</key><dict/></dict>", 7,
            "option 'a': Values must be an array"
        ),
        (
            "<dict><key>Identifier</key><string>a</string><key>Required</key><string>maybe</string></dict>", 7,
            "Required must be a boolean"
        ),
        ("<dict><key>Identifier</key><string>a b</string></dict>", 7, "holds ' ', which no macro name can"),
        (
            "<dict><key>Identifier</key><string>a</string></dict>\n<dict><key>Identifier</key><string>a</string></dict>",
            8, "declared twice (first on line 7)"
        ),
    ])
    func refusesWhatCannotMeanAnything(options: String, line: Int, reason: String) {
        #expect {
            try read(Self.plist(options))
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.fileName == "B/TemplateInfo.plist" && error.position.line == line
                && error.reason.contains(reason)
        }
    }
}
