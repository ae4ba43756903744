import Testing

@testable import ModGenCore

@Suite struct JSONTextTests {
    @Test func printsMembersInTheirOrderTwoSpacesALevel() {
        let value = JSONValue.object([
            ("b", .array([.integer(1), .bool(true), .null])), ("a", .object([("x", .double(2.5))])),
            ("empty", .array([])), ("none", .object([])),
        ])
        #expect(
            value.prettyPrinted == """
                {
                  "b": [
                    1,
                    true,
                    null
                  ],
                  "a": {
                    "x": 2.5
                  },
                  "empty": [],
                  "none": {}
                }
                """)
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let text = JSONValue.string("q\" b\\ n\n t\t \u{01} \u{1F} é/😀").prettyPrinted
        #expect(text == #""q\" b\\ n\n t\t \u0001 \u001f é/😀""#)
    }

    @Test func readsBackAsTheSameValue() throws {
        let value = JSONValue.object([
            ("name", .string("Ä\r\u{0C}\u{08}")), ("list", .array([.object([("k", .integer(-3))]), .string("")])),
        ])
        #expect(try JSONDocument(parsing: value.prettyPrinted, fileName: "t.json").root == value)
    }
}
