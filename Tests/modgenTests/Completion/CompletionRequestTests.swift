import Foundation
import TestSupport
import Testing

@testable import modgen

/// The hidden `---completion -- <words>…` entry point the shell scripts call, run in process: what each position on
/// a command line completes to. The shells' own handling of the answer is `ShellCompletionTests`.
@Suite struct CompletionRequestTests {
    /// The words offered for `modgen <words>`, the last word being the one under the cursor.
    private func words(_ words: String...) -> [String] {
        let result = assertExecute(["---completion", "--"] + words)
        return result.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test func theFirstWordIsASubcommandOrHelp() {
        #expect(
            words("") == [
                "new", "support", "list", "describe", "snapshot", "render", "init", "export-xcode", "update", "remove",
                "move", "rename", "merge-project", "setup-merge-driver", "update-templates", "help",
            ])
        #expect(words("s") == ["support", "snapshot", "setup-merge-driver"])
        #expect(words("-") == ["--help", "-h", "--version"])
        #expect(words("help", "de") == ["describe"])
    }

    @Test func subcommandsAreDescribedByTheirAbstract() {
        let result = assertExecute(["---completion", "--", "li"])
        #expect(result.standardOutput == "list\tList the available templates.\n")
    }

    @Test func newOffersTheDefaultTemplatesFlagsAndItsOwn() {
        let flags = words("new", "Home", "--")
        #expect(flags.contains("--output") && flags.contains("--dry-run") && flags.contains("--help"))
        // viper's own options, in both forms.
        #expect(flags.contains("--rx") && flags.contains("--no-rx") && flags.contains("--interface"))
        #expect(!flags.contains("--closures"))
    }

    @Test func templateFlagsFollowTheTemplateOnTheLine() {
        #expect(words("new", "--template", "mvvm-fc", "--c") == ["--check", "--color", "--config", "--closures"])
        #expect(
            words("new", "--template=mvvm-fc", "--no-") == [
                "--no-hooks", "--no-closures", "--no-view-state", "--no-builder",
            ])
        #expect(
            words("support", "viper-s", "--no-") == ["--no-hooks", "--no-worker", "--no-delegate", "--no-storyboard"])
        // An unknown template completes the command's own flags rather than failing.
        #expect(words("new", "--template", "nope", "--for") == ["--force"])
    }

    @Test func optionsGivenAreNotOfferedAgainNorTheirOpposites() {
        #expect(words("new", "--force", "--s") == ["--set"])
        #expect(words("new", "--skip-existing", "--fo") == ["--formatter"])
        // `--root` is offered: it is repeatable, and not `--rx`.
        #expect(words("new", "--rx", "--r") == ["--root"])
        // A repeatable option stays.
        #expect(words("new", "--set", "a=b", "--se") == ["--set"])
    }

    @Test func valuesCompleteForChoicesAndTemplateIDs() {
        #expect(words("new", "--interface", "") == ["none", "storyboard", "xib", "swiftui"])
        #expect(words("new", "--interface", "x") == ["xib"])
        #expect(words("new", "--template", "vi") == ["viper", "viper-s"])
        #expect(words("new", "--template=m") == ["--template=mvvm-fc"])
        #expect(words("describe", "") == ["mvvm-fc", "viper", "viper-s"])
        #expect(words("snapshot", "viper-") == ["viper-s"])
        #expect(words("render", "t.mustache", "--escape", "") == ["html", "none"])
    }

    @Test func setCompletesTheTemplatesParametersThenTheHeaderFields() {
        let headerFields = ["project=", "author=", "company="]
        #expect(words("new", "--set", "") == ["builderContext=", "appModule="] + headerFields)
        #expect(words("new", "--set=b") == ["--set=builderContext="])
        #expect(words("support", "viper-s", "--set", "") == ["appModule="] + headerFields)
        #expect(words("snapshot", "mvvm-fc", "--set", "bu") == ["builderContext="])
        #expect(words("snapshot", "--set", "") == headerFields)
    }

    @Test func pathsAreLeftToTheShell() {
        #expect(execute(["---completion", "--", "new", "--output", "Sou"]).standardOutput == ":directory\n")
        #expect(execute(["---completion", "--", "new", "-o", ""]).standardOutput == ":directory\n")
        #expect(execute(["---completion", "--", "list", "--config=."]).standardOutput == ":file\n")
        #expect(execute(["---completion", "--", "render", ""]).standardOutput == ":file\n")
    }

    @Test func freeTextCompletesToNothing() {
        #expect(execute(["---completion", "--", "new", ""]).standardOutput.isEmpty)
        #expect(execute(["---completion", "--", "new", "--date", ""]).standardOutput.isEmpty)
        #expect(execute(["---completion", "--", "nope", ""]).standardOutput.isEmpty)
        #expect(execute(["---completion", "--", "new", "Home", "--", "--"]).standardOutput.isEmpty)
    }

    @Test func userTemplateFoldersOnTheLineAddTheirIDs() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "t/screen/template.json",
            """
            { "id": "screen", "summary": "A screen",
              "options": [ { "name": "style", "kind": "choice", "values": ["plain", "fancy"], "default": "plain",
                  "help": "Looks." } ],
              "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }
            """)
        try folder.write("t/screen/A.mustache", "a\n")
        let templates = folder.path("t")
        #expect(words("new", "--templates", templates, "--template", "s") == ["screen"])
        #expect(words("new", "--templates", templates, "--template", "screen", "--st") == ["--style"])
        #expect(words("new", "--templates", templates, "--template", "screen", "--style", "") == ["plain", "fancy"])
        let config = folder.path("modgen.json")
        try folder.write("modgen.json", #"{ "templates": ["t"], "template": "screen" }"#)
        // The config's folders and its template, as `new` itself reads them.
        #expect(words("describe", "--config", config, "sc") == ["screen"])
        #expect(words("new", "--config", config, "--sty") == ["--style"])
    }

    @Test func aBrokenConfigStillCompletesTheBuiltInTemplates() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write("broken.json", "{ \"template\": ")
        #expect(
            words("new", "--config", folder.path("broken.json"), "--template", "") == ["mvvm-fc", "viper", "viper-s"])
        #expect(
            execute(["---completion", "--", "new", "--config", folder.path("broken.json"), ""]).standardError.isEmpty)
    }

    @Test func theCompletionScriptOptionCompletesShells() {
        #expect(words("--generate-completion-script", "") == ["bash", "zsh", "fish"])
    }
}
