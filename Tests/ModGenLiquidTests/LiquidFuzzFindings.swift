import Foundation
import ModGenCore
import ModGenLiquid

/// The inputs the `liquid` fuzz target once found differing from Ruby's liquid (`Fuzz/Findings/liquid/`), with the
/// target's own context and snippets (`Fuzz/Targets/liquid-context.json`), so that `swift test` replays each one as
/// the fuzzer checks it. Read here rather than through `TestSupport.FuzzFindings`: that helper's target imports
/// `ModGenTemplates`, a layer above the engine's.
enum LiquidFuzzFindings {
    struct Finding: CustomStringConvertible {
        var name: String
        var template: String
        var description: String { "\(name): \(template.debugDescription)" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every committed finding, in name order; each is UTF-8, as the target takes only such inputs.
    static func findings() throws -> [Finding] {
        let folder = root.appendingPathComponent("Fuzz/Findings/liquid")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let template = String(data: data, encoding: .utf8) else {
                throw LiquidFuzzContextError(message: "\(name) is not UTF-8")
            }
            return Finding(name: name, template: template)
        }
    }

    /// The fuzz target's fixed context and snippets.
    static func context() throws -> (data: [String: LiquidValue], templates: [String: String]) {
        let file = root.appendingPathComponent("Fuzz/Targets/liquid-context.json")
        let document = try JSONDocument(
            parsing: try String(contentsOf: file, encoding: .utf8), fileName: "liquid-context.json")
        guard let data = document.root["data"]?.objectValue, let templates = document.root["templates"]?.objectValue
        else { throw LiquidFuzzContextError(message: "liquid-context.json has no 'data' or 'templates' object") }
        var values: [String: LiquidValue] = [:]
        for member in data { values[member.key] = GoldenLiquid.liquidValue(member.value) }
        var snippets: [String: String] = [:]
        for member in templates { snippets[member.key] = member.value.stringValue }
        return (values, snippets)
    }
}

struct LiquidFuzzContextError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
