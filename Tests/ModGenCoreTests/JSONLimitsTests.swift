import Testing

@testable import ModGenCore

/// Hostile data files: shapes that used to cost gigabytes or minutes, numbers the generator could not print as
/// written, and text that made error messages wrong or unreadable.
@Suite struct JSONLimitsTests {
    func message(parsing text: String) -> String? {
        do {
            _ = try JSONDocument(parsing: text, fileName: "m.json")
            return nil
        } catch {
            return error.message
        }
    }

    /// 120-character keys nested 400 deep over a 40,000-element array: 130 KB that took 1.9 GB and ten minutes,
    /// because every value kept its full path (48 KB here) and every column was counted from the line's start.
    @Test(.timeLimit(.minutes(1))) func deepLongKeysOverAWideArrayAreCheap() throws {
        let key = String(repeating: "k", count: 120)
        let array = "[" + Array(repeating: "0", count: 40_000).joined(separator: ",") + "]"
        let prefix = String(repeating: "{\"\(key)\":", count: 400)
        let text = prefix + array + String(repeating: "}", count: 400)
        let document = try JSONDocument(parsing: text, fileName: "big.json")
        let path = Array(repeating: key, count: 400).joined(separator: ".")
        // The last element: after the prefix, the '[' and 39,999 "0," pairs.
        #expect(
            document.position(of: "\(path)[39999]")
                == SourcePosition(line: 1, column: prefix.count + 1 + 2 * 39_999 + 1))
        #expect(document.position(of: "\(path)[40000]") == SourcePosition(line: 1, column: prefix.count + 1))
    }

    @Test func tooManyValuesAreRefusedWhereTheLimitIsPassed() {
        let limit = JSONParser.maximumValues
        // The root array is the first value, so the zero at index `limit - 1` is one too many.
        let text = "[" + Array(repeating: "0", count: limit).joined(separator: ",") + "]"
        #expect(message(parsing: text) == "m.json:1:\(2 + 2 * (limit - 1)): more than \(limit) values")
    }

    @Test(arguments: [
        ("{\"n\": 1e999}", "m.json:1:7: number 1e999 is too large for a 64-bit floating-point number"),
        ("[0, -1e999]", "m.json:1:5: number -1e999 is too large for a 64-bit floating-point number"),
        (
            "[12345678901234567890]",
            "m.json:1:2: integer 12345678901234567890 is outside the 64-bit range; write it as a string"
        ),
        (
            "[-9223372036854775809]",
            "m.json:1:2: integer -9223372036854775809 is outside the 64-bit range; write it as a string"
        ),
    ])
    func numbersThatCannotBePrintedAsWrittenAreRefused(text: String, expected: String) {
        #expect(message(parsing: text) == expected)
    }

    @Test func numbersInRangeKeepTheirValue() throws {
        let document = try JSONDocument(
            parsing: "[9223372036854775807, -9223372036854775808, -0, 1e-999, 1.5e308]", fileName: "m.json")
        #expect(
            document.root
                == .array([.integer(Int.max), .integer(Int.min), .integer(0), .double(0), .double(1.5e308)]))
    }

    @Test(arguments: [
        // Lone or mismatched surrogates are named at the escape that starts them.
        ("[\"ab\\udc00\"]", "m.json:1:5: unpaired UTF-16 surrogate in \\u escape"),
        ("[\"ab\\ud800\"]", "m.json:1:5: unpaired UTF-16 surrogate in \\u escape"),
        ("[\"ab\\ud800\\u0041\"]", "m.json:1:5: unpaired UTF-16 surrogate in \\u escape"),
        // A byte order mark is not a column.
        ("\u{FEFF}{\"a\": x}", "m.json:1:7: unexpected character 'x', expected a value"),
        // An invisible character is shown escaped.
        ("[\u{01}]", "m.json:1:2: unexpected character '\\u{01}', expected a value"),
    ])
    func reportsEscapesAndInvisibleCharactersWhereTheyAre(text: String, expected: String) {
        #expect(message(parsing: text) == expected)
    }

    @Test func aHugeKeyOrNumberIsShortenedInTheMessage() throws {
        let key = String(repeating: "k", count: 100_000)
        let keyMessage = try #require(message(parsing: "{\"\(key)\" 1}"))
        #expect(keyMessage.hasPrefix("m.json:1:100005: expected ':' after the key \"kkk"))
        #expect(keyMessage.count < 200)
        let digits = String(repeating: "9", count: 100_000)
        let numberMessage = try #require(message(parsing: "[\(digits)]"))
        #expect(numberMessage.hasPrefix("m.json:1:2: integer 999"))
        #expect(numberMessage.count < 200)
    }

    /// A million escapes: each used to rebuild the text read so far, minutes in all.
    @Test(.timeLimit(.minutes(1))) func aLongStringIsReadWhole() throws {
        let long = String(repeating: "é\\n", count: 1_000_000)
        let document = try JSONDocument(parsing: "[\"\(long)\"]", fileName: "m.json")
        #expect(document.root == .array([.string(String(repeating: "é\n", count: 1_000_000))]))
    }
}
