import Foundation
import ModGenKit

/// A subcommand of modgen: what it accepts and what it does. Adding one is a value like `Command.render` listed
/// in `Modgen.tool`; parsing, help, `--version` and error reporting come from `CommandLineTool`.
struct Command: Sendable {
    /// Drives parsing and help. For a command whose options depend on its own arguments, the part that does not.
    var spec: CommandSpec
    /// Completes `spec` from the arguments after the subcommand name, before the strict parse; `nil` when the
    /// spec is fixed. `new` uses it to read `--template` with `ArgumentParser.extract` and add the manifest's
    /// flags. Also called with no arguments for `modgen help <name>`.
    var completeSpec: (@Sendable (CommandSpec, [String]) throws -> CommandSpec)?
    /// Does the work. Return a non-zero code for outcomes that are not errors (conflicts, differences); throw a
    /// `ModGenError` for errors, and the tool prints it and exits with its code.
    var run: @Sendable (ParsedArguments, CommandIO) throws -> ExitCode

    init(
        spec: CommandSpec,
        completeSpec: (@Sendable (CommandSpec, [String]) throws -> CommandSpec)? = nil,
        run: @escaping @Sendable (ParsedArguments, CommandIO) throws -> ExitCode
    ) {
        self.spec = spec
        self.completeSpec = completeSpec
        self.run = run
    }
}

/// The process's streams, passed to commands rather than used directly so that tests can run the tool in-process.
struct CommandIO: Sendable {
    var writeOutput: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void
    var readInput: @Sendable () -> Data

    static let standard = CommandIO(
        writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) },
        readInput: { FileHandle.standardInput.readDataToEndOfFile() }
    )
}
