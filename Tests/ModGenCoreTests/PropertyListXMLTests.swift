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
