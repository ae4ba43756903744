import ModGenLiquid
import Testing

/// The engine against Ruby's liquid 5.4 itself, run live (`Spec/ruby-liquid.rb serve`): golden-liquid's templates,
/// and generated ones. Skipped where Ruby's liquid is not installed; `.ci/run` installs it and runs these again.
@Suite(.enabled(if: RubyLiquid.isAvailable, "needs ruby and Debian's ruby-liquid 5.4 (apt-get install ruby-liquid)"))
struct LiquidDifferentialTests {
    /// The recorded answers (`ruby-liquid-5.4-differences.json`) are what 5.4 answers today.
    @Test func goldenCasesAgreeWithLiveRuby() throws {
        var differences: [String] = []
        for test in GoldenLiquid.cases {
            guard
                let ruby = RubyLiquid.shared?.answer(
                    template: test.template, data: test.data, templates: test.templates)
            else {
                Issue.record("Ruby liquid did not answer for \(test.name)")
                return
            }
            let ours = engineAnswer(template: test.template, data: test.data, templates: test.templates)
            if !sameAnswer(ruby, ours) { differences.append("\(test.name): Ruby \(ruby), modgen \(ours)") }
        }
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.joined(separator: "\n"))")
    }

    /// The fixed cases of `LiquidDifferentialCases`, a group at a time: the same output as Ruby's, or an error
    /// where Ruby reports one.
    @Test(arguments: LiquidDifferentialCases.groups.keys.sorted())
    func fixedCasesAgreeWithRuby(group: String) throws {
        let cases = try #require(LiquidDifferentialCases.groups[group])
        var differences: [String] = []
        for test in cases {
            guard
                let ruby = RubyLiquid.shared?.answer(
                    template: test.template, data: test.data, templates: test.templates)
            else {
                Issue.record("Ruby liquid did not answer for \(test)")
                return
            }
            let ours = engineAnswer(template: test.template, data: test.data, templates: test.templates)
            if !sameAnswer(ruby, ours) { differences.append("\(test)\n  Ruby   \(ruby)\n  modgen \(ours)") }
        }
        #expect(!cases.isEmpty)
        #expect(
            differences.isEmpty,
            "\(differences.count) of \(cases.count) differ:\n\(differences.joined(separator: "\n"))")
    }

    /// Every committed finding of the `liquid` fuzz target, rendered with the target's context and snippets: the
    /// same output as Ruby's, or an error where Ruby reports one (the fuzz step replays them too, but only where
    /// libFuzzer runs).
    @Test func committedFuzzFindingsAgreeWithRuby() throws {
        let findings = try LiquidFuzzFindings.findings()
        let context = try LiquidFuzzFindings.context()
        var differences: [String] = []
        for finding in findings {
            guard
                let ruby = RubyLiquid.shared?.answer(
                    template: finding.template, data: context.data, templates: context.templates)
            else {
                Issue.record("Ruby liquid did not answer for \(finding)")
                return
            }
            let ours = engineAnswer(template: finding.template, data: context.data, templates: context.templates)
            if !sameAnswer(ruby, ours) { differences.append("\(finding)\n  Ruby   \(ruby)\n  modgen \(ours)") }
        }
        #expect(findings.count >= 7)
        #expect(
            differences.isEmpty,
            "\(differences.count) of \(findings.count) differ:\n\(differences.joined(separator: "\n"))")
    }

    /// Seeded random templates over every tag, filter and comparison: the same output as Ruby's, or an error
    /// where Ruby reports one.
    @Test(arguments: 0..<16)
    func generatedTemplatesAgreeWithRuby(batch: Int) throws {
        var generator = LiquidTemplateGenerator(seed: UInt64(batch) &* 7919 &+ 1)
        var differences: [String] = []
        for _ in 0..<250 {
            let template = generator.template()
            guard
                let ruby = RubyLiquid.shared?.answer(
                    template: template, data: LiquidTemplateGenerator.data, templates: [:])
            else {
                Issue.record("Ruby liquid did not answer for \(template.debugDescription)")
                return
            }
            let ours = engineAnswer(template: template, data: LiquidTemplateGenerator.data, templates: [:])
            if !sameAnswer(ruby, ours) {
                differences.append("\(template.debugDescription)\n  Ruby   \(ruby)\n  modgen \(ours)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) of 250 differ:\n\(differences.joined(separator: "\n"))")
    }
}
