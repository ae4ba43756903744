import Testing

@testable import ModGenCore

@Suite struct PropertyListXMLTests {
    private func parse(_ text: String) throws -> PropertyListValue {
        try PropertyList.parse(Array(text.utf8), fileName: "T.plist")
    }

    private func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    @Test func readsEveryTypeKeepingKeyOrder() throws {
        let value = try parse(
            plist(
                """
                <dict>
                	<key>Zebra</key><string>z</string>
                	<key>Alpha</key><integer>-42</integer>
                	<key>Hex</key><integer> 0x1F </integer>
                	<key>Real</key><real>2.5</real>
                	<key>On</key><true/>
                	<key>Off</key><false/>
                	<key>When</key><date>2001-01-02T00:00:01Z</date>
                	<key>Bytes</key><data>AAEC
                	/w==</data>
                	<key>List</key><array><string>a</string><dict/></array>
                	<key>Empty</key><array/>
                </dict>
                """))
        #expect(
            value.entries?.map(\.key) == [
                "Zebra", "Alpha", "Hex", "Real", "On", "Off", "When", "Bytes", "List", "Empty",
            ])
        #expect(value["Zebra"]?.string == "z")
        #expect(value["Alpha"]?.integer == -42)
        #expect(value["Hex"]?.integer == 31)
        #expect(value["Real"]?.real == 2.5)
        #expect(value["On"]?.content == .bool(true))
        #expect(value["Off"]?.content == .bool(false))
        #expect(value["When"]?.date?.secondsSinceReferenceDate == 86_401)
        #expect(value["Bytes"]?.data == [0, 1, 2, 255])
        #expect(value["List"] == .array([.string("a"), .dictionary([:])]))
        #expect(value["Empty"]?.array?.isEmpty == true)
    }

    @Test func recordsPositionsOfValuesAndKeys() throws {
        let value = try parse("<plist>\n<dict>\n\t<key>Kind</key>\n\t<string>x</string>\n</dict>\n</plist>")
        #expect(value.position == SourcePosition(line: 2, column: 1))
        #expect(value.entries?.first?.keyPosition == SourcePosition(line: 3, column: 2))
        #expect(value["Kind"]?.position == SourcePosition(line: 4, column: 2))
    }
}

@Suite struct PropertyListSloppyXMLTests {
    private func parse(_ text: String) throws -> PropertyListValue {
        try PropertyList.parse(Array(text.utf8), fileName: "T.plist")
    }

    @Test(arguments: [
        ("<true/>", true), ("<false/>", false), ("<true></true>", true), ("<string>YES</string>", true),
        ("<string>Yes</string>", true), ("<string>true</string>", true), ("<string> NO </string>", false),
        ("<string>false</string>", false), ("<string>0</string>", false), ("<integer>1</integer>", true),
    ])
    func readsBooleansTheWaysFilesWriteThem(element: String, expected: Bool) throws {
        let value = try parse("<plist><dict><key>Required</key>\(element)</dict></plist>")
        #expect(value["Required"]?.boolValue == expected)
    }

    @Test func keepsBooleanStringsAsWrittenAndRefusesToGuessOthers() throws {
        let value = try parse("<dict><key>A</key><string>YES</string><key>B</key><string>maybe</string></dict>")
        #expect(value["A"]?.content == .string("YES"))
        #expect(value["B"]?.boolValue == nil)
        #expect(value["B"]?.scalarText == "maybe")
    }

    @Test func readsAKeyStandingForAValueAsAString() throws {
        let value = try parse(
            "<plist><dict><key>Type</key><key>popup</key><key>Name</key><string>n</string></dict></plist>")
        #expect(value.entries?.map(\.key) == ["Type", "Name"])
        #expect(value["Type"]?.string == "popup")
    }

    @Test func readsEntitiesCharacterReferencesCDATAAndComments() throws {
        let value = try parse(
            """
            <?xml version="1.0"?>
            <!-- a comment before -->
            <!DOCTYPE plist [ <!ENTITY x "y"> ]>
            <plist version="1.0">
            <!-- between -->
            <array>
            	<string>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</string>
            	<string>&#65;&#x42;&#x1F600;</string>
            	<string><![CDATA[<raw> & ]]>tail</string>
            	<string>be<!-- hidden -->fore</string>
            	<!-- inside -->
            	<string attribute="ignored >">x</string>
            </array>
            </plist>
            <!-- after -->
            """)
        #expect(value.array?.map(\.string) == ["a & b <c> \"d\" 'e'", "AB😀", "<raw> & tail", "before", "x"])
    }

    @Test func keepsWhitespaceInStringsAndIgnoresItAroundNumbers() throws {
        let value = try parse(
            "<array><string>  two\n lines\t</string><string/><integer>\n 12 \n</integer><real> -1.5e3 </real></array>")
        #expect(
            value
                == .array([
                    .string("  two\n lines\t"), .string(""), PropertyListValue(.integer(12)),
                    PropertyListValue(.real(-1500)),
                ]))
    }

    @Test func readsAValueWithoutThePlistWrapper() throws {
        #expect(try parse("<string>bare</string>") == .string("bare"))
    }

    @Test(arguments: [[0xEF, 0xBB, 0xBF] as [UInt8], [0xFE, 0xFF], [0xFF, 0xFE]])
    func readsFilesWithAByteOrderMarkInUTF8AndUTF16(mark: [UInt8]) throws {
        let text = "<plist>\n<string>é</string>\n</plist>"
        let body: [UInt8] =
            switch mark.first {
            case 0xFE: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            case 0xFF: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            default: Array(text.utf8)
            }
        let value = try PropertyList.parse(mark + body, fileName: "T.plist")
        #expect(value == .string("é"))
        #expect(value.position == SourcePosition(line: 2, column: 1))
    }

    @Test func readsCRLFFilesCountingLines() throws {
        let value = try parse("<plist>\r\n<dict>\r\n<key>A</key>\r\n<string>x</string>\r\n</dict>\r\n</plist>\r\n")
        #expect(value["A"]?.position == SourcePosition(line: 4, column: 1))
    }

    @Test func keepsEveryRepeatedKeyAndReadsTheLast() throws {
        let value = try parse("<dict><key>A</key><string>1</string><key>A</key><string>2</string></dict>")
        #expect(value.entries?.count == 2)
        #expect(value["A"]?.string == "2")
    }

    @Test func readsScalarTextOfDefaultsWrittenAsBooleansOrNumbers() throws {
        let value = try parse("<array><true/><integer>3</integer><real>0.5</real><data>AA==</data></array>")
        #expect(value.array?.map(\.scalarText) == ["true", "3", "0.5", nil])
    }

    @Test(arguments: PropertyListFixtures.infinumBundles)
    func readsInfinumTemplateInfo(bundle: String) throws {
        let value = try PropertyList.read(atPath: PropertyListFixtures.path(PropertyListFixtures.infinum(bundle)))
        #expect(value["Kind"]?.string == "Xcode.IDEKit.TextSubstitutionFileTemplateKind")
        #expect(value["Platforms"]?.array?.map(\.string) == ["com.apple.platform.iphoneos"])
        // The base bundles have no options; the modules name the module first.
        let options = value["Options"]?.array ?? []
        #expect(options.isEmpty == bundle.hasPrefix("Base"))
        #expect(options.first.map { $0["Identifier"]?.string == "moduleName" } ?? true)
    }

    @Test func readsInfinumModuleOptionsInOrderWithPositions() throws {
        let value = try PropertyList.read(atPath: PropertyListFixtures.path(PropertyListFixtures.infinum("Module")))
        let options = try #require(value["Options"]?.array)
        #expect(options.map { $0["Identifier"]?.string } == ["moduleName", "productName", "interface", "complex"])
        #expect(options[0]["Required"]?.boolValue == true)
        #expect(options[2]["Values"]?.array?.map(\.string) == ["XIB", "None", "Storyboard"])
        #expect(options[2].position == SourcePosition(line: 35, column: 6))
        #expect(options[3]["Type"]?.position == SourcePosition(line: 61, column: 4))
    }
}
