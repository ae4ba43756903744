import Testing

@testable import ModGenCore

@Suite struct JSONParserTests {
    @Test func parsesValuesKeepingKeyOrderAndIntegers() throws {
        let document = try JSONDocument(
            parsing: #"{"b": [1, -2.5, 1e2, true, null], "a": "x\u00e9\ud83d\ude00\n"}"#, fileName: "t.json")
        #expect(document.root.objectValue?.map(\.key) == ["b", "a"])
        #expect(document.root["b"] == .array([.integer(1), .double(-2.5), .double(100), .bool(true), .null]))
        #expect(document.root["a"] == .string("xé😀\n"))
    }

    @Test func recordsPositionsOfValues() throws {
        let document = try JSONDocument(parsing: "{\n  \"options\": [\n    {\"kind\": \"flag\"}\n  ]\n}", fileName: "m")
        #expect(document.position(of: "options[0].kind") == SourcePosition(line: 3, column: 14))
        #expect(document.position(of: "options[0].missing") == SourcePosition(line: 3, column: 5))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "m.json:1:9: expected a string key in quotes"),
        ("{\"a\": tru}", "m.json:1:7: unexpected word, expected 'true'"),
        ("[1, 2", "m.json:1:6: unexpected end of file, expected ',' or ']'"),
        ("{\"a\": \"x\ny\"}", "m.json:1:9: unterminated string"),
        ("[01]", "m.json:1:3: expected ',' or ']' after an array element"),
        ("\"\\q\"", "m.json:1:3: unknown escape '\\q' in a string"),
        ("{} x", "m.json:1:4: unexpected text after the JSON value"),
        ("", "m.json:1:1: unexpected end of file, expected a value"),
        ("[\"é\", ?]", "m.json:1:7: unexpected character '?', expected a value"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(text: String, message: String) {
        #expect(throws: DataFileError.self) { try JSONDocument(parsing: text, fileName: "m.json") }
        do {
            _ = try JSONDocument(parsing: text, fileName: "m.json")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func rejectsDeepNestingWithoutCrashing() {
        let text = String(repeating: "[", count: 10_000)
        #expect(throws: DataFileError.self) { try JSONDocument(parsing: text, fileName: "deep.json") }
    }
}
