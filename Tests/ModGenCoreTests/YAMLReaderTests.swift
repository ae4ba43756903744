import Foundation
import Testing

@testable import ModGenCore

/// The YAML rambaspecs and Rambafiles are written in: what each construct reads as, and errors at file:line:column.
@Suite struct YAMLReaderTests {
    func parse(_ text: String) throws -> YAMLNode { try YAMLReader.parse(text, fileName: "t.yml") }

    func message(_ text: String, limits: YAMLReader.Limits = .default) -> String? {
        do {
            _ = try YAMLReader.parse(text, fileName: "t.yml", limits: limits)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aRambafileReadsAsItsKeys() throws {
        let node = try parse(
            """
            ### Headers settings
            company: ModgenCo
            prefix: ''
            create_logical_groups: true # flat groups
            templates:
            - {name: swifty_viper, local: ../template/swifty_viper}
            - {name: "quoted, name", git: 'https://example.com/t.git', branch: main}
            """)
        #expect(node["company"]?.text == "ModgenCo")
        #expect(node["prefix"]?.scalar == YAMLScalar("", isQuoted: true))
        #expect(node["create_logical_groups"]?.scalar?.resolved == .bool(true))
        let templates = try #require(node["templates"]?.sequence)
        #expect(templates.count == 2)
        #expect(templates[0]["local"]?.text == "../template/swifty_viper")
        #expect(templates[1]["name"]?.text == "quoted, name")
        #expect(templates[1]["branch"]?.text == "main")
        #expect(templates[1].position == SourcePosition(line: 7, column: 3))
        #expect(node.mapping?.map(\.key) == ["company", "prefix", "create_logical_groups", "templates"])
    }

    @Test func blockMapsInsideListsAndNestedLists() throws {
        let node = try parse(
            """
            code_files:
              - name: View/ViewInput.swift
                path: Code/view_input.swift.liquid
                is_resource: yes
              -
                name: Folder
              - - a
                - b
            """)
        let files = try #require(node["code_files"]?.sequence)
        #expect(files[0]["path"]?.text == "Code/view_input.swift.liquid")
        #expect(files[0]["is_resource"]?.isTruthy == true)
        #expect(files[1]["name"]?.text == "Folder")
        #expect(files[2].sequence?.compactMap(\.text) == ["a", "b"])
    }

    @Test func nullsBooleansAndNumbersAsRubyReadsThem() throws {
        let node = try parse("a:\nb: ~\nc: Off\nd: 'no'\ne: 12\nf: 0.1.0\ng: null\nh: FALSE\ni: Falsey\nj: nullable\n")
        #expect(node["a"]?.isTruthy == false)
        #expect(node["a"]?.text == nil)
        #expect(node["b"]?.scalar?.resolved == .null)
        #expect(node["c"]?.scalar?.resolved == .bool(false))
        #expect(node["d"]?.scalar?.resolved == .string("no"))
        #expect(node["e"]?.scalar?.resolved == .integer(12))
        #expect(node["f"]?.scalar?.resolved == .string("0.1.0"))
        #expect(node["g"]?.isTruthy == false)
        // The longest word that is a boolean, and words that only begin like one.
        #expect(node["h"]?.scalar?.resolved == .bool(false))
        #expect(node["i"]?.scalar?.resolved == .string("Falsey"))
        #expect(node["j"]?.scalar?.resolved == .string("nullable"))
    }

    @Test func errorsNameTheLineAndColumn() {
        #expect(message("a: {name: X, local: y\n") == "t.yml:2:1: unclosed '{' (opened at 1:4)")
        #expect(message("a: 'open\n") == "t.yml:1:4: unclosed single quote")
        #expect(message("a: b\n  c: d\n") == "t.yml:2:4: a ': ' inside a plain value; quote the value")
        #expect(message("a: b\n# c\n  d\n") == "t.yml:3:3: unexpected indentation in a map")
        #expect(message("a: &x b\n") == "t.yml:1:4: YAML anchors ('&') are not supported")
        #expect(message("a: *x\n") == "t.yml:1:4: YAML aliases ('*') are not supported")
        #expect(message("a: [b: c]\n") == "t.yml:1:6: 'key: value' pairs inside a flow list are not supported")
        #expect(message("? a\n: b\n") == "t.yml:1:1: complex map keys ('? ') are not supported")
        #expect(message("a:\n\t- b\n") == "t.yml:2:1: a tab in indentation (YAML indents with spaces)")
        #expect(message("- a\nb: c\n") == "t.yml:2:1: unexpected content after the document (check its indentation)")
        #expect(message("a: \"\\q\"\n") == "t.yml:1:5: unknown escape '\\q' in a double-quoted value")
        #expect(message("a: b\n---\nc: d\n") == "t.yml:2:1: more than one YAML document in the file")
    }

    @Test func limitsAreOneLineErrors() {
        let small = YAMLReader.Limits(size: 100, depth: 3, values: 5)
        #expect(message(String(repeating: "a", count: 101), limits: small) == "t.yml:1:1: YAML larger than 100 bytes")
        #expect(message("[[[[1]]]]", limits: small) == "t.yml:1:4: YAML nested more than 3 levels deep")
        #expect(message("[1, 2, 3, 4, 5, 6]", limits: small) == "t.yml:1:17: more than 5 YAML values")
        let deep = String(repeating: "[", count: 10_000)
        #expect(message(deep)?.hasSuffix("YAML nested more than 64 levels deep") == true)
    }

    /// Ruby's YAML (Psych), which Generamba reads these files with, as the reference: every document here is read
    /// to the same values, or refused by both.
    @Test(.enabled(if: RubyYAML.isAvailable, "needs ruby (Debian's ruby, installed by .ci/run)"))
    func agreesWithRubysYAML() throws {
        var documents = Self.differentialDocuments
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../GenerambaFixtures/templates").standardizedFileURL
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [] {
            let spec = catalog.appendingPathComponent("\(folder)/\(folder).rambaspec")
            if let text = try? String(contentsOf: spec, encoding: .utf8) { documents.append(text) }
        }
        let ruby = try RubyYAML.read(documents)
        #expect(ruby.count == documents.count)
        for (document, expected) in zip(documents, ruby) {
            let ours = try? YAMLReader.parse(document, fileName: "d.yml")
            #expect(ours.map(RubyYAML.json) == expected, "\(document)")
        }
    }

    static let differentialDocuments: [String] = [
        "a: b\n", "- a\n- b\n", "", "# only a comment\n", "---\na: 1\n", "--- {a: b}\n", "a: b\n...\n",
        "a:\n  - x\n  - y\nb: c\n", "a:\n- x\n- y\nb: c\n", "k: {name: X, local: ../t/X}\n",
        "k: [a, 'b c', \"d\\te\", {x: y}]\n", "k: {a: [1, 2], b: {c: d}}\n", "k: {a , b: }\n",
        "k: {\n  a: b,\n  c: d # comment\n}\n", "k: [a,\n  b,\n]\n", "k: 'it''s'\n", "k: \"\\u00e9\\x41\\n\"\n",
        "k: \"two\n  lines\n\n  three\"\n", "k: 'one\n\n  two'\n", "k: a b  c   \n", "k: a#b\n", "k: a #b\n",
        "k: http://x.y/z\n", "k: a:b\n", "'quoted key': v\n", "\"k\": v\n", "k: -1\n", "k: +3\n", "k: 1_000\n",
        "k: 0\n", "k: true\nl: FALSE\nm: Yes\nn: no\no: on\np: y\n", "k: ~\nl: null\nm: Null\nn: NULL\no: nUll\n",
        "k:\n", "- \n- a\n", "- - a\n  - b\n- c\n", "- name: a\n  path: b\n- name: c\n",
        "k: |\n  line 1\n  line 2\nl: x\n", "k: |-\n  a\n\n", "k: |+\n  a\n\n", "k: >\n  a\n  b\n\n  c\n",
        "k: >-\n  folded\n   kept\n  text\n", "k: [a, b\n", "k: {a: b\n", "k: 'a\n", "a: b: c\n", "a:\n  b\n c\n",
        "a: b\n c: d\n", "- a\nb: c\n", "- a\n  b\n\n  c # d\n- e\n", "\"k\\x\": v\n", "k: \"\\q\"\n",
        "k:    spaced   \n", "k: 'x' # c\n", "k: \"x\" trailing\n", "a:\n  b:\n    c: d\n  e: f\n",
        "code_files:\n# View layer\n- {name: View/ViewInput.swift,  path: Code/View/view_input.swift.liquid}\n",
        "k: [ ]\nl: { }\n", "k: [[a, b], [c]]\n", "a: 'x'\n\n\n# end\n", "a: b\n# c\n  d\n",
    ]
}

/// Ruby's YAML reader run once over many documents: each document's values as JSON, or `nil` where Ruby refuses it.
enum RubyYAML {
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/ruby" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    static var isAvailable: Bool { executable != nil }

    static func read(_ documents: [String]) throws -> [JSONValue?] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable!)
        process.arguments = [
            "-ryaml", "-rjson", "-e",
            """
            docs = STDIN.read.force_encoding('UTF-8').split("\\0", -1)
            results = docs.map do |d|
              begin
                [YAML.safe_load(d)]
              rescue Psych::SyntaxError
                nil
              end
            end
            puts JSON.generate(results)
            """,
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(documents.joined(separator: "\0").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let results = try JSONDocument(parsing: String(decoding: data, as: UTF8.self), fileName: "ruby").root
        return (results.arrayValue ?? []).map { $0.arrayValue?.first }
    }

    /// Our reading of a document in the JSON Ruby prints for it.
    static func json(_ node: YAMLNode) -> JSONValue {
        switch node.value {
        case .scalar(let scalar):
            switch scalar.resolved {
            case .null: .null
            case .bool(let value): .bool(value)
            case .integer(let value): .integer(value)
            case .string(let value): .string(value)
            }
        case .sequence(let items): .array(items.map(json))
        case .mapping(let entries):
            // Ruby keeps a repeated key once, where it first appeared, with the last value.
            .object(
                entries.reduce(into: [(key: String, value: JSONValue)]()) { object, entry in
                    if let index = object.firstIndex(where: { $0.key == entry.key }) {
                        object[index].value = json(entry.value)
                    } else {
                        object.append((entry.key, json(entry.value)))
                    }
                })
        }
    }
}
