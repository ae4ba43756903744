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

/// Picks the subcommand, answers `help`, `--help` and `--version`, and turns every error into its message and
/// exit code. The one place where errors become output: `modgen: error: <message>` on standard error, plus the
/// usage hint for usage errors (exit code 64).
struct CommandLineTool: Sendable {
    /// The tool itself: its name, abstract and discussion; its options are the built-in ones.
    var spec: CommandSpec
    var version: String
    /// The subcommands, as types: `[NewCommand.self, SupportCommand.self, …]`.
    var commands: [any ParsableCommand.Type]

    /// `modgen help <subcommand>`: a command of the tool itself, as in swift-argument-parser.
    static let helpCommandName = "help"

    private var formatter: HelpFormatter { HelpFormatter(toolName: spec.name, hasVersion: true) }

    /// Runs the command line (without the program name) and returns the process exit code.
    func run(_ arguments: [String], io: CommandIO) -> Int32 {
        // The spec being parsed when an error happens, so a usage error can show that command's usage.
        var current: CommandSpec?
        let code: ExitCode
        do {
            code = try dispatch(arguments, io: io, current: &current)
        } catch let error as any ReportedError {
            var report = "\(spec.name): error: \(PrintableText.escaped(error.reportedMessage))\n"
            if error.exitCode == .usage { report += formatter.usageHint(for: current) + "\n" }
            io.writeError(report)
            return error.exitCode.rawValue
        } catch {
            // Commands wrap their own failures in `ReportedError`s (ExitCodes.swift); anything else escaping is an unexpected I/O
            // failure, reported as such rather than crashing.
            io.writeError("\(spec.name): error: \(PrintableText.escaped("\(error)"))\n")
            return ExitCode.ioError.rawValue
        }
        return checkedOutput(code, io: io).rawValue
    }

    /// `code`, unless writing to standard output failed. A reader that closed the pipe early (`modgen list |
    /// head -1`) wanted no more: that ends the run quietly with the command's own code, as it ends most Unix
    /// tools. Any other failure (a full disk, a closed descriptor) lost what the command printed: an error and
    /// exit 74. The command itself ran to its end, so what it wrote (a module) is complete, and the message says so.
    private func checkedOutput(_ code: ExitCode, io: CommandIO) -> ExitCode {
        guard let errorNumber = io.outputFailure(), errorNumber != EPIPE else { return code }
        io.writeError(
            "\(spec.name): error: cannot write to standard output: \(TextFile.systemErrorDescription(errorNumber)) "
                + "(the command ran to its end; only what it printed was lost)\n")
        return .ioError
    }

    private func dispatch(_ arguments: [String], io: CommandIO, current: inout CommandSpec?) throws -> ExitCode {
        guard let first = arguments.first else {
            io.writeOutput(rootHelp)
            return .success
        }
        if let code = try MachineInterface.run(arguments, tool: self, io: io) { return code }
        switch first {
        case "-h", "--help":
            io.writeOutput(rootHelp)
            return .success
        case "--version":
            io.writeOutput(version + "\n")
            return .success
        case Self.helpCommandName:
            return try showHelp(Array(arguments.dropFirst()), io: io, current: &current)
        default:
            break
        }
        if first.hasPrefix("-"), first != "-" {
            let spelling = String(first.prefix { $0 != "=" })
            let suggestion = UsageError.suggestion(for: spelling, among: ["--help", "--version"])
            throw UsageError.unknownOption(spelling: spelling, suggestion: spelling.count > 2 ? suggestion : nil)
        }
        let command = try command(named: first)
        let rest = Array(arguments.dropFirst())
        current = command.configuration
        let invocation = try command.invocation(for: rest, io: io)
        printWarnings(invocation, io: io)
        current = invocation.spec
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser(invocation.spec).parse(rest)
        } catch {
            if case .unknownOption(let spelling, _) = error, let explained = invocation.explainUnknownOption(spelling) {
                throw explained
            }
            throw error
        }
        switch outcome {
        case .help:
            io.writeOutput(formatter.help(for: invocation.spec))
            return .success
        case .version:
            io.writeOutput(version + "\n")
            return .success
        case .run(let parsed):
            return try invocation.run(parsed, io)
        }
    }

    /// `modgen help`, `modgen help <subcommand>` and `modgen help <subcommand> <arguments>…`: the arguments go to
    /// the command's `invocation(for:io:)` as they would after `modgen <subcommand>`, so `modgen help new --template mvvm-fc`
    /// shows that template's options, like `modgen new --template mvvm-fc --help`.
    private func showHelp(_ words: [String], io: CommandIO, current: inout CommandSpec?) throws -> ExitCode {
        guard let name = words.first else {
            io.writeOutput(rootHelp)
            return .success
        }
        if name == Self.helpCommand.name {
            io.writeOutput(formatter.help(for: Self.helpCommand))
            return .success
        }
        let command = try command(named: name)
        current = command.configuration
        // `--help` tells the command that help is all it is asked for, as `modgen <name> --help` does.
        let invocation = try command.invocation(for: Array(words.dropFirst()) + ["--help"], io: io)
        printWarnings(invocation, io: io)
        io.writeOutput(formatter.help(for: invocation.spec))
        return .success
    }

    /// `help` itself, for `modgen help help`, as swift-argument-parser describes it.
    static let helpCommand = CommandSpec(
        name: "help", abstract: "Show subcommand help information.",
        arguments: [
            ArgumentSpec(
                name: "subcommand", help: "The subcommand to show help for, and its arguments.", isOptional: true)
        ])

    private func printWarnings(_ invocation: Invocation, io: CommandIO) {
        for warning in invocation.warnings {
            io.writeError("\(spec.name): warning: \(PrintableText.escaped(warning))\n")
        }
    }

    private func command(named name: String) throws -> any ParsableCommand.Type {
        let names = commands.map { $0.configuration.name }
        guard let index = names.firstIndex(of: name) else {
            throw UsageError.unknownSubcommand(name: name, suggestion: UsageError.suggestion(for: name, among: names))
        }
        return commands[index]
    }

    var rootHelp: String {
        formatter.rootHelp(for: spec, subcommands: commands.map { $0.configuration })
    }
}
