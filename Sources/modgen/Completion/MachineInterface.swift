import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The tool's hidden options for other programs, as swift-argument-parser spells them; none is listed in help:
///
/// - `--generate-completion-script [bash|zsh|fish]` prints a completion script (the shell `$SHELL` names when
///   none is given);
/// - `---completion -- <words>…` answers that script: the candidates for the last word (docs/COMPLETION.md);
/// - `--experimental-dump-help` prints the whole tool's ToolInfo JSON (`ToolInfo`).
///
/// Each is accepted only as the first word, as swift-argument-parser accepts them on the root command.
enum MachineInterface {
    static let completionScript = OptionSpec.value(
        "generate-completion-script", valueName: "shell", help: "Print a completion script for bash, zsh or fish.")
    static let dumpHelp = OptionSpec.flag(
        "experimental-dump-help", help: "Print the tool's description as swift-argument-parser's ToolInfo JSON.")
    /// Three dashes: no option a user types can look like it.
    static let completionRequest = "---completion"

    /// Runs the entry point `arguments` start with; `nil` when they start with none of them.
    static func run(
        _ arguments: [String], tool: CommandLineTool, io: CommandIO
    ) throws -> ExitCode? {
        guard let first = arguments.first else { return nil }
        let name = String(first.prefix { $0 != "=" })
        let inlineValue = first.contains("=") ? String(first.drop { $0 != "=" }.dropFirst()) : nil
        switch name {
        case completionRequest:
            // The words after `--`; a script always sends it, so a word of the line that starts with dashes is
            // never taken for a request of ours.
            let words = Array(arguments.drop { $0 != "--" }.dropFirst())
            io.writeOutput(CompletionAnswer(CompletionEngine(tool: tool, io: io).complete(words)).text)
            return .success
        case completionScript.spelling:
            let rest = arguments.dropFirst()
            if inlineValue == nil, rest.count > 1 { throw UsageError.unexpectedArguments(Array(rest.dropFirst())) }
            let shell = try Self.shell(named: inlineValue ?? rest.first, environment: io.environment)
            io.writeOutput(shell.script(for: tool.spec.name))
            return .success
        case dumpHelp.spelling:
            if arguments.count > 1 { throw UsageError.unexpectedArguments(Array(arguments.dropFirst())) }
            io.writeOutput(ToolInfo(tool: tool).json.prettyPrinted + "\n")
            return .success
        default:
            return nil
        }
    }

    private static func shell(named name: String?, environment: [String: String]) throws -> CompletionShell {
        let choices = CompletionShell.allCases.map(\.rawValue)
        guard let name else {
            guard let shell = CompletionShell.detected(fromShellVariable: environment["SHELL"]) else {
                throw UndetectedShellError(shellVariable: environment["SHELL"], choices: choices)
            }
            return shell
        }
        guard let shell = CompletionShell(rawValue: name) else {
            throw UsageError.invalidChoice(value: name, synopsis: completionScript.synopsis, choices: choices)
        }
        return shell
    }
}

/// `--generate-completion-script` without a shell, and `$SHELL` names none modgen writes scripts for (exit 64).
struct UndetectedShellError: ModGenError, ReportedError, Equatable {
    var shellVariable: String?
    var choices: [String]

    var message: String {
        let found = shellVariable.map { "$SHELL is '\($0)'" } ?? "$SHELL is not set"
        return "cannot tell which shell to write a completion script for (\(found)); name one: "
            + "--generate-completion-script \(choices.joined(separator: "|"))"
    }
    var exitCode: ExitCode { .usage }
}

/// The text `---completion` prints: one candidate a line, `<word>` or `<word><TAB><description>`; or one line,
/// `:file` or `:directory`, for the shell's own path completion. Tabs and line breaks inside a description become
/// spaces; a word that holds one (or starts with `:`) cannot be offered and is left out.
struct CompletionAnswer {
    var text: String

    init(_ completions: Completions) {
        switch completions {
        case .files: text = ":file\n"
        case .directories: text = ":directory\n"
        case .words(let candidates):
            text = candidates.compactMap { candidate -> String? in
                guard !candidate.word.contains(where: \.isNewline), !candidate.word.contains("\t"),
                    !candidate.word.hasPrefix(":")
                else { return nil }
                let description = String(candidate.description.map { $0.isNewline || $0 == "\t" ? " " : $0 })
                return description.isEmpty ? candidate.word + "\n" : candidate.word + "\t" + description + "\n"
            }.joined()
        }
    }
}
