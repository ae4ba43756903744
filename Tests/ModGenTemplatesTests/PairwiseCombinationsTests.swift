import Foundation
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

    /// Xcode bundles: an option `RequiredOptions` hides keeps its default, and the search knows it before every
    /// option has a value.
    @Test(arguments: ["Module", "RxSwift Module", "SwiftUI Hosted Module"])
    func coversEveryPairOfAnXcodeBundle(bundle: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/XcodeTemplates/Infinum/VIPER Templates/\(bundle).xctemplate")
        let template = try XcodeTemplate(at: folder)
        let valid = try template.validCombinations()
        let chosen = try template.combinations(.pairwise)
        let names = template.options.map(\.name)
        #expect(pairs(chosen, options: names) == pairs(valid, options: names))
        let validNames = Set(valid.map(\.name))
        #expect(chosen.allSatisfy { validNames.contains($0.name) })
    }

    @Test func viperNeedsFarFewerThanAll() throws {
        let template = try TemplateCatalog().template(id: "viper")
        // 111 without the tests, times the three values of `tests`.
        #expect(try template.validCombinations().count == 333)
        #expect(try template.combinations(.pairwise).count < 20)
    }

    /// `count` flags, `f1` requiring `f0`.
    func flags(_ count: Int) throws -> ManifestTemplate {
        let options = (0..<count).map { index in
            #"{ "name": "f\#(index)", "kind": "flag""# + (index == 1 ? #", "requires": [{ "condition": "f0" }]"# : "")
                + " }"
        }
        let text =
            #"{ "id": "flags", "summary": "s", "options": ["# + options.joined(separator: ", ")
            + #"], "files": [{ "template": "a.mustache", "path": "{{name}}.swift" }] }"#
        return try TemplateManifest(parsing: text, fileName: "flags/template.json").template
    }

    /// 2^20 combinations: the covering set is built without listing them.
    @Test func twentyFlagsAreCoveredWithoutListingEveryCombination() throws {
        let template = try flags(20)
        let chosen = try template.combinations(.pairwise)
        let names = template.options.map(\.name)
        var expected = Set<[String]>()
        for (i, first) in names.enumerated() {
            for second in names[(i + 1)...] {
                for a in ["false", "true"] {
                    for b in ["false", "true"] where !(first == "f0" && second == "f1" && a == "false" && b == "true") {
                        expected.insert([first, a, second, b])
                    }
                }
            }
        }
        #expect(pairs(chosen, options: names) == expected)
        #expect(chosen.allSatisfy { template.constraintProblems(in: $0.values).isEmpty })
        #expect(chosen.first?.name == "default")
        #expect(chosen.count < 30)
        #expect(try template.combinations(.pairwise) == chosen, "deterministic")
    }

    @Test func everyCombinationOfTooManyIsRefusedSayingWhatToUse() throws {
        #expect(try flags(14).combinations(.all).count == 3 << 12)
        #expect(
            throws: CombinationLimitError.tooManyForAll(
                template: "/nonexistent-template-folder/template.json", count: (1 << 14) + 1)
        ) {
            try flags(15).combinations(.all)
        }
        #expect(
            CombinationLimitError.tooManyForAll(template: "t/template.json", count: (1 << 14) + 1).message
                == "t/template.json: its options make more than 16384 combinations, too many to record every one; "
                + #"use --combinations pairwise (or "snapshot": {"combinations": "pairwise"} in a manifest)"#)
    }

    /// `f0` can never be on, but only the last option tells: every search for a pair with `f0` on walks all the
    /// others, and stops at the limit with an error.
    @Test func aSearchThatWalksTooFarIsAnError() throws {
        let options = (0..<12).map { index in
            #"{ "name": "f\#(index)", "kind": "flag""#
                + (index == 0 ? #", "requires": [{ "condition": "f11 && !f11" }]"# : "") + " }"
        }
        let text =
            #"{ "id": "flags", "summary": "s", "options": ["# + options.joined(separator: ", ")
            + #"], "files": [{ "template": "a.mustache", "path": "{{name}}.swift" }] }"#
        let template = try TemplateManifest(parsing: text, fileName: "flags/template.json").template
        // 2^10 ways to set the options between f0 and f11, more than 1,000 steps.
        let error = #expect(throws: CombinationLimitError.self) {
            try PairwiseCover(template: template, maximumSearchSteps: 1_000).cover()
        }
        #expect(
            error?.message
                == "/nonexistent-template-folder/template.json: the rules between options make finding a pairwise "
                + "combination take more than 1000 steps; simplify the rules, or use --combinations all")
        // Within the limit, the pairs with f0 on are found impossible.
        let chosen = try PairwiseCover(template: template, maximumSearchSteps: 10_000).cover()
        #expect(!chosen.isEmpty && chosen.allSatisfy { $0.values["f0"] == .flag(false) })
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
