import ModGenKit
import Testing

@Test(arguments: [5, 10, 20, 40, 60, 80]) func deepestPossibleNesting(_ k: Int) throws {
    var partials: [String: String] = [:]
    for level in 0..<70 {
        partials["p\(level)"] = String(repeating: "{{#a}}", count: k) + "{{>p\(level + 1)}}" + String(repeating: "{{/a}}", count: k)
    }
    let template = try MustacheTemplate("{{>p0}}", name: "T")
    print("K", k)
    #expect(throws: MustacheError.self) { try template.render(["a": [true]], partials: DictionaryPartials(partials)) }
    print("OK", k)
}
