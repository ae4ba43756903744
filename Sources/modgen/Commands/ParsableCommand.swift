import ModGenKit

/// A set of options that belong together, read into a value: the options are declared once as `OptionSpec`
/// values, and `init` reads through those same values, never through a name typed again. Groups are shared by
/// the commands that need them (`WriteFlags`, `SessionOptions`, `HeaderOptions`), as swift-argument-parser's
/// `@OptionGroup` is.
protocol OptionGroup: Sendable {
    /// The options, in the order help lists them.
    static var options: [OptionSpec] { get }
    /// Reads the group's options from a parse of a spec that contains them. Throws for a value the parser cannot
    /// judge; contradicting and missing options are declared in the specs and refused by the parser.
    init(_ parsed: ParsedArguments) throws
}

/// A subcommand of modgen, as a type listed in `Modgen.tool` (`commands: [NewCommand.self, …]`), as
/// swift-argument-parser's `ParsableCommand` with `subcommands:`. Parsing, help, `--version` and error reporting
/// come from `CommandLineTool`; a command says what it accepts and what it does.
protocol ParsableCommand: Sendable {
    /// Its name, abstract, discussion, arguments and options: for a command whose options depend on its own
    /// arguments (`new` derives flags from a template), the part that does not.
    static var configuration: CommandSpec { get }

    /// Called with the arguments after the subcommand name, before the strict parse (with no arguments for
    /// `modgen help <name>`): the complete spec and the work to do. `io` gives the folder and environment a
    /// command that reads files to complete its spec (a template's flags) reads them in.
    static func invocation(for arguments: [String], io: CommandIO) throws -> Invocation

    /// Does the work. Returns a non-zero code for outcomes that are not errors (conflicts, differences); throws a
    /// `ModGenError` for errors, which the tool prints with its exit code.
    func run(io: CommandIO) throws -> ExitCode
}

/// A command whose spec is fixed: it is built from the parse alone.
protocol FixedOptionsCommand: ParsableCommand {
    init(_ parsed: ParsedArguments) throws
}

extension FixedOptionsCommand {
    static func invocation(for arguments: [String], io: CommandIO) throws -> Invocation {
        Invocation(spec: configuration) { parsed, io in try Self(parsed).run(io: io) }
    }
}

/// A command ready to run: its complete spec and its work.
struct Invocation: Sendable {
    var spec: CommandSpec
    var run: @Sendable (ParsedArguments, CommandIO) throws -> ExitCode
    /// A better error for an option the spec does not have (spelled as typed, `--rx`), when the command knows why
    /// it is missing: for `new`, it is an option of another template. `nil` keeps the parser's "unknown option".
    var explainUnknownOption: @Sendable (String) -> UsageError? = { _ in nil }
    /// Printed as `modgen: warning: …` before the help or the run: what was wrong but did not stop it (a broken
    /// config under `--help`).
    var warnings: [String] = []
}

extension Invocation {
    /// Whether `arguments` ask for help (`--help` or `-h` before any `--`): then nothing the command would read to
    /// run (a config) may stop the help from showing.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    }
}
