import Foundation
import ModGenCore
import ModGenLiquid
import Testing

/// One case of golden-liquid (`Spec/golden_liquid.json`, jg-rp/golden-liquid, MIT, `Spec/LICENSE`) with the answer
/// Ruby liquid 5.4 gives: the suite's own where 5.4 agrees with it, 5.4's recorded answer where it does not
/// (`Spec/ruby-liquid-5.4-differences.json`, written by `Spec/ruby-liquid.rb differences`).
struct GoldenLiquidCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable, Equatable {
        case output([String])
        case error
    }

    let name: String
    let template: String
    let data: [String: LiquidValue]
    let templates: [String: String]
    let expected: Expected
    /// Ruby liquid 5.4 answers otherwise than the suite; `expected` is 5.4's answer.
    let differsFromSuite: Bool

    var testDescription: String { name }
}

enum GoldenLiquid {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Spec")

    /// Cases whose answer depends on the clock (`'now' | date: …`): Ruby's answer was recorded at another time.
    static let clockDependent: Set<String> = []

    static let cases: [GoldenLiquidCase] = (try? load()) ?? []

    static func load() throws -> [GoldenLiquidCase] {
        let suite = try document("golden_liquid.json")
        let differences = try document("ruby-liquid-5.4-differences.json")
        var answers: [String: JSONValue] = [:]
        for difference in differences.root["differences"]?.arrayValue ?? [] {
            if let name = difference["name"]?.stringValue { answers[name] = difference }
        }
        return (suite.root["tests"]?.arrayValue ?? []).compactMap { test -> GoldenLiquidCase? in
            guard let name = test["name"]?.stringValue, let template = test["template"]?.stringValue else { return nil }
            var data: [String: LiquidValue] = [:]
            for member in test["data"]?.objectValue ?? [] { data[member.key] = liquidValue(member.value) }
            var templates: [String: String] = [:]
            for member in test["templates"]?.objectValue ?? [] { templates[member.key] = member.value.stringValue }
            let source = answers[name] ?? test
            let expected: GoldenLiquidCase.Expected
            if source["invalid"]?.boolValue == true {
                expected = .error
            } else if let results = source["results"]?.arrayValue {
                expected = .output(results.compactMap(\.stringValue))
            } else {
                expected = .output([source["result"]?.stringValue ?? ""])
            }
            return GoldenLiquidCase(
                name: name, template: template, data: data, templates: templates, expected: expected,
                differsFromSuite: answers[name] != nil)
        }
    }

    static func document(_ file: String) throws -> JSONDocument {
        let url = directory.appendingPathComponent(file)
        return try JSONDocument(parsing: try String(contentsOf: url, encoding: .utf8), fileName: file)
    }

    static func liquidValue(_ json: JSONValue) -> LiquidValue {
        switch json {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value): return .int(value)
        case .bigInteger(let digits): return LiquidBigInt(digits: digits).map { .bigInt($0) } ?? .string(digits)
        case .double(let value): return .float(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(liquidValue))
        case .object(let members): return .hash(LiquidHash(members.map { ($0.key, liquidValue($0.value)) }))
        }
    }

    /// What the engine answers for a case: its output, or that it refused the template.
    static func answer(_ test: GoldenLiquidCase) -> (output: String?, error: LiquidError?) {
        do {
            let template = try LiquidTemplate(source: test.template, name: "template.liquid")
            let output = try template.render(test.data, fileSystem: LiquidDictionaryFileSystem(test.templates))
            return (output, nil)
        } catch {
            return (nil, error)
        }
    }
}
