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

private let contextJSON = """
    {"user":{"name":"Ada","age":36,"active":true,"tags":["a","b"]},\
    "items":[{"name":"b","active":true,"n":2},{"name":"A","active":false,"n":1},{"name":"c","n":null}],\
    "nums":[3,1,2,1],"floats":[1.5,0.1,-2.25],"words":["beta","Alpha","gamma","delta"],"nested":[[1,2],[3,[4]],[]],\
    "s":"Hello, World","es":"","ws":"  a  b \\n c ","n":5,"f":2.5,"neg":-7,"zero":0,"t":true,"no":false,\
    "nothing":null,"html":"<p>a & b</p>","csv":"a,b,,c,","day":"2024-03-05 14:07:09","ts":1700000000,\
    "hash":{"a":1,"b":{"c":"d"}}}
    """

private let snippets: [String: String] = [
    "row": "<{{ row.name | default: row }}>", "loop": "{% include 'loop' %}", "args": "{{ a }}-{{ b }}",
    "counter": "{% increment c %}{{ forloop.index }}",
]

/// The same values as `contextJSON`, as the engine takes them; made afresh for each input (see Fuzz/README.md on
/// LeakSanitizer and enums kept in globals).
private func makeContext() -> [String: LiquidValue] {
    guard case .object(let members) = (try? JSONDocument(parsing: contextJSON, fileName: "context.json"))?.root
    else { fatalError("the fuzz target's context does not parse") }
    var context: [String: LiquidValue] = [:]
    for member in members { context[member.key] = LiquidValue(json: member.value) }
    return context
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
        // The context goes as written, so Ruby's hashes keep the engine's key order.
        guard let strings = try? JSONSerialization.data(withJSONObject: [template]),
            let templates = try? JSONSerialization.data(withJSONObject: snippets, options: .sortedKeys)
        else { return nil }
        var line = Array("{\"template\":".utf8) + Array(strings.dropFirst().dropLast())
        line += Array(",\"data\":\(contextJSON),\"templates\":".utf8) + Array(templates) + Array("}\n".utf8)
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
        ours = .output(
            try template.render(makeContext(), fileSystem: LiquidDictionaryFileSystem(snippets), limits: limits))
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
