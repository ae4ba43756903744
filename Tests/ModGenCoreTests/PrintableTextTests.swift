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
        // Bidirectional marks and invisible format characters: text shown in another order, or hidden.
        ("\u{61C}\u{200B}\u{2060}\u{2066}x\u{2069}\u{FEFF}", #"\u{61C}\u{200B}\u{2060}\u{2066}x\u{2069}\u{FEFF}"#),
        ("\u{206A}\u{FFF9}", #"\u{206A}\u{FFF9}"#),
    ])
    func controlCharactersAreWrittenAsSwiftEscapes(text: String, escaped: String) {
        #expect(PrintableText.escaped(text) == escaped)
    }

    @Test func printableTextIsKeptAsItIs() {
        // The zero-width joiner and non-joiner stay: emoji sequences and scripts need them.
        let text = #"Größe 'x' \n already escaped — ✓ 漢字 👩‍💻 می‌خواهم"#
        #expect(PrintableText.escaped(text) == text)
    }

    /// The contents of a Swift string literal: what would end it (`"`), start an escape or an interpolation (`\`,
    /// `\(`) or break its line is escaped; the rest, Unicode included, is written as it is.
    @Test(arguments: [
        (#"He said "hi" \ ok"#, #"He said \"hi\" \\ ok"#),
        (#"\(name)"#, #"\\(name)"#),
        ("two\nlines\r", #"two\nlines\r"#),
        ("é ✓ 漢字 👩‍💻", "é ✓ 漢字 👩‍💻"),
        ("\u{202E}evil\u{1B}", #"\u{202E}evil\u{1B}"#),
        (String(repeating: "\"", count: 3), #"\"\"\""#),
        ("", ""),
    ])
    func swiftStringLiteralContents(text: String, contents: String) {
        #expect(PrintableText.swiftStringLiteralContents(text) == contents)
    }
}
