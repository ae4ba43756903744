import Testing

@testable import ModGenCore

/// What is really broken is an error naming the file, line and column; nothing is guessed.
@Suite struct PropertyListErrorTests {
    private func message(_ text: String) -> String? {
        message(Array(text.utf8))
    }

    private func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PropertyList.parse(bytes, fileName: "T.plist")
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        (
            "<plist><dict><key>A</key><string>x</string>",
            "T.plist:1:44: unexpected end of file: <dict> (opened at 1:8) is not closed"
        ),
        ("<plist>\n<string>x", "T.plist:2:10: unexpected end of file: <string> (opened at 2:1) is not closed"),
        (
            "<plist><array><string>x</array></plist>",
            "T.plist:1:24: mismatched end tag </array>, expected </string> (opened at 1:15)"
        ),
        ("<plist><dict>\n<key>A</key>\n</dict></plist>", "T.plist:2:1: the key \"A\" has no value"),
        ("<plist><array><key>A</key></array></plist>", "T.plist:1:15: <key> outside a dictionary, in <array>"),
        ("<plist><key>A</key></plist>", "T.plist:1:8: <key> outside a dictionary, in <plist>"),
        ("<plist><dict><string>A</string></dict></plist>", "T.plist:1:14: expected <key> in <dict>, found <string>"),
        ("<plist><dict>junk</dict></plist>", "T.plist:1:14: unexpected text 'j' in <dict>"),
        ("<plist><strin>x</strin></plist>", "T.plist:1:8: unknown element <strin> in <plist>"),
        ("<plist><integer>12a</integer></plist>", "T.plist:1:8: <integer> holds '12a', not an integer"),
        ("<plist><integer></integer></plist>", "T.plist:1:8: <integer> holds nothing, not an integer"),
        (
            "<plist><integer>9223372036854775808</integer></plist>",
            "T.plist:1:8: <integer> holds '9223372036854775808', not an integer"
        ),
        ("<plist><real>1.2.3x</real></plist>", "T.plist:1:8: <real> holds '1.2.3x', not a number"),
        ("<plist><real>1e99999</real></plist>", "T.plist:1:8: <real> holds '1e99999', which is not a finite number"),
        ("<plist><real> -INF </real></plist>", "T.plist:1:8: <real> holds '-INF', which is not a finite number"),
        ("<plist><real>nan</real></plist>", "T.plist:1:8: <real> holds 'nan', which is not a finite number"),
        (
            "<plist><date>yesterday</date></plist>",
            "T.plist:1:8: <date> holds 'yesterday', not a date such as 2026-01-31T12:00:00Z"
        ),
        ("<plist><data>!!</data></plist>", "T.plist:1:8: <data> holds text that is not base64"),
        ("<plist><true>x</true></plist>", "T.plist:1:8: <true> holds text; write <true/>"),
        ("<plist><string>a &nbsp; b</string></plist>", "T.plist:1:18: unknown entity '&nbsp;'"),
        ("<plist><string>a & b</string></plist>", "T.plist:1:18: unterminated entity, expected ';'"),
        (
            "<plist><string>a<b/></string></plist>",
            "T.plist:1:17: unexpected element inside <string>, which holds only text"
        ),
        ("<plist><string x=\"1\"", "T.plist:1:21: unexpected end of file in the tag <string> (opened at 1:8)"),
        ("<plist><string <key>", "T.plist:1:16: unclosed tag <string> (opened at 1:8)"),
        ("<plist><!-- open", "T.plist:1:17: unclosed comment (opened at 1:8)"),
        ("<plist></plist>", "T.plist:1:8: the <plist> element holds no value"),
        (
            "<plist><string>a</string><string>b</string></plist>",
            "T.plist:1:26: unexpected '<' in <plist>, expected </plist>"
        ),
        ("<plist><string>a</string></plist>\nx", "T.plist:2:1: unexpected 'x' after the property list"),
        ("<?xml version=\"1.0\"?>\n", "T.plist:2:1: the file holds no property list"),
    ])
    func reportsBrokenXML(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test(arguments: [
        ("{ A = 1; ", "T.plist:1:10: unexpected end of file: the dictionary opened at 1:1 is not closed"),
        ("{ A = 1 }", "T.plist:1:9: expected ';' after the value of \"A\", found '}'"),
        ("{ A 1; }", "T.plist:1:5: expected '=' after the key \"A\", found '1'"),
        ("{ A = ; }", "T.plist:1:7: unexpected ';', expected a string, '{', '(' or '<'"),
        ("( a b )", "T.plist:1:5: expected ',' or ')' in the array, found 'b'"),
        ("( a,\n", "T.plist:2:1: unexpected end of file: the array opened at 1:1 is not closed"),
        ("{ A = \"open; }", "T.plist:1:15: unexpected end of file: the string opened at 1:7 is not closed"),
        ("{ A = <0fz>; }", "T.plist:1:10: unexpected 'z' in data, expected a hexadecimal digit"),
        ("{ A = <0f1>; }", "T.plist:1:11: odd number of hexadecimal digits in data"),
        ("{ A = \"\\UD800\"; }", "T.plist:1:8: unpaired UTF-16 surrogate in \\U escape"),
        ("/* open", "T.plist:1:8: unclosed comment (opened at 1:1)"),
        ("// only a comment\n", "T.plist:2:1: the file holds no property list"),
        ("{ } }", "T.plist:1:5: unexpected '}' after the property list"),
        ("\u{1B}", "T.plist:1:1: unexpected '\\u{1B}', expected a string, '{', '(' or '<'"),
    ])
    func reportsBrokenOpenStep(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test func reportsInvalidUTF8AtItsPosition() {
        #expect(message(Array("<plist>\n<string>".utf8) + [0xFF]) == "T.plist:2:9: the file is not valid UTF-8")
    }

    @Test func refusesNestingPastTheLimitInEveryForm() {
        let depth = PropertyList.maximumDepth + 1
        let xml = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        #expect(message(xml)?.hasSuffix("nesting deeper than 512 levels") == true)
        #expect(message(String(repeating: "(", count: depth))?.hasSuffix("nesting deeper than 512 levels") == true)
        #expect(
            message(BinaryPlistBuilder.nestedArrays(depth: depth))?.hasSuffix("nesting deeper than 512 levels") == true)
    }

    /// The limit's mechanism, in every form, with a limit of 10 values (the real one, a million, takes seconds to
    /// reach in a debug build).
    @Test func refusesMoreValuesThanTheLimitInEveryForm() throws {
        let limits = PropertyList.Limits(values: 10)
        func limitMessage(_ bytes: [UInt8]) -> String? {
            do {
                _ = try PropertyList.parse(bytes, fileName: "T.plist", limits: limits)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            limitMessage(Array(("(" + String(repeating: "a,", count: 10) + ")").utf8))
                == "T.plist:1:20: more than 10 values")
        let xml = "<array>" + String(repeating: "<true/>", count: 10) + "</array>"
        #expect(limitMessage(Array(xml.utf8)) == "T.plist:1:71: more than 10 values")
        let keyValues = "<dict>" + String(repeating: "<key>k</key><key>v</key>", count: 10) + "</dict>"
        #expect(limitMessage(Array(keyValues.utf8)) == "T.plist:1:235: more than 10 values")
        // Each array refers twice to the next: 40 objects stand for 2^40 values.
        let objects = (0..<40).map {
            $0 == 39 ? BinaryPlistBuilder.ascii("x") : BinaryPlistBuilder.array([$0 + 1, $0 + 1])
        }
        #expect(limitMessage(BinaryPlistBuilder.file(objects)) == "T.plist:1:59: more than 10 values")
        let exact = "(" + String(repeating: "a,", count: 9) + ")"
        #expect(try PropertyList.parse(Array(exact.utf8), fileName: "T.plist", limits: limits).array?.count == 9)
    }

    @Test func refusesFilesOverTheSizeLimit() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: PropertyList.maximumBytes + 1)
        #expect(message(bytes) == "T.plist:1:1: the property list is larger than 16 MiB")
    }
}
