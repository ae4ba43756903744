import Foundation
import ModGenKit
import Testing

@testable import modgen

/// Standard output and error captured from an in-process run, and standard input fed to it.
final class CapturedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private let input: [UInt8]
    private var output = ""
    private var error = ""

    init(input: String = "") {
        self.input = Array(input.utf8)
    }

    var io: CommandIO {
        CommandIO(
            writeOutput: { text in self.lock.withLock { self.output += text } },
            writeError: { text in self.lock.withLock { self.error += text } },
            readInput: { self.input }
        )
    }

    var standardOutput: String { lock.withLock { output } }
    var standardError: String { lock.withLock { error } }
}

/// Runs `modgen arguments…` in this process, through `CommandIO` instead of the process's streams: as fast as a
/// function call, and in parallel with other tests. Relative paths resolve against the test process's current
/// folder, so in-process tests pass absolute ones (`folder.path("out")`) and `--config`; a test about the current
/// folder, exit codes as the shell sees them, signals or a real standard input runs the binary (`ModgenProcess`).
func execute(_ arguments: [String], input: String = "") -> ProcessResult {
    let streams = CapturedStreams(input: input)
    let status = Modgen.tool.run(arguments, io: streams.io)
    return ProcessResult(status: status, standardOutput: streams.standardOutput, standardError: streams.standardError)
}

/// Runs `modgen arguments…` in process and checks its exit code, and its standard output and error when given
/// (exactly), as swift-argument-parser's `AssertExecuteCommand` does:
///
///     assertExecute(["new", "Home", "--dry-run", "-o", out], expecting: "create …\n")
///
/// Returns the run, for further checks of the files it wrote.
@discardableResult
func assertExecute(
    _ arguments: [String], input: String = "", expecting output: String? = nil, error: String? = nil,
    exitCode: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
) -> ProcessResult {
    let result = execute(arguments, input: input)
    #expect(result.status == exitCode, "modgen \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
    if let output {
        #expect(result.standardOutput == output, sourceLocation: sourceLocation)
    }
    if let error {
        #expect(result.standardError == error, sourceLocation: sourceLocation)
    }
    return result
}
