import Foundation
import ModGenLiquid

/// Ruby's liquid 5.4 (Debian's `ruby-liquid`), run as `ruby Spec/ruby-liquid.rb serve`: one process for the whole
/// test run, one JSON line per template. Its answer is the reference the engine is compared with.
final class RubyLiquid: @unchecked Sendable {
    /// What Ruby liquid made of a template: its output, or an error (parse or render).
    enum Answer: Equatable, CustomStringConvertible {
        case output(String)
        case error(String)

        var description: String {
            switch self {
            case .output(let text): return "output \(text.debugDescription)"
            case .error(let message): return "error \(message.debugDescription)"
            }
        }
    }

    /// The running process, or nil where Ruby or its liquid 5.4 is not installed (`.ci/run` installs them).
    static let shared: RubyLiquid? = RubyLiquid()

    static var isAvailable: Bool { shared != nil }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()

    private init?() {
        let script = GoldenLiquid.directory.appendingPathComponent("ruby-liquid.rb").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ruby", script, "serve"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // The engine's `date` works in UTC; Ruby's in the process's zone.
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        process.environment = environment
        do { try process.run() } catch { return nil }
        // A first request proves Ruby and liquid 5.4 are there (the script exits at once otherwise).
        guard case .output("ok") = answer(template: "{{ 'ok' }}", data: [:], templates: [:]) else {
            process.terminate()
            return nil
        }
    }

    deinit { process.terminate() }

    func answer(template: String, data: [String: LiquidValue], templates: [String: String]) -> Answer? {
        let dataText =
            "{"
            + data.sorted { $0.key < $1.key }.map { jsonString($0.key) + ":" + $0.value.jsonText }
            .joined(separator: ",") + "}"
        let templatesText =
            "{"
            + templates.sorted { $0.key < $1.key }.map { jsonString($0.key) + ":" + jsonString($0.value) }
            .joined(separator: ",") + "}"
        let line = Data(
            ("{\"template\":" + jsonString(template) + ",\"data\":" + dataText + ",\"templates\":" + templatesText + "}")
                .utf8)
        lock.lock()
        defer { lock.unlock() }
        input.fileHandleForWriting.write(line + Data([0x0A]))
        guard let reply = readLine(),
            let object = try? JSONSerialization.jsonObject(with: reply) as? [String: Any]
        else { return nil }
        if let text = object["output"] as? String { return .output(text) }
        return .error(object["error"] as? String ?? "")
    }

    private func readLine() -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[(newline + 1)...])
                return Data(line)
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}

extension LiquidValue {
    /// The value as JSON, hash keys in order; Ruby's JSON reads it back as the same Ruby value.
    var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .bigInt(let value): return value.description
        case .float(let value): return "\(value)"
        case .string(let value): return jsonString(value)
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .hash(let hash):
            return "{" + hash.entries.map { jsonString($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        case .range(let low, let high): return jsonString("\(low)..\(high)")
        }
    }
}

func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// The engine's answer in the same terms.
func engineAnswer(template: String, data: [String: LiquidValue], templates: [String: String]) -> RubyLiquid.Answer {
    do {
        let parsed = try LiquidTemplate(source: template, name: "t")
        return .output(try parsed.render(data, fileSystem: LiquidDictionaryFileSystem(templates)))
    } catch {
        return .error(error.message)
    }
}

/// Equal outputs, or both an error (the messages differ: Ruby prints them into the output in lax mode).
func sameAnswer(_ a: RubyLiquid.Answer, _ b: RubyLiquid.Answer) -> Bool {
    switch (a, b) {
    case (.output(let x), .output(let y)): return x == y
    case (.error, .error): return true
    default: return false
    }
}
