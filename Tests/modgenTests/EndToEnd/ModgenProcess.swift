import Foundation
import TestSupport
import Testing

/// What a run of modgen produced: in process (`execute`, `TemporaryFolder.run`) or of the built binary
/// (`ModgenProcess.run`).
struct ProcessResult: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// Whether the run was killed for taking longer than the timeout it was given.
    var timedOut = false
}

/// Runs the `modgen` executable that `swift build`/`swift test` put next to the test bundle, in a folder of the
/// test's choosing, so that no test depends on the test process's own working directory. Only for what an
/// in-process run cannot show: exit codes as a shell sees them, a real standard input, signals, concurrent
/// processes, closed descriptors, a full disk. Everything else runs in process (`TemporaryFolder.run`), which is
/// much faster.
enum ModgenProcess {
    /// The `modgen` the build put beside the tests: `MODGEN_EXECUTABLE` when set (another build folder), else in
    /// the products folder. On Linux the tests are an executable file in that folder, so it is `Bundle.main`'s; on
    /// macOS `Bundle.main` is the toolchain's runner (`xctest`, `swiftpm-testing-helper`) and the tests are a
    /// `.xctest` bundle in the products folder, which `Bundle(for:)` finds. The package's own `.build/debug` (from
    /// this file's path) is the last resort.
    static let executableURL: URL? = {
        if let override = ProcessInfo.processInfo.environment["MODGEN_EXECUTABLE"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let testBundle = Bundle(for: BundleMarker.self).bundleURL
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folders = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            testBundle.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug"),
        ]
        return folders.map { $0.appendingPathComponent("modgen") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// A class of the test bundle, for `Bundle(for:)`.
    private final class BundleMarker {}

    /// Runs `modgen arguments…` in `directory`, feeding `input` on standard input (an empty stream when `nil`),
    /// with `environment` as the whole environment (the test process's own when `nil`).
    ///
    /// The streams go through files rather than pipes, so a large output can never fill a pipe and stall the run.
    /// With a `timeout`, a run still going after it is killed (`timedOut`), so a run that hangs fails its test
    /// instead of stalling the whole suite.
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String]? = nil, in directory: URL,
        timeout: Duration? = nil
    ) throws -> ProcessResult {
        guard let executableURL else {
            let searched = Bundle.main.bundleURL.path
            Issue.record("modgen was not found beside \(searched) or the tests' bundle: set MODGEN_EXECUTABLE")
            return ProcessResult(status: -1, standardOutput: "", standardError: "")
        }
        let streams = FileManager.default.temporaryDirectory
            .appendingPathComponent("modgen-streams-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: streams, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: streams) }
        let inputURL = streams.appendingPathComponent("stdin")
        let outputURL = streams.appendingPathComponent("stdout")
        let errorURL = streams.appendingPathComponent("stderr")
        try Data((input ?? "").utf8).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        process.executableURL = executableURL
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var timedOut = false
        if let timeout {
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
            if exited.wait(timeout: .now() + seconds) == .timedOut {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8), timedOut: timedOut)
    }
}

extension TemporaryFolder {
    /// Runs `modgen arguments…` in process, in this folder, as the binary would run here: relative paths resolve
    /// against the folder, `input` is standard input (empty when `nil`), `environment` the whole environment (the
    /// test process's own when `nil`). It throws nothing, but keeps the signature of `runProcess`, so a test moves
    /// between the two by its name alone.
    func run(
        _ arguments: [String], input: String? = nil, environment: [String: String]? = nil
    ) throws -> ProcessResult {
        execute(
            arguments, input: input ?? "", in: url, environment: environment ?? ProcessInfo.processInfo.environment)
    }

    /// Runs the built binary in this folder (`ModgenProcess.run`): for what only a real process shows.
    func runProcess(
        _ arguments: [String], input: String? = nil, environment: [String: String]? = nil
    ) throws -> ProcessResult {
        try ModgenProcess.run(arguments, input: input, environment: environment, in: url)
    }
}
