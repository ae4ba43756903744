import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A subcommand of modgen: what it accepts and what it does. Adding one is a value like `Command.render` listed
/// in `Modgen.tool`; parsing, help, `--version` and error reporting come from `CommandLineTool`.
struct Command: Sendable {
    /// Drives parsing and help. For a command whose options depend on its own arguments, the part that does not.
    var spec: CommandSpec
    /// Called with `spec` and the arguments after the subcommand name, before the strict parse (with no arguments
    /// for `modgen help <name>`); returns the complete spec and the work to do. `new` reads `--template` here with
    /// `ArgumentParser.extract`, loads that template once and hands it to the work through the closure, so the
    /// manifest that produced the flags is the one that renders.
    var prepare: @Sendable (CommandSpec, [String]) throws -> Invocation

    init(spec: CommandSpec, prepare: @escaping @Sendable (CommandSpec, [String]) throws -> Invocation) {
        self.spec = spec
        self.prepare = prepare
    }

    /// A command whose spec is fixed.
    init(spec: CommandSpec, run: @escaping @Sendable (ParsedArguments, CommandIO) throws -> ExitCode) {
        self.spec = spec
        self.prepare = { spec, _ in Invocation(spec: spec, run: run) }
    }
}

/// A command ready to run: its complete spec and its work. `run` returns a non-zero code for outcomes that are not
/// errors (conflicts, differences); it throws a `ModGenError` for errors, and the tool prints it and exits with its
/// code.
struct Invocation: Sendable {
    var spec: CommandSpec
    var run: @Sendable (ParsedArguments, CommandIO) throws -> ExitCode
    /// A better error for an option the spec does not have (spelled as typed, `--rx`), when the command knows why
    /// it is missing: for `new`, it is an option of another template. `nil` keeps the parser's "unknown option".
    var explainUnknownOption: @Sendable (String) -> UsageError? = { _ in nil }
}

/// The process's streams, passed to commands rather than used directly so that tests can run the tool in-process.
struct CommandIO: Sendable {
    var writeOutput: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void
    /// All of standard input, for `--data -`; its errors name standard input (exit 66).
    var readInput: @Sendable () throws(FileReadError) -> [UInt8]
    /// The `errno` of the first failed write to standard output, or `nil`: writes do not throw, so that a command
    /// that has done its work (written a module) is not cut short by a lost report; the tool checks this after
    /// the command returns.
    var outputFailure: @Sendable () -> Int32? = { nil }

    static let standard: CommandIO = {
        let streams = StandardStreams()
        return CommandIO(
            writeOutput: streams.writeOutput,
            writeError: streams.writeError,
            readInput: { () throws(FileReadError) in try TextFile.readStandardInput() },
            outputFailure: { streams.outputFailure }
        )
    }()
}
