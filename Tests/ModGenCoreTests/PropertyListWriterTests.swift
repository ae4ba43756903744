import Foundation
import TestSupport
import Testing

@testable import ModGenCore

@Suite struct PropertyListWriterTests {
    @Test func writesXcodesLayout() {
        let value = PropertyListValue.dictionary([
            "Kind": .string("Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"),
            "Options": .array([.dictionary(["Required": PropertyListValue(.bool(true)), "Tag": .string("a < b & c")])]),
            "Empty": .array([]),
            "Count": PropertyListValue(.integer(3)),
            "Ratio": PropertyListValue(.real(0.25)),
            "Bytes": PropertyListValue(.data([0, 1, 2, 255])),
        ])
        #expect(
            PropertyListWriter.xml(value) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                	<key>Kind</key>
                	<string>Xcode.IDEFoundation.TextSubstitutionFileTemplateKind</string>
                	<key>Options</key>
                	<array>
                		<dict>
                			<key>Required</key>
                			<true/>
                			<key>Tag</key>
                			<string>a &lt; b &amp; c</string>
                		</dict>
                	</array>
                	<key>Empty</key>
                	<array/>
                	<key>Count</key>
                	<integer>3</integer>
                	<key>Ratio</key>
                	<real>0.25</real>
                	<key>Bytes</key>
                	<data>
                	AAEC/w==
                	</data>
                </dict>
                </plist>

                """)
    }

    @Test(arguments: ["EveryType.binary.plist", "EveryType.xml.plist", "ModuleTemplateInfo.binary.plist"])
    func readsBackWhatItWrites(fixture: String) throws {
        let value = try PropertyList.parse(PropertyListFixtures.bytes(fixture), fileName: fixture)
        let written = PropertyListWriter.xml(value)
        #expect(try PropertyList.parse(Array(written.utf8), fileName: "written") == value)
        #expect(PropertyListWriter.xml(try PropertyList.parse(Array(written.utf8), fileName: "written")) == written)
    }

    /// Every committed finding of the `plist` fuzzer (Fuzz/Findings/plist) that reads as a property list: what the
    /// writer writes of it reads back and writes the same bytes (what the fuzzer checks). The first one: an
    /// OpenStep string where `<` is followed by a combining mark (U+08E9), which Swift joins into one `Character`.
    @Test func thePlistFuzzersFindingsReadBack() throws {
        let findings = try FuzzFindings.inputs(of: "plist")
        #expect(!findings.isEmpty)
        for (name, bytes) in findings {
            guard let value = try? PropertyList.parse(bytes, fileName: name) else { continue }
            let written = PropertyListWriter.xml(value)
            let readBack = try PropertyList.parse(Array(written.utf8), fileName: "written.plist")
            #expect(PropertyListWriter.xml(readBack) == written, "\(name)")
        }
    }

    @Test func readsBackEdgeValues() throws {
        let value = PropertyListValue.array([
            .string(""), .string("  spaced\n\ttext  "), .string("]]> & <!-- -->"),
            .string("<\u{8E9}a>\u{301} &\u{301}"),
            PropertyListValue(.integer(Int.min)), PropertyListValue(.integer(Int.max)),
            PropertyListValue(.real(1e300)), PropertyListValue(.real(-1e300)),
            PropertyListValue(.real(-0.1)), PropertyListValue(.data([])), PropertyListValue(.data(Array(0...255))),
            PropertyListValue(.date(PropertyListDate(secondsSinceReferenceDate: -978_307_200))),
            .dictionary([:]), .array([.array([])]),
        ])
        #expect(try PropertyList.parse(Array(PropertyListWriter.xml(value).utf8), fileName: "w") == value)
    }

    @Test(arguments: [
        (0.0, "2001-01-01T00:00:00Z"), (-978_307_200.0, "1970-01-01T00:00:00Z"),
        (820_454_400.5, "2027-01-01T00:00:00Z"),
        (-1.0, "2000-12-31T23:59:59Z"), (1e300, "9999-12-31T23:59:59Z"), (-1e300, "0000-01-01T00:00:00Z"),
    ])
    func writesDatesAsUTCWholeSeconds(seconds: Double, text: String) {
        #expect(PropertyListDate(secondsSinceReferenceDate: seconds).iso8601 == text)
    }

    @Test func readsDatesWithMissingParts() {
        #expect(PropertyListDate(iso8601: "2001-01-02")?.secondsSinceReferenceDate == 86_400)
        #expect(PropertyListDate(iso8601: "2024-02-29T12:30Z")?.iso8601 == "2024-02-29T12:30:00Z")
        #expect(PropertyListDate(iso8601: "2024-13-01") == nil)
        #expect(PropertyListDate(iso8601: "2024-01-01T00:00:00Zjunk") == nil)
    }
}
