import Testing

@testable import ModGenCore

@Suite struct PrintableTextTests {
    @Test(arguments: [
        ("Ho\nme", #"Ho\nme"#),
        ("a\tb\r\0", #"a\tb\r\0"#),
        ("\u{1B}[31mred", #"\u{1B}[31mred"#),
        ("\u{9B}1m", #"\u{9B}1m"#),
        ("del\u{7F}", #"del\u{7F}"#),
        ("a\u{2028}b\u{202E}c", #"a\u{2028}b\u{202E}c"#),
    ])
    func controlCharactersAreWrittenAsSwiftEscapes(text: String, escaped: String) {
        #expect(PrintableText.escaped(text) == escaped)
    }

    @Test func printableTextIsKeptAsItIs() {
        let text = #"Größe 'x' \n already escaped — ✓ 漢字"#
        #expect(PrintableText.escaped(text) == text)
    }
}
