import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// Generated files read as hand-written ones (as Infinum's templates write them): every file ends with exactly one
/// line break, and no file has two blank lines in a row — in every combination of every built-in template. A section
/// of a template that renders nothing must not leave its blank line behind.
@Suite struct GeneratedTextShapeTests {
    /// The problems of `contents`, one per line: a missing or doubled final line break, double blank lines.
    static func problems(in contents: String) -> [String] {
        var found: [String] = []
        if !contents.hasSuffix("\n") { found.append("no line break at the end") }
        if contents.hasSuffix("\n\n") { found.append("a blank line at the end") }
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        for index in lines.indices.dropFirst() {
            let isBlank = lines[index - 1].allSatisfy(\.isWhitespace)
            if isBlank && lines[index].allSatisfy(\.isWhitespace) && index < lines.count - 1 {
                found.append("line \(index + 1): two blank lines in a row")
            }
        }
        return found
    }

    @Test func theCheckFindsEachProblem() {
        #expect(Self.problems(in: "struct A {\n}\n").isEmpty)
        #expect(Self.problems(in: "struct A {\n}\n\n") == ["a blank line at the end"])
        #expect(Self.problems(in: "struct A {\n}") == ["no line break at the end"])
        #expect(Self.problems(in: "let a = 1\n\n\nlet b = 2\n") == ["line 3: two blank lines in a row"])
    }

    @Test(arguments: BuiltInTemplates.templateFolders)
    func everyGeneratedSwiftFileIsShapedAsWritten(templateID: String) throws {
        let template = try TemplateCatalog().template(id: templateID)
        let snapshot = try Snapshot(rendering: template.makeRenderer(headerPartial: nil))
        var problems: Set<String> = []
        for output in snapshot.outputs {
            for file in output.files where file.path.hasSuffix(".swift") {
                for problem in Self.problems(in: file.contents) { problems.insert("\(file.path): \(problem)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted().prefix(20).joined(separator: "\n"))")
    }
}
