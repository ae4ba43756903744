import Foundation
import ModGenKit

/// ModGenLiquid against Ruby's liquid 5.4 (Debian's `ruby-liquid`, what Generamba runs) on golden-liquid's
/// templates. golden-liquid has no benchmark set of its own, so the set is the suite's cases that render (not the
/// ones either engine refuses, not the ones reading the clock): each is parsed once, then all of them are rendered
/// `passes` times per round, in-process, with the same data and included templates. Both sides report CPU time
/// (`CLOCK_PROCESS_CPUTIME_ID`), median of the rounds; the Ruby side is `Benchmarks/liquid-ruby.rb`, run here when
/// `ruby` with liquid 5.4 is installed.
///
///     swift run -c release Benchmarks liquid
func benchmarkLiquidAgainstRuby() throws {
    let name = "liquid render, golden-liquid templates"
    if let benchmarkFilter, !name.contains(benchmarkFilter) { return }
    let rounds = roundsOverride ?? 7
    let passes = iterationsOverride ?? 20
    let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/ModGenLiquidTests/Spec")
    let cases = try LiquidBenchmarkCase.load(from: spec)

    func renderPass() throws -> Int {
        var bytes = 0
        for item in cases {
            bytes += try item.template.render(item.data, fileSystem: item.fileSystem).utf8.count
        }
        return bytes
    }
    let bytesPerPass = try renderPass()
    var ours: [Double] = []
    for _ in 0..<rounds {
        let start = processCPUSeconds()
        for _ in 0..<passes { blackHole(try renderPass()) }
        ours.append(processCPUSeconds() - start)
    }
    let renders = Double(cases.count * passes)
    print("\(name): \(cases.count) templates parsed once, each rendered \(passes) times a round, \(rounds) rounds")
    print(liquidBenchmarkLine("modgen (ModGenLiquid)", ours, renders: renders, bytes: bytesPerPass))

    guard let theirs = try rubyLiquidRounds(spec: spec, names: cases.map(\.name), rounds: rounds, passes: passes)
    else { return }
    print(liquidBenchmarkLine("Ruby liquid \(theirs.version)", theirs.seconds, renders: renders, bytes: theirs.bytes))
    if theirs.bytes != bytesPerPass {
        print(
            "  note: Ruby rendered \(theirs.bytes) bytes a pass, modgen \(bytesPerPass) (increment counters grow in Ruby's data)"
        )
    }
    print(
        String(
            format: "  modgen renders %.1f× as fast as Ruby liquid (CPU time, medians)",
            median(theirs.seconds) / median(ours)))
}

/// One golden-liquid case, parsed, with its data and included templates.
struct LiquidBenchmarkCase {
    let name: String
    let template: LiquidTemplate
    let data: [String: LiquidValue]
    let fileSystem: LiquidDictionaryFileSystem

    /// The cases that render in Ruby liquid 5.4: not `invalid` in the suite nor in 5.4's recorded answers
    /// (`ruby-liquid-5.4-differences.json`), and not reading the clock.
    static func load(from spec: URL) throws -> [LiquidBenchmarkCase] {
        func document(_ file: String) throws -> JSONDocument {
            try JSONDocument(
                parsing: String(contentsOf: spec.appendingPathComponent(file), encoding: .utf8), fileName: file)
        }
        var invalidIn54: Set<String> = []
        for difference in try document("ruby-liquid-5.4-differences.json").root["differences"]?.arrayValue ?? []
        where difference["invalid"]?.boolValue == true {
            if let name = difference["name"]?.stringValue { invalidIn54.insert(name) }
        }
        var cases: [LiquidBenchmarkCase] = []
        for test in try document("golden_liquid.json").root["tests"]?.arrayValue ?? [] {
            guard let name = test["name"]?.stringValue, let source = test["template"]?.stringValue,
                test["invalid"]?.boolValue != true, !invalidIn54.contains(name),
                !source.contains("now"), !source.contains("today")
            else { continue }
            var data: [String: LiquidValue] = [:]
            for member in test["data"]?.objectValue ?? [] { data[member.key] = liquidValue(member.value) }
            var templates: [String: String] = [:]
            for member in test["templates"]?.objectValue ?? [] { templates[member.key] = member.value.stringValue }
            let item = LiquidBenchmarkCase(
                name: name, template: try LiquidTemplate(source: source, name: "template.liquid"), data: data,
                fileSystem: LiquidDictionaryFileSystem(templates))
            // A case whose answer 5.4 made valid but the engine refuses would measure an error path: say so.
            _ = try item.template.render(item.data, fileSystem: item.fileSystem)
            cases.append(item)
        }
        return cases
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
}

/// Runs `liquid-ruby.rb` on the same cases; `nil` (with a line saying why) where Ruby's liquid 5.4 is not here.
private func rubyLiquidRounds(spec: URL, names: [String], rounds: Int, passes: Int) throws
    -> (version: String, bytes: Int, seconds: [Double])?
{
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("liquid-ruby.rb")
    let namesFile = FileManager.default.temporaryDirectory.appendingPathComponent("modgen-liquid-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: namesFile) }
    try Data((names.joined(separator: "\n") + "\n").utf8).write(to: namesFile)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ruby", script.path, spec.appendingPathComponent("golden_liquid.json").path, namesFile.path, String(rounds),
        String(passes),
    ]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch {
        print("  Ruby liquid: not measured (ruby cannot be started: \(error))")
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let answer = try? JSONDocument(parsing: String(decoding: data, as: UTF8.self), fileName: "liquid-ruby.rb"),
        let seconds = answer.root["round_seconds"]?.arrayValue
    else {
        print("  Ruby liquid: not measured (liquid-ruby.rb failed; is Debian's ruby-liquid 5.4 installed?)")
        return nil
    }
    let values = seconds.compactMap { value -> Double? in
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: return nil
        }
    }
    var bytes = 0
    if case .integer(let count) = answer.root["bytes_per_pass"] { bytes = count }
    return (answer.root["liquid"]?.stringValue ?? "?", bytes, values)
}

private func liquidBenchmarkLine(_ who: String, _ seconds: [Double], renders: Double, bytes: Int) -> String {
    let rounds = seconds.map { String(format: "%.3f", $0) }.joined(separator: ", ")
    let figures = String(
        format: "median round %.3f s CPU, %.1f µs a render", median(seconds), median(seconds) / renders * 1e6)
    return "  \(who): \(figures) (\(bytes) bytes a pass); rounds (s): \(rounds)"
}
