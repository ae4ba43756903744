import Testing

@testable import ModGenCore

/// The paths the readers name fields by, read in one pass over their bytes (no substrings), as they were read by
/// splitting: keys between dots, numbers in brackets, anything else skipped.
@Suite struct JSONPathTests {
    @Test(
        arguments: [
            ("", []),
            ("id", [.key("id")]),
            ("options[2].kind", [.key("options"), .index(2), .key("kind")]),
            ("files[10].when", [.key("files"), .index(10), .key("when")]),
            ("grid[1][0]", [.key("grid"), .index(1), .index(0)]),
            ("[3].name", [.index(3), .key("name")]),
            ("set.project", [.key("set"), .key("project")]),
            ("a..b.", [.key("a"), .key("b")]),
            ("a[x][1]", [.key("a"), .index(1)]),
            ("a[1]b[2].c", [.key("a"), .index(1), .key("c")]),
            ("a[1.b]", [.key("a"), .key("b]")]),
            ("a[-1]", [.key("a"), .index(-1)]),
            ("a[99999999999999999999]", [.key("a")]),
            ("a[]", [.key("a")]),
        ] as [(String, [JSONPath.Component])])
    func components(path: String, expected: [JSONPath.Component]) {
        #expect(JSONPath.components(of: path) == expected)
    }

    @Test func stopsWhenAskedTo() {
        var seen: [JSONPath.Component] = []
        JSONPath.forEachComponent(of: "options[2].kind") { component in
            seen.append(component)
            return seen.count < 2
        }
        #expect(seen == [.key("options"), .index(2)])
    }

    @Test func positionsAndValuesFollowThePath() throws {
        let document = try JSONDocument(
            parsing: #"{"options": [{"name": "a"}, {"name": "b", "kind": "flag"}]}"#, fileName: "m.json")
        let fields = JSONFields(document: document)
        #expect(fields.value(at: "options[1].kind") == .string("flag"))
        #expect(fields.value(at: "options[2].kind") == nil)
        #expect(fields.value(at: "options[0].kind") == nil)
        #expect(document.position(of: "options[1].kind") == SourcePosition(line: 1, column: 51))
        // A missing element: the nearest parent that exists.
        #expect(document.position(of: "options[5].kind") == SourcePosition(line: 1, column: 13))
    }
}
