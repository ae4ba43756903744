import ModGenLiquid
import Testing

@Suite("golden-liquid, as Ruby liquid 5.4 answers it")
struct GoldenLiquidTests {
    @Test func loadsEveryCase() throws {
        let cases = try GoldenLiquid.load()
        #expect(cases.count == 1054)
        // The recorded differences must all name cases of the suite (a renamed case would silently fall back).
        let differences =
            try GoldenLiquid.document("ruby-liquid-5.4-differences.json").root["differences"]?
            .arrayValue ?? []
        #expect(cases.filter(\.differsFromSuite).count == differences.count)
    }

    @Test(arguments: GoldenLiquid.cases)
    func rendersAsRubyLiquid(_ test: GoldenLiquidCase) {
        let (output, error) = GoldenLiquid.answer(test)
        switch test.expected {
        case .error:
            #expect(error != nil, "expected an error, rendered \(output.map { "\"\($0)\"" } ?? "")")
        case .output(let accepted):
            #expect(error == nil, "\(error.map(\.description) ?? "")")
            if let output { #expect(accepted.contains(output), "rendered \"\(output)\", expected \(accepted)") }
        }
    }
}
