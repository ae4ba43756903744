import Foundation
import ModGenKit
import Testing

@testable import modgen

private struct BadData: ModGenError, ReportedError {
    var message: String { "data.json:2:3: bad" }
    var exitCode: ExitCode { .dataError }
}

/// A library error quoting a value as typed, with a line break and a terminal escape in it.
private struct QuotesItsValue: ModGenError, ReportedError {
    var message: String { "bad name 'Ho\nme\u{1B}[31m\u{9B}'" }
    var exitCode: ExitCode { .usage }
}

private struct NotAModGenError: Error, CustomStringConvertible {
    var description: String { "disk on fire" }
}

private struct Echo: FixedOptionsCommand {
    static let word = ArgumentSpec(name: "word", help: "")
    static let shout = OptionSpec.flag("shout", help: "")
    static let configuration = CommandSpec(name: "echo", abstract: "Print a word.", arguments: [word], options: [shout])

    var word: String
    var shout: Bool

    init(_ parsed: ParsedArguments) throws {
        word = try parsed.required(Self.word)
        shout = parsed.isSet(Self.shout)
    }

    func run(io: CommandIO) -> ExitCode {
        io.writeOutput(shout ? word.uppercased() : word)
        return .success
    }
}

/// A command whose `--extra` flag exists only with `--kind big`, as `new` derives flags from a template.
private struct Dynamic: ParsableCommand {
    static let kind = OptionSpec.value("kind", help: "")
    static let extra = OptionSpec.flag("extra", help: "Only for big.")
    static let configuration = CommandSpec(name: "dynamic", abstract: "Options depend on --kind.", options: [kind])

    var extra: Bool

    static func invocation(for arguments: [String], io: CommandIO) -> Invocation {
        var spec = configuration
        if ArgumentParser.extract(spec.options, from: arguments).value(kind) == "big" { spec.options.append(extra) }
        return Invocation(spec: spec) { parsed, io in Dynamic(extra: parsed.isSet(extra)).run(io: io) }
    }

    func run(io: CommandIO) -> ExitCode {
        io.writeOutput("extra=\(extra)")
        return .success
    }
}

/// A command that knows `--rx` belongs to something else, as `new` knows another template's options.
private struct Explained: ParsableCommand {
    static let configuration = CommandSpec(name: "explained", abstract: "", options: [.flag("quiet", help: "")])

    static func invocation(for arguments: [String], io: CommandIO) -> Invocation {
        Invocation(
            spec: configuration, run: { _, _ in .success },
            explainUnknownOption: { spelling in
                spelling == "--rx"
                    ? .notATemplateOption(spelling: spelling, template: "plain", options: ["--quiet"]) : nil
            })
    }

    func run(io: CommandIO) -> ExitCode { .success }
}

/// A command that ends with `outcome`: it throws it, or returns it as its exit code.
private protocol Ending: FixedOptionsCommand {
    static var name: String { get }
    init()
    func end() throws -> ExitCode
}

extension Ending {
    static var configuration: CommandSpec { CommandSpec(name: name, abstract: "") }
    init(_ parsed: ParsedArguments) { self.init() }
    func run(io: CommandIO) throws -> ExitCode { try end() }
}

private struct Fail: Ending {
    static let name = "fail"
    func end() throws -> ExitCode { throw BadData() }
}

private struct Crash: Ending {
    static let name = "crash"
    func end() throws -> ExitCode { throw NotAModGenError() }
}

private struct BadValue: Ending {
    static let name = "badvalue"
    func end() throws -> ExitCode { throw QuotesItsValue() }
}

private struct Differ: Ending {
    static let name = "differ"
    func end() -> ExitCode { .differences }
}

private let tool = CommandLineTool(
    spec: CommandSpec(name: "modgen", abstract: "Test tool."),
    version: "1.2.3",
    commands: [
        Echo.self, Dynamic.self, Fail.self, Crash.self, BadValue.self, Differ.self, Explained.self,
    ]
)

private func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
    let streams = CapturedStreams()
    let status = tool.run(arguments, io: streams.io)
    return (status, streams.standardOutput, streams.standardError)
}

@Suite struct CommandLineToolTests {
    private let formatter = HelpFormatter(toolName: "modgen", hasVersion: true)

    @Test(arguments: [[], ["--help"], ["-h"], ["help"]])
    func rootHelp(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 0)
        #expect(result.output == tool.rootHelp)
        #expect(result.output.hasPrefix("OVERVIEW: Test tool.\n\nUSAGE: modgen <subcommand>\n"))
        #expect(result.output.contains("\n  echo                    Print a word.\n"))
        #expect(result.error.isEmpty)
    }

    @Test(arguments: [["help", "echo"], ["echo", "--help"], ["echo", "-h"], ["echo", "--bogus", "--help"]])
    func commandHelp(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 0)
        #expect(result.output == formatter.help(for: Echo.configuration))
        #expect(result.error.isEmpty)
    }

    @Test(arguments: [["--version"], ["echo", "--version"]])
    func version(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 0)
        #expect(result.output == "1.2.3\n")
    }

    @Test func runsTheCommandWithParsedArguments() {
        #expect(run(["echo", "hi", "--shout"]).output == "HI")
        #expect(run(["echo", "--", "--shout"]).output == "--shout")
    }

    @Test func unknownSubcommand() {
        let result = run(["ecko", "hi"])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(
            result.error == """
                modgen: error: unknown subcommand 'ecko'. Did you mean 'echo'?
                Usage: modgen <subcommand>
                  See 'modgen --help' for more information.

                """)
    }

    @Test func unknownSubcommandAfterHelp() {
        let result = run(["help", "nope"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("modgen: error: unknown subcommand 'nope'\nUsage: modgen <subcommand>\n"))
    }

    @Test func unknownOptionBeforeTheSubcommand() {
        let result = run(["--verison"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("modgen: error: unknown option '--verison'. Did you mean '--version'?\n"))
    }

    @Test func usageErrorShowsTheCommandsUsage() {
        let result = run(["echo"])
        #expect(result.status == 64)
        #expect(
            result.error == """
                modgen: error: missing expected argument '<word>'
                Usage: modgen echo <word> [--shout]
                  See 'modgen echo --help' for more information.

                """)
    }

    @Test func libraryErrorPrintsItsMessageAndExitCodeWithoutUsage() {
        let result = run(["fail"])
        #expect(result.status == 65)
        #expect(result.error == "modgen: error: data.json:2:3: bad\n")
        #expect(result.output.isEmpty)
    }

    @Test func unexpectedErrorIsReportedNotCrashed() {
        let result = run(["crash"])
        #expect(result.status == 74)
        #expect(result.error == "modgen: error: disk on fire\n")
    }

    @Test func controlCharactersInAMessageAreEscapedSoItStaysOneLine() {
        let result = run(["badvalue"])
        #expect(result.status == 64)
        let lines = result.error.split(separator: "\n")
        #expect(lines.first == #"modgen: error: bad name 'Ho\nme\u{1B}[31m\u{9B}'"#)
        #expect(lines.count == 3)  // the message, the usage line and the help hint
    }

    /// Runs `arguments` with a standard output whose writes failed with `errorNumber`.
    private func runWithFailedOutput(_ arguments: [String], errorNumber: Int32) -> (status: Int32, error: String) {
        let streams = CapturedStreams()
        var io = streams.io
        io.outputFailure = { errorNumber }
        return (tool.run(arguments, io: io), streams.standardError)
    }

    @Test func aFailedWriteToStandardOutputIsAnIOError() {
        let result = runWithFailedOutput(["echo", "hi"], errorNumber: ENOSPC)
        #expect(result.status == 74)
        #expect(
            result.error
                == "modgen: error: cannot write to standard output: no space left on device (the command ran to its "
                + "end; only what it printed was lost)\n")
    }

    @Test func aClosedPipeOnStandardOutputEndsQuietlyWithTheCommandsCode() {
        #expect(runWithFailedOutput(["echo", "hi"], errorNumber: EPIPE) == (0, ""))
        #expect(runWithFailedOutput(["differ"], errorNumber: EPIPE) == (1, ""))
    }

    @Test func aCommandsOwnErrorWinsOverALostOutput() {
        let result = runWithFailedOutput(["fail"], errorNumber: ENOSPC)
        #expect(result == (65, "modgen: error: data.json:2:3: bad\n"))
    }

    @Test func commandMayReturnANonZeroCodeWithoutAnError() {
        let result = run(["differ"])
        #expect(result.status == 1)
        #expect(result.error.isEmpty)
    }

    @Test func specCompletedFromTheArguments() {
        #expect(run(["dynamic", "--kind", "big", "--extra"]).output == "extra=true")
        let refused = run(["dynamic", "--kind", "small", "--extra"])
        #expect(refused.status == 64)
        #expect(refused.error.hasPrefix("modgen: error: unknown option '--extra'\n"))
        #expect(run(["dynamic", "--kind=big", "--help"]).output.contains("  --extra                 Only for big.\n"))
        #expect(!run(["help", "dynamic"]).output.contains("--extra"))
        // `help <command> <arguments>` hands the arguments to the command, as `<command> <arguments> --help` does.
        #expect(
            run(["help", "dynamic", "--kind", "big"]).output == run(["dynamic", "--kind", "big", "--help"]).output)
        #expect(run(["help", "dynamic", "--kind", "big"]).output.contains("  --extra                 Only for big.\n"))
        #expect(run(["help", "echo", "extra", "words"]).output == formatter.help(for: Echo.configuration))
    }

    @Test func aCommandMayExplainAnUnknownOption() {
        let explained = run(["explained", "--rx"])
        #expect(explained.status == 64)
        #expect(
            explained.error == """
                modgen: error: '--rx' is not an option of template 'plain' (its options: --quiet)
                Usage: modgen explained [--quiet]
                  See 'modgen explained --help' for more information.

                """)
        // An option it cannot explain keeps the parser's message and suggestion.
        let typo = run(["explained", "--quite"])
        #expect(typo.error.hasPrefix("modgen: error: unknown option '--quite'. Did you mean '--quiet'?\n"))
        #expect(run(["explained", "--quiet"]).status == 0)
        #expect(
            UsageError.notATemplateOption(spelling: "--rx", template: "bare", options: []).message
                == "'--rx' is not an option of template 'bare' (it has no options)")
    }

    @Test func realToolVersionAndSpecs() {
        let streams = CapturedStreams()
        #expect(Modgen.tool.run(["--version"], io: streams.io) == 0)
        #expect(streams.standardOutput == Modgen.version + "\n")
        for command in Modgen.tool.commands {
            // No spelling twice, and none of the built-in ones, which every command has.
            let spellings = command.configuration.options.flatMap(\.spelledNames) + ["--help", "-h", "--version"]
            #expect(Set(spellings).count == spellings.count, "\(command.configuration.name)")
        }
    }
}
