import Testing

@testable import ModGenCore

@Suite struct PropertyListOpenStepTests {
    private func parse(_ text: String) throws -> PropertyListValue {
        try PropertyList.parse(Array(text.utf8), fileName: "T.plist")
    }

    @Test func readsDictionariesArraysStringsAndDataKeepingKeyOrder() throws {
        let value = try parse(
            """
            // An old-style TemplateInfo.plist
            {
                Kind = Xcode.IDEKit.TextSubstitutionFileTemplateKind;
                /* options, in order */
                Options = (
                    { Identifier = moduleName; Type = text; Required = YES; },
                    { Identifier = "interface"; Values = ( XIB, "Story board", ); },
                );
                Bytes = <0fbd 7777>;
                'Single' = 'it\\'s';
                Empty = {};
            }
            """)
        #expect(value.entries?.map(\.key) == ["Kind", "Options", "Bytes", "Single", "Empty"])
        #expect(value["Single"]?.string == "it's")
        #expect(value["Kind"]?.string == "Xcode.IDEKit.TextSubstitutionFileTemplateKind")
        let options = try #require(value["Options"]?.array)
        #expect(options[0]["Required"]?.boolValue == true)
        #expect(options[1]["Values"]?.array?.map(\.string) == ["XIB", "Story board"])
        #expect(value["Bytes"]?.data == [0x0F, 0xBD, 0x77, 0x77])
        #expect(value["Empty"]?.entries?.isEmpty == true)
        #expect(options[1].position == SourcePosition(line: 7, column: 9))
        #expect(value.entries?[1].keyPosition == SourcePosition(line: 5, column: 5))
    }

    @Test func recordsTheBytesEachValueAndKeySpan() throws {
        let text = "{ a = ( x, \"é y\" ); /* c */ b = { c = d; }; }"
        let bytes = Array(text.utf8)
        let value = try PropertyList.parse(bytes, fileName: "T.plist")
        func spanned(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        #expect(spanned(value.byteRange) == text)
        #expect(spanned(try #require(value["a"]).byteRange) == "( x, \"é y\" )")
        #expect(spanned(try #require(value["a"]?.array?[1]).byteRange) == "\"é y\"")
        #expect(spanned(try #require(value["b"]?["c"]).byteRange) == "d")
        let keyOffsets = try #require(value.entries).map(\.keyOffset)
        #expect(keyOffsets.map { spanned($0..<($0 + 1)) } == ["a", "b"])
    }

    @Test func readsEscapesInQuotedStrings() throws {
        let value = try parse(#"( "tab\there", "q\"\\", "\101\102", "\U00e9\UD83D\UDE00", "\n\r\a\b\f\v", "\?" )"#)
        #expect(value.array?.map(\.string) == ["tab\there", "q\"\\", "AB", "é😀", "\n\r\u{07}\u{08}\u{0C}\u{0B}", "?"])
    }

    @Test func readsAFileOfBarePairsAsADictionary() throws {
        let value = try parse("\"Greeting\" = \"Hello\";\nName = World;\n")
        #expect(value == .dictionary(["Greeting": .string("Hello"), "Name": .string("World")]))
    }

    @Test func tellsXMLFromOpenStepData() {
        #expect(PropertyList.format(of: Array("<0fbd>".utf8)) == .openStep)
        #expect(PropertyList.format(of: Array("<dead beef>".utf8)) == .openStep)
        #expect(PropertyList.format(of: Array("  <plist>".utf8)) == .xml)
        #expect(PropertyList.format(of: Array("<dict/>".utf8)) == .xml)
        #expect(PropertyList.format(of: Array("<!-- c --><plist>".utf8)) == .xml)
        #expect(PropertyList.format(of: Array("{ a = b; }".utf8)) == .openStep)
    }
}
