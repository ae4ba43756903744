import Foundation
import ModGenKit
import Testing

@testable import modgen

/// Standard output and error captured from an in-process run, and standard input fed to it.
final class CapturedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private let input: [UInt8]
    private let workingDirectory: WorkingDirectory
    private let environment: [String: String]
    private var output = ""
    private var error = ""

    /// A run in `directory` (the test process's current folder when `nil`) with `environment` as its whole
    /// environment.
    init(input: String = "", in directory: URL? = nil, environment: [String: String] = [:]) {
        self.input = Array(input.utf8)
        workingDirectory = directory.map(WorkingDirectory.init(asAProcessSees:)) ?? .ofProcess()
        self.environment = environment
    }

    var io: CommandIO {
        CommandIO(
            writeOutput: { text in self.lock.withLock { self.output += text } },
            writeError: { text in self.lock.withLock { self.error += text } },
            readInput: { self.input },
            workingDirectory: workingDirectory,
            environment: environment
        )
    }

    var standardOutput: String { lock.withLock { output } }
    var standardError: String { lock.withLock { error } }
}

extension WorkingDirectory {
    /// `directory` as a process started in it would see it: `getcwd` gives the real path, symbolic links resolved.
    init(asAProcessSees directory: URL) {
        guard let real = realpath(directory.path, nil) else {
            self.init(path: directory.standardizedFileURL.path)
            return
        }
        defer { free(real) }
        self.init(path: String(cString: real))
    }
}

/// Runs `modgen arguments…` in this process, through `CommandIO` instead of the process's streams: as fast as a
/// function call, and in parallel with other tests. Relative paths resolve against `directory` (the test process's
/// current folder when `nil`), and `environment` is the run's whole environment. A test about exit codes as the
/// shell sees them, signals, a real standard input or concurrent processes runs the binary (`ModgenProcess`).
///
/// With a `timeout`, the run goes on a thread of its own, and a run still going after it is abandoned there
/// (`timedOut`), so that a run that hangs fails its test instead of stalling the whole suite.
func execute(
    _ arguments: [String], input: String = "", in directory: URL? = nil, environment: [String: String] = [:],
    timeout: Duration? = nil
) -> ProcessResult {
    let streams = CapturedStreams(input: input, in: directory, environment: environment)
    let status = OneShot<Int32>()
    if let timeout {
        Thread.detachNewThread { status.set(Modgen.tool.run(arguments, io: streams.io)) }
        guard let code = status.wait(timeout: timeout) else {
            return ProcessResult(
                status: -1, standardOutput: streams.standardOutput, standardError: streams.standardError,
                timedOut: true)
        }
        return ProcessResult(status: code, standardOutput: streams.standardOutput, standardError: streams.standardError)
    }
    let code = Modgen.tool.run(arguments, io: streams.io)
    return ProcessResult(status: code, standardOutput: streams.standardOutput, standardError: streams.standardError)
}

/// A value set once by one thread and awaited by another.
private final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ newValue: Value) {
        condition.withLock {
            value = newValue
            condition.broadcast()
        }
    }

    /// The value, or `nil` if it was not set within `timeout`.
    func wait(timeout: Duration) -> Value? {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while value == nil, condition.wait(until: deadline) {}
            return value
        }
    }
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

/// The lines of `standardError` other than notes (`modgen: note: …`, e.g. that the module's support files are not
/// found): what a run that should succeed quietly must not print.
func linesOtherThanNotes(in standardError: String) -> [String] {
    standardError.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("modgen: note: ") }
}
