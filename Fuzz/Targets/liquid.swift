import Foundation

@testable import ModGenKit

#if canImport(Glibc)
    import Glibc
#endif

// Differential: parses the input as a Liquid template, renders it with a small fixed context and snippets, and asks
// Ruby's liquid 5.4 (Debian's ruby-liquid, through Tests/ModGenLiquidTests/Spec/ruby-liquid.rb) the same. A different
// answer — other output, or an error on one side only — is a finding, and so is a crash or a hang of the engine.
// Where Ruby's liquid is not installed, only the engine runs (a note says so once).
//
// Not compared: renders the engine stopped at its limits (Ruby has none, and would take as long as the template
// asks), and templates that read the clock (`now`, `today`).

private let limits = LiquidLimits(maximumOutputBytes: 1 << 20, maximumSteps: 100_000, maximumIncludeDepth: 16)

/// The fixed context and snippets, `{"data": …, "templates": …}`: the file `ModGenLiquidTests` replays the
/// committed findings with, so that `swift test` renders them as this target does. Read once, as bytes (a plain
/// array in a global is no leak to LeakSanitizer); run from the repository's root, as `run.sh` does.
private let contextFile: [UInt8] = {
    let path = FileManager.default.currentDirectoryPath + "/Fuzz/Targets/liquid-context.json"
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    return Array(data)
}()

/// The context's values and snippets as the engine takes them; made afresh for each input (see Fuzz/README.md on
/// LeakSanitizer and enums kept in globals).
private func makeContext() -> (data: [String: LiquidValue], snippets: [String: String]) {
    guard
        let root = (try? JSONDocument(parsing: String(decoding: contextFile, as: UTF8.self), fileName: "context"))?
            .root,
        let data = root["data"]?.objectValue, let templates = root["templates"]?.objectValue
    else { fatalError("the fuzz target's context does not parse") }
    var context: [String: LiquidValue] = [:]
    for member in data { context[member.key] = LiquidValue(json: member.value) }
    var snippets: [String: String] = [:]
    for member in templates { snippets[member.key] = member.value.stringValue }
    return (context, snippets)
}

/// `ruby ruby-liquid.rb serve`, started on the first input, spoken to through two pipes. Plain descriptors in a
/// global, no Foundation `Process`: LeakSanitizer cannot follow what that keeps inside Swift enums.
private enum RubyLiquid {
    enum Answer: Equatable {
        case output(String)
        case error
    }

    /// -1 until started; -2 when Ruby's liquid is not there.
    nonisolated(unsafe) static var toRuby: Int32 = -1
    nonisolated(unsafe) static var fromRuby: Int32 = -1
    nonisolated(unsafe) static var pending: [UInt8] = []

    static func start() -> Bool {
        if toRuby >= 0 { return true }
        if toRuby == -2 { return false }
        let script = FileManager.default.currentDirectoryPath + "/Tests/ModGenLiquidTests/Spec/ruby-liquid.rb"
        var requests: [Int32] = [0, 0]
        var replies: [Int32] = [0, 0]
        guard pipe(&requests) == 0, pipe(&replies) == 0 else { return fail() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, requests[0], 0)
        posix_spawn_file_actions_adddup2(&actions, replies[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for descriptor in requests + replies { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let words: [String] = ["ruby", script, "serve"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        // The engine's `date` works in UTC; Ruby's in the process's zone, so it is told UTC.
        let settings = ProcessInfo.processInfo.environment.filter { $0.key != "TZ" }.map { "\($0.key)=\($0.value)" }
        let environment: [UnsafeMutablePointer<CChar>?] = (settings + ["TZ=UTC"]).map { strdup($0) } + [nil]
        defer { (arguments + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, "ruby", &actions, nil, arguments, environment)
        posix_spawn_file_actions_destroy(&actions)
        close(requests[0])
        close(replies[1])
        guard status == 0 else { return fail() }
        toRuby = requests[1]
        fromRuby = replies[0]
        guard ask("{{ 'ok' }}") == .some(.output("ok")) else { return fail() }
        return true
    }

    private static func fail() -> Bool {
        toRuby = -2
        FileHandle.standardError.write(Data("liquid: Ruby's liquid 5.4 is not installed; only the engine runs\n".utf8))
        return false
    }

    static func ask(_ template: String) -> Answer? {
        // The context goes as written, so Ruby's hashes keep the engine's key order: the file's object with the
        // template added first, on one line (a JSON text holds line breaks only between tokens).
        guard let string = try? JSONSerialization.data(withJSONObject: [template]),
            let brace = contextFile.firstIndex(of: UInt8(ascii: "{"))
        else { return nil }
        var line = Array("{\"template\":".utf8) + Array(string.dropFirst().dropLast()) + [UInt8(ascii: ",")]
        line += contextFile[(brace + 1)...].map { $0 == 0x0A || $0 == 0x0D ? UInt8(ascii: " ") : $0 }
        line.append(0x0A)
        var written = 0
        while written < line.count {
            let count = line[written...].withUnsafeBytes { write(toRuby, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            written += count
        }
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let reply = Data(pending[..<newline])
                pending.removeFirst(newline + 1)
                guard let object = try? JSONSerialization.jsonObject(with: reply) as? [String: Any] else { return nil }
                if let text = object["output"] as? String { return .output(text) }
                return .error
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fromRuby, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            pending += chunk[..<count]
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let text = FuzzInput.text(start, count) else { return 0 }
    let ours: RubyLiquid.Answer
    do {
        let template = try LiquidTemplate(source: text, name: "fuzz.liquid")
        let context = makeContext()
        ours = .output(
            try template.render(
                context.data, fileSystem: LiquidDictionaryFileSystem(context.snippets), limits: limits))
    } catch {
        // A limit reached is the engine's own answer; Ruby would run on.
        if error.message.contains("(the limit)") || error.message == "Nesting too deep" { return 0 }
        ours = .error
    }
    let lowered = text.lowercased()
    if lowered.contains("now") || lowered.contains("today") { return 0 }
    guard RubyLiquid.start() else { return 0 }
    guard let theirs = RubyLiquid.ask(text) else { fatalError("Ruby's liquid stopped answering") }
    if theirs != ours {
        fatalError("the engine and Ruby's liquid 5.4 differ: modgen \(ours), Ruby \(theirs)")
    }
    return 0
}
