import Foundation
import ModGenCore
import ModGenMustache
import Testing

/// Runs every case of the official Mustache spec, one test per case, reported as "file: name".
@Suite("Mustache spec")
struct MustacheSpecSuite {
    @Test(arguments: MustacheSpec.cases("comments"))
    func comments(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("delimiters"))
    func delimiters(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("interpolation"))
    func interpolation(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("inverted"))
    func inverted(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("partials"))
    func partials(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("sections"))
    func sections(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("~dynamic-names"))
    func dynamicNames(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("~inheritance"))
    func inheritance(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test(arguments: MustacheSpec.cases("~lambdas"))
    func lambdas(_ spec: MustacheSpecCase) throws { try check(spec) }

    @Test("all 194 spec cases are loaded, file by file")
    func loadsEverySpecCase() throws {
        var total = 0
        for (file, expected) in MustacheSpec.expectedCounts {
            let cases = try MustacheSpec.load(file)
            #expect(cases.count == expected, "\(file).json")
            total += cases.count
        }
        #expect(total == 194)
        let jsonFiles = try FileManager.default.contentsOfDirectory(atPath: MustacheSpec.directory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(Set(jsonFiles) == Set(MustacheSpec.expectedCounts.keys.map { "\($0).json" }))
    }

    @Test("there is one Swift lambda per spec lambda test, no more, no fewer")
    func lambdaTableMatchesSpec() throws {
        let names = try MustacheSpec.load("~lambdas").map(\.name)
        #expect(names.count == 10)
        #expect(Set(names) == Set(MustacheSpecLambdas.byTestName.keys))
    }

    private func check(_ spec: MustacheSpecCase) throws {
        guard let context = try specContext(of: spec) else { return }
        let template = try MustacheTemplate(spec.template, name: spec.name)
        let output = try template.render(
            context, partials: DictionaryPartials(spec.partials), options: MustacheRenderOptions(escaping: .html))
        #expect(output == spec.expected)
        // The same case with the template and its partials read back from their compiled forms, as modgen reads
        // its built-in templates; with a new context, as a lambda may count its calls.
        guard let freshContext = try specContext(of: spec) else { return }
        let compiled = try MustacheTemplate(spec.template, name: spec.name, compiledForm: template.compiledForm)
        let compiledPartials = DictionaryPartials(
            spec.partials,
            compiledForms: try spec.partials.mapValues { try MustacheTemplate($0, name: "partial").compiledForm })
        let compiledOutput = try compiled.render(
            freshContext, partials: compiledPartials, options: MustacheRenderOptions(escaping: .html))
        #expect(compiledOutput == spec.expected)
    }

    /// The case's data, with the Swift lambda the case needs in place of the spec's; `nil` (an issue recorded) when
    /// the data is not an object.
    private func specContext(of spec: MustacheSpecCase) throws -> MustacheValue? {
        let context = MustacheValue(specJSON: spec.data)
        guard spec.data["lambda"] != nil else { return context }
        // The spec's lambda is code in other languages; put its Swift equivalent in its place.
        let lambda = try #require(
            MustacheSpecLambdas.byTestName[spec.name], "no Swift lambda written for '\(spec.name)'")
        guard case .object(var object) = context else {
            Issue.record("the data of '\(spec.name)' is not an object")
            return nil
        }
        object["lambda"] = .lambda(lambda())
        return .object(object)
    }
}
