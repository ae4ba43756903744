import Testing

@testable import modgen

/// The expected texts below were written by hand from swift-argument-parser's layout rules (labels indented by 2,
/// help text in column 26, 80 columns, a label of 24 characters or more pushing its help to the next line), not
/// copied from our output.
@Suite struct HelpFormatterTests {
    private let formatter = HelpFormatter(toolName: "modgen", hasVersion: true)

    private let demo = CommandSpec(
        name: "demo",
        abstract: "Do a demo thing.",
        discussion: "Second paragraph.",
        arguments: [ArgumentSpec(name: "input", help: "The input file."), ArgumentSpec(name: "extra", help: "")],
        options: [
            .value("output", short: "o", valueName: "dir", help: "Where to write.", defaultDescription: "."),
            .inversion("rx", defaultValue: false, help: "RxSwift bindings."),
            .choice(
                "interface", values: ["none", "storyboard", "xib"], defaultValue: "none",
                help: "Where the view comes from."),
            .repeatable(
                "set", valueName: "key=value",
                help: "Set a parameter; may be repeated. This help is deliberately long so that it has to wrap onto "
                    + "a second line."),
            .flag("dry-run", help: ""),
            .value("template-directory", valueName: "directory", help: "Where."),
        ]
    )

    @Test func commandHelpLayout() {
        let expected = """
            OVERVIEW: Do a demo thing.

            Second paragraph.

            USAGE: modgen demo <input> <extra> [--output <dir>] [--rx] [--no-rx] [--interface <interface>] \
            [--set <key=value> ...] [--dry-run] [--template-directory <directory>]

            ARGUMENTS:
              <input>                 The input file.
              <extra>

            OPTIONS:
              -o, --output <dir>      Where to write. (default: .)
              --rx/--no-rx            RxSwift bindings. (default: --no-rx)
              --interface <interface> Where the view comes from. (values: none, storyboard,
                                      xib; default: none)
              --set <key=value>       Set a parameter; may be repeated. This help is
                                      deliberately long so that it has to wrap onto a
                                      second line.
              --dry-run
              --template-directory <directory>
                                      Where.
              --version               Show the version.
              -h, --help              Show help information.


            """
        #expect(formatter.help(for: demo) == expected)
    }

    @Test func commandWithoutArgumentsHasNoArgumentsSection() {
        let spec = CommandSpec(name: "list", abstract: "List templates.")
        let expected = """
            OVERVIEW: List templates.

            USAGE: modgen list

            OPTIONS:
              -h, --help              Show help information.


            """
        #expect(HelpFormatter(toolName: "modgen", hasVersion: false).help(for: spec) == expected)
    }

    @Test func rootHelpLayout() {
        let tool = CommandSpec(name: "modgen", abstract: "Generate modules.")
        let subcommands = [
            CommandSpec(name: "render", abstract: "Render one template."),
            CommandSpec(name: "a-subcommand-with-a-long-name", abstract: "Pushed to the next line."),
        ]
        let expected = """
            OVERVIEW: Generate modules.

            USAGE: modgen <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              render                  Render one template.
              a-subcommand-with-a-long-name
                                      Pushed to the next line.

              See 'modgen help <subcommand>' for detailed help.

            """
        #expect(formatter.rootHelp(for: tool, subcommands: subcommands) == expected)
    }

    @Test func optionalArgumentsAreBracketedInUsage() {
        let spec = CommandSpec(
            name: "describe", abstract: "",
            arguments: [ArgumentSpec(name: "id", help: ""), ArgumentSpec(name: "name", help: "", isOptional: true)])
        #expect(formatter.usage(for: spec) == "modgen describe <id> [<name>]")
    }

    @Test func longUsageKeepsOnlyArgumentsAfterTwelveItems() {
        var spec = CommandSpec(name: "new", abstract: "", arguments: [ArgumentSpec(name: "name", help: "")])
        spec.options = (1...11).map { OptionSpec.flag("flag\($0)", help: "") }
        #expect(formatter.usage(for: spec).hasSuffix("[--flag11]"))
        spec.options.append(.flag("flag12", help: ""))
        #expect(formatter.usage(for: spec) == "modgen new [<options>] <name>")
    }

    /// swift-argument-parser prints a required option without brackets, and keeps it in a shortened usage line.
    @Test func requiredOptionsAreNotBracketed() {
        var spec = CommandSpec(
            name: "snapshot", abstract: "", arguments: [ArgumentSpec(name: "template", help: "")],
            options: [
                .value("output", short: "o", valueName: "dir", help: "The folder.", isRequired: true),
                .value("name", valueName: "Name", help: ""),
            ])
        #expect(formatter.usage(for: spec) == "modgen snapshot <template> --output <dir> [--name <Name>]")
        #expect(formatter.help(for: spec).contains("\n  -o, --output <dir>      The folder.\n"))
        spec.options += (1...11).map { OptionSpec.flag("flag\($0)", help: "") }
        #expect(formatter.usage(for: spec) == "modgen snapshot [<options>] <template> --output <dir>")
    }

    @Test func usageHintForACommandAndForTheTool() {
        let spec = CommandSpec(
            name: "render", abstract: "", arguments: [ArgumentSpec(name: "template-file", help: "")],
            options: [.value("data", valueName: "json-file", help: "")])
        #expect(
            formatter.usageHint(for: spec) == """
                Usage: modgen render <template-file> [--data <json-file>]
                  See 'modgen render --help' for more information.
                """)
        #expect(
            formatter.usageHint(for: nil) == """
                Usage: modgen <subcommand>
                  See 'modgen --help' for more information.
                """)
    }

    @Test func overviewWrapsAtEightyColumns() {
        let spec = CommandSpec(
            name: "x",
            abstract: "This abstract is long enough that the OVERVIEW line has to wrap at eighty columns exactly once.")
        #expect(
            formatter.help(for: spec).hasPrefix(
                """
                OVERVIEW: This abstract is long enough that the OVERVIEW line has to wrap at
                eighty columns exactly once.

                USAGE: modgen x
                """))
    }

    // MARK: Wrapping

    @Test func wrapBreaksAtTheLastSpaceThatFits() {
        #expect(HelpFormatter.wrap("aa bb cc dd", width: 6, indent: 0) == "aa bb\ncc dd")
    }

    @Test func wrapLetsOnlyTheEndOfTheTextFillTheLastColumn() {
        // "aaa bbb" is exactly 7 characters: it may end the text, but a line followed by more text (after a space
        // or a newline) keeps the last column free, as swift-argument-parser's wrapping does.
        #expect(HelpFormatter.wrap("aaa bbb ccc", width: 7, indent: 0) == "aaa\nbbb ccc")
        #expect(HelpFormatter.wrap("aaa bbb", width: 7, indent: 0) == "aaa bbb")
        #expect(HelpFormatter.wrap("aaa bbb\nc", width: 7, indent: 0) == "aaa\nbbb\nc")
    }

    @Test func wrapLeavesOverlongWordsWhole() {
        #expect(HelpFormatter.wrap("abcdefghij k", width: 5, indent: 2) == "  abcdefghij\n  k")
        #expect(HelpFormatter.wrap("abcdefghij", width: 5, indent: 0) == "abcdefghij")
    }

    @Test func wrapIndentsLinesButNotEmptyOnes() {
        #expect(HelpFormatter.wrap("a\n\nb", width: 80, indent: 4) == "    a\n\n    b")
    }
}
