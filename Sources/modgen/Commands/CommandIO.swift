import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's streams, current folder and environment, passed to commands rather than used directly so that
/// tests can run the tool in-process: many runs at once, each in its own folder with its own environment. No
/// command reads the process's current folder or environment itself.
struct CommandIO: Sendable {
    var writeOutput: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void
    /// All of standard input, for `--data -`; its errors name standard input (exit 66).
    var readInput: @Sendable () throws(FileReadError) -> [UInt8]
    /// The `errno` of the first failed write to standard output, or `nil`: writes do not throw, so that a command
    /// that has done its work (written a module) is not cut short by a lost report; the tool checks this after
    /// the command returns.
    var outputFailure: @Sendable () -> Int32? = { nil }
    /// The folder relative paths are taken from.
    var workingDirectory: WorkingDirectory
    /// The environment: `NO_COLOR` and `TERM` for `--color auto`, `SOURCE_DATE_EPOCH`, and the base of an
    /// after-generate hook's environment. Tests pass their own.
    var environment: [String: String]
    /// Whether standard output is a terminal (`isatty`), for `--color auto`.
    var outputIsTerminal = false
    /// Keeps what a command built (its template, its rendered files) until the process exits. The binary runs one
    /// command and exits, and freeing those objects one by one just before the process ends costs a `new` some 5%
    /// of its instructions for nothing. The tests' `CommandIO` keeps nothing, so their objects are freed as usual.
    var keepUntilExit: @Sendable (Any) -> Void = { _ in }

    /// The process's own: its streams, and its current folder and environment as they were at start-up.
    static let standard: CommandIO = {
        let streams = StandardStreams()
        let kept = KeptUntilExit()
        return CommandIO(
            writeOutput: streams.writeOutput,
            writeError: streams.writeError,
            readInput: { () throws(FileReadError) in try TextFile.readStandardInput() },
            outputFailure: { streams.outputFailure },
            workingDirectory: .ofProcess(),
            environment: ProcessEnvironment.current(),
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            keepUntilExit: kept.keep
        )
    }()
}

/// What the process's commands built, held until it exits (`CommandIO.keepUntilExit`): `exit` ends the process
/// without freeing them.
private final class KeptUntilExit: @unchecked Sendable {
    private let lock = Lock()
    private var objects: [Any] = []  // guarded by `lock`

    @Sendable func keep(_ object: Any) {
        lock.lock()
        objects.append(object)
        lock.unlock()
    }
}
