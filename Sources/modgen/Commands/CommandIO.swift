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

    /// The process's own: its streams, and its current folder and environment as they were at start-up.
    static let standard: CommandIO = {
        let streams = StandardStreams()
        return CommandIO(
            writeOutput: streams.writeOutput,
            writeError: streams.writeError,
            readInput: { () throws(FileReadError) in try TextFile.readStandardInput() },
            outputFailure: { streams.outputFailure },
            workingDirectory: .ofProcess(),
            environment: ProcessEnvironment.current(),
            outputIsTerminal: isatty(STDOUT_FILENO) == 1
        )
    }()
}
