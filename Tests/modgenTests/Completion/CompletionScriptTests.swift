import Foundation
import Testing

@testable import modgen

/// `--generate-completion-script`: which script, for which shell, and its errors. What the scripts do in their
/// shells is `ShellCompletionTests`.
@Suite struct CompletionScriptTests {
    private func generate(_ arguments: [String], shellVariable: String?) throws -> (ExitCode?, String) {
        let streams = CapturedStreams(environment: shellVariable.map { ["SHELL": $0] } ?? [:])
        let code = try MachineInterface.run(arguments, tool: Modgen.tool, io: streams.io)
        return (code, streams.standardOutput)
    }

    @Test(arguments: CompletionShell.allCases)
    func eachShellHasItsScriptNamedOrDetected(_ shell: CompletionShell) throws {
        let named = try generate(["--generate-completion-script", shell.rawValue], shellVariable: nil)
        let inline = try generate(["--generate-completion-script=\(shell.rawValue)"], shellVariable: "/bin/sh")
        let detected = try generate(["--generate-completion-script"], shellVariable: "/usr/local/bin/\(shell.rawValue)")
        #expect(named.0 == .success)
        #expect(named.1.contains("# \(shell.rawValue) completion for modgen"))
        #expect(named.1.contains("modgen ---completion -- <words>"))
        #expect(inline.1 == named.1)
        #expect(detected.1 == named.1)
    }

    @Test func eachScriptRegistersItselfTheShellsWay() throws {
        #expect(
            try generate(["--generate-completion-script", "bash"], shellVariable: nil).1.hasSuffix(
                "complete -F _modgen modgen\n"))
        #expect(
            try generate(["--generate-completion-script", "zsh"], shellVariable: nil).1.hasPrefix("#compdef modgen\n"))
        #expect(
            try generate(["--generate-completion-script", "fish"], shellVariable: nil).1.hasSuffix(
                "complete -c modgen -f -a '(__modgen_complete)'\n"))
    }

    @Test func anUnknownShellIsAUsageError() {
        assertExecute(
            ["--generate-completion-script", "nushell"], expecting: "",
            error: """
                modgen: error: the value 'nushell' is invalid for '--generate-completion-script <shell>'. Please \
                provide one of 'bash', 'zsh' or 'fish'.
                Usage: modgen <subcommand>
                  See 'modgen --help' for more information.

                """, exitCode: 64)
        assertExecute(["--generate-completion-script", "bash", "zsh"], expecting: "", exitCode: 64)
    }

    @Test(arguments: [("/bin/sh", "$SHELL is '/bin/sh'"), (nil, "$SHELL is not set")])
    func aShellThatCannotBeDetectedIsAUsageError(shellVariable: String?, described: String) {
        #expect(throws: UndetectedShellError.self) {
            _ = try generate(["--generate-completion-script"], shellVariable: shellVariable)
        }
        let error = UndetectedShellError(shellVariable: shellVariable, choices: ["bash", "zsh", "fish"])
        #expect(
            error.message == "cannot tell which shell to write a completion script for (\(described)); name one: "
                + "--generate-completion-script bash|zsh|fish")
        #expect(error.exitCode == .usage)
    }

    @Test func theMachineInterfacesAreHiddenFromHelp() {
        let help = assertExecute(["--help"]).standardOutput
        #expect(!help.contains("completion") && !help.contains("dump-help"))
        // Only as the first word: after a subcommand they are unknown options like any other.
        assertExecute(["list", "--experimental-dump-help"], expecting: "", exitCode: 64)
    }
}
