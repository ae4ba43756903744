import ModGenCore
import TestSupport
import Testing

@testable import ModGenTemplates

/// The pairwise covering set `snapshot` can record instead of every combination.
@Suite struct PairwiseCombinationsTests {
    /// Every pair of two options' values that some combination has, computed here on its own.
    func pairs(_ combinations: [OptionCombination], options: [String]) -> Set<[String]> {
        var result = Set<[String]>()
        for combination in combinations {
            for (i, first) in options.enumerated() {
                for second in options[(i + 1)...] {
                    let a = combination.values[first]?.text ?? ""
                    let b = combination.values[second]?.text ?? ""
                    result.insert([first, a, second, b])
                }
            }
        }
        return result
    }

    @Test(arguments: ["viper", "mvvm-fc", "viper-s"])
    func coversEveryPairWithValidCombinationsOnly(id: String) throws {
        let template = try TemplateCatalog().template(id: id)
        let valid = try template.validCombinations()
        let chosen = try template.combinations(.pairwise)
        let names = template.options.map(\.name)
        #expect(pairs(chosen, options: names) == pairs(valid, options: names))
        let validNames = Set(valid.map(\.name))
        #expect(chosen.allSatisfy { validNames.contains($0.name) })
        #expect(chosen.first?.name == "default")
        #expect(chosen.count <= valid.count)
        #expect(try template.combinations(.pairwise) == chosen, "deterministic")
        #expect(try template.combinations(.all) == valid)
    }

    @Test func viperNeedsFarFewerThanAll() throws {
        let template = try TemplateCatalog().template(id: "viper")
        // 111 without the tests, times the three values of `tests`.
        #expect(try template.validCombinations().count == 333)
        #expect(try template.combinations(.pairwise).count < 20)
    }

    @Test func theManifestChoosesTheSet() throws {
        let demo = try DemoTemplate()
        defer { demo.temporary.remove() }
        let text = DemoTemplate.manifest.replacingOccurrences(
            of: #""summary": "Demo","#, with: #""summary": "Demo", "snapshot": { "combinations": "pairwise" },"#)
        #expect(try TemplateManifest(parsing: text, fileName: "t.json").snapshotCombinations == .pairwise)
        #expect(try TemplateManifest(parsing: DemoTemplate.manifest, fileName: "t.json").snapshotCombinations == .all)
        let bad = DemoTemplate.manifest.replacingOccurrences(
            of: #""summary": "Demo","#, with: #""summary": "Demo", "snapshot": { "combinations": "pairs" },"#)
        let error = #expect(throws: DataFileError.self) { try TemplateManifest(parsing: bad, fileName: "t.json") }
        #expect(error?.message.hasSuffix(#": "combinations" must be 'all' or 'pairwise', found 'pairs'"#) == true)
        #expect(error?.message.hasPrefix("t.json:3:") == true)
    }
}
