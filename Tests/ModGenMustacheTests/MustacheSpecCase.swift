import Foundation
import ModGenCore
import ModGenMustache
import Testing

/// One test of the official Mustache spec (`Spec/*.json`, copied unchanged from github.com/mustache/spec).
struct MustacheSpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let template: String
    let data: JSONValue
    let partials: [String: String]
    let expected: String

    /// "sections: Context"; the inheritance file names two tests "Text inside parent", so repeats get a number.
    let testDescription: String
}

/// Loads the spec files next to this source file.
enum MustacheSpec {
    /// Every spec file with the number of tests it holds (spec v1.4.x): a file that goes missing or loses tests
    /// makes `MustacheSpecSuite.loadsEverySpecCase` fail instead of silently testing less.
    static let expectedCounts: [String: Int] = [
        "comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22, "partials": 12, "sections": 34,
        "~dynamic-names": 21, "~inheritance": 27, "~lambdas": 10,
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Spec")

    /// The cases of one file, or none if it cannot be loaded (the count test reports why).
    static func cases(_ file: String) -> [MustacheSpecCase] {
        (try? load(file)) ?? []
    }

    static func load(_ file: String) throws -> [MustacheSpecCase] {
        let url = directory.appendingPathComponent("\(file).json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let document = try JSONDocument(parsing: text, fileName: url.lastPathComponent)
        guard let tests = document.root["tests"]?.arrayValue else { throw SpecFileError(file: file) }
        var seen: [String: Int] = [:]
        return try tests.map { test in
            guard let name = test["name"]?.stringValue, let template = test["template"]?.stringValue,
                let expected = test["expected"]?.stringValue, let data = test["data"]
            else { throw SpecFileError(file: file) }
            var partials: [String: String] = [:]
            for member in test["partials"]?.objectValue ?? [] { partials[member.key] = member.value.stringValue }
            seen[name, default: 0] += 1
            let occurrence = seen[name, default: 1]
            let description = "\(file): \(name)" + (occurrence > 1 ? " (\(occurrence))" : "")
            return MustacheSpecCase(
                file: file, name: name, template: template, data: data, partials: partials, expected: expected,
                testDescription: description)
        }
    }

    struct SpecFileError: Error {
        let file: String
    }
}
