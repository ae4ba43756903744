import Foundation
import TestSupport
import Testing

@testable import modgen

/// Help and version: in process, but for `--version`, which runs the built binary to see what a shell sees.
@Suite struct HelpEndToEndTests {
    /// Written by hand in swift-argument-parser's layout (help text in column 26, wrapped at 80 columns, a line
    /// that is followed by more text never filling the 80th column), and checked against the spec's texts.
    static let renderHelp = """
        OVERVIEW: Render one Mustache or Liquid template with JSON data.

        Prints the rendered text and nothing else. Partials and parents ({{> name}},
        {{< name}}) are read from <dir>/<name>.mustache. As the Mustache specification
        says, a missing partial renders as nothing and a missing variable as an empty
        string; --strict makes both errors, as they are in 'modgen new'. A Liquid
        template renders as Ruby's liquid 5.4 does (Generamba's engine), {% include
        'name' %} and {% render 'name' %} reading <dir>/<name>.liquid; where Ruby's
        liquid would print an error into the output, modgen stops with it.

        USAGE: modgen render <template-file> [--data <json-file>] [--partials <dir>] [--engine <engine>] [--escape <escape>] [--strict]

        ARGUMENTS:
          <template-file>         The Mustache or Liquid template to render.

        OPTIONS:
          --data <json-file>      A JSON file with the data to render, or '-' for
                                  standard input. Without it the data is an empty
                                  object.
          --partials <dir>        The folder partials (<name>.mustache) or included
                                  templates (<name>.liquid) are read from. (default:
                                  the template's folder)
          --engine <engine>       The template engine; by default Liquid for a .liquid
                                  file, Mustache otherwise. (values: mustache, liquid)
          --escape <escape>       How {{name}} escapes the values it inserts;
                                  {{{name}}} never escapes (Mustache only). (values:
                                  html, none; default: none)
          --strict                Fail on a missing partial or a variable that is not
                                  in the data (Mustache only).
          --version               Show the version.
          -h, --help              Show help information.


        """

    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func rootHelp(arguments: [String]) {
        let result = assertExecute(arguments, error: "")
        #expect(result.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(result.standardOutput.contains("\nUSAGE: modgen <subcommand>\n\nOPTIONS:\n"))
        #expect(result.standardOutput.contains("\n  --version               Show the version.\n"))
        #expect(
            result.standardOutput.contains(
                "\nSUBCOMMANDS:\n  new                     Generate a module from a template.\n"))
        #expect(
            result.standardOutput.contains(
                "\n  render                  Render one Mustache or Liquid template with JSON data.\n")
        )
        #expect(result.standardOutput.hasSuffix("\n\n  See 'modgen help <subcommand>' for detailed help.\n"))
    }

    @Test(arguments: [["help", "render"], ["render", "--help"], ["render", "-h"]])
    func renderHelp(arguments: [String]) {
        assertExecute(arguments, expecting: Self.renderHelp, error: "")
    }

    @Test func version() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(Modgen.version)\n")
        #expect(result.standardOutput.split(separator: ".").count == 3)
    }

    @Test func unknownSubcommand() {
        assertExecute(
            ["rendr", "t.mustache"], expecting: "",
            error: """
                modgen: error: unknown subcommand 'rendr'. Did you mean 'render'?
                Usage: modgen <subcommand>
                  See 'modgen --help' for more information.

                """, exitCode: 64)
    }
}
