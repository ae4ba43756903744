import Foundation
import TestSupport
import Testing

/// One command line to complete and the words every shell must offer for it, sorted. A folder's trailing `/` is
/// not part of the word (fish adds it, bash does not).
struct ShellCompletionCase: Sendable, CustomTestStringConvertible {
    var words: [String]
    var expected: [String]

    var testDescription: String { "modgen " + words.map { $0.isEmpty ? "▮" : $0 }.joined(separator: " ") }

    /// Bash completes only the part after `=` (readline keeps `--template=` before the word it replaces).
    var expectedInBash: [String] {
        guard let current = words.last, current.hasPrefix("--"), let equals = current.firstIndex(of: "=") else {
            return expected
        }
        let kept = current[...equals]
        return expected.map { String($0.dropFirst(kept.count)) }
    }

}

/// The completion scripts in the real shells (installed by `.ci/run`): subcommands, flags, template ids from the
/// built-in catalog and from a user folder named on the line, template flags and choice values after
/// `--template`, and paths left to the shell. Each case runs in a folder with `Sources/`, `Settings.json` and a
/// user template `t/screen`.
@Suite struct ShellCompletionTests {
    static let cases: [ShellCompletionCase] = [
        .init(
            words: [""],
            expected: [
                "describe", "export-xcode", "help", "init", "list", "merge-project", "move", "new", "remove", "rename",
                "render", "setup-merge-driver", "snapshot", "support", "update", "update-templates",
            ]),
        .init(words: ["de"], expected: ["describe"]),
        .init(words: ["help", "sn"], expected: ["snapshot"]),
        .init(words: ["new", "--te"], expected: ["--template", "--templates", "--test-target", "--tests"]),
        .init(words: ["new", "--template", "vi"], expected: ["viper", "viper-s"]),
        .init(words: ["new", "--template=vi"], expected: ["--template=viper", "--template=viper-s"]),
        .init(
            words: ["new", "--template", "mvvm-fc", "--no-"],
            expected: ["--no-builder", "--no-closures", "--no-hooks", "--no-view-state"]),
        .init(words: ["new", "Home", "--interface", "s"], expected: ["storyboard", "swiftui"]),
        .init(words: ["new", "--force", "--sk"], expected: []),
        .init(words: ["new", "Home", ""], expected: []),
        .init(words: ["describe", "v"], expected: ["viper", "viper-s"]),
        .init(words: ["new", "--templates", "t", "--template", "s"], expected: ["screen"]),
        .init(
            words: ["new", "--templates", "t", "--template", "screen", "--style", ""], expected: ["fancy", "plain"]),
        .init(words: ["new", "--output", "S"], expected: ["Sources"]),
        .init(words: ["list", "--config", "Se"], expected: ["Settings.json"]),
        .init(words: ["--generate-completion-script", "z"], expected: ["zsh"]),
        .init(words: ["new", "--set", "buil"], expected: ["builderContext="]),
    ]

    private static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        try folder.write("Sources/Modules/.keep", "")
        try folder.write("Settings.json", "{}")
        try folder.write(
            "t/screen/template.json",
            """
            { "id": "screen", "summary": "A screen",
              "options": [ { "name": "style", "kind": "choice", "values": ["plain", "fancy"], "default": "plain",
                             "help": "Looks." } ],
              "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }
            """)
        try folder.write("t/screen/A.mustache", "a\n")
        return folder
    }

    @Test(.enabled(if: ShellHarness.isInstalled(.bash), "bash is not installed"), arguments: cases)
    func bash(_ testCase: ShellCompletionCase) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        #expect(try ShellHarness.complete(testCase.words, shell: .bash, in: folder) == testCase.expectedInBash)
    }

    @Test(.enabled(if: ShellHarness.isInstalled(.zsh), "zsh is not installed (apt-get install zsh)"), arguments: cases)
    func zsh(_ testCase: ShellCompletionCase) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        #expect(try ShellHarness.complete(testCase.words, shell: .zsh, in: folder) == testCase.expected)
    }

    @Test(
        .enabled(if: ShellHarness.isInstalled(.fish), "fish is not installed (apt-get install fish)"), arguments: cases)
    func fish(_ testCase: ShellCompletionCase) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        #expect(try ShellHarness.complete(testCase.words, shell: .fish, in: folder) == testCase.expected)
    }
}
