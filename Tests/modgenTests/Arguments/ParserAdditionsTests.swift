import ModGenKit
import Testing

@testable import modgen

/// What `new` and `support` added to the parser: option groups in help, lenient positionals, exclusive options.
@Suite struct ParserAdditionsTests {
    @Test func groupedOptionsGetTheirOwnSectionBeforeOptions() {
        var rx = OptionSpec.inversion("rx", defaultValue: false, help: "Bindings.")
        rx.group = "TEMPLATE OPTIONS (viper)"
        var interface = OptionSpec.choice("interface", values: ["none", "xib"], defaultValue: "none", help: "View.")
        interface.group = "TEMPLATE OPTIONS (viper)"
        let spec = CommandSpec(
            name: "new", abstract: "Make.", arguments: [ArgumentSpec(name: "Name", help: "The name.")],
            options: [
                .flag("force", help: "Overwrite."), rx, .value("output", valueName: "dir", help: "Where."), interface,
            ]
        )
        let expected = """
            OVERVIEW: Make.

            USAGE: modgen new <Name> [--force] [--rx] [--no-rx] [--output <dir>] [--interface <interface>]

            ARGUMENTS:
              <Name>                  The name.

            TEMPLATE OPTIONS (viper):
              --rx/--no-rx            Bindings. (default: --no-rx)
              --interface <interface> View. (values: none, xib; default: none)

            OPTIONS:
              --force                 Overwrite.
              --output <dir>          Where.
              --version               Show the version.
              -h, --help              Show help information.


            """
        #expect(HelpFormatter(toolName: "modgen", hasVersion: true).help(for: spec) == expected)
    }

    @Test func lenientPositionalsSkipKnownOptionsAndTheirValues() {
        let known: [OptionSpec] = [.value("output", short: "o", help: ""), .flag("force", help: "")]
        #expect(ArgumentParser.extractPositionals(known, from: ["viper", "-o", "Base", "--force"]) == ["viper"])
        #expect(ArgumentParser.extractPositionals(known, from: ["--output=Base", "viper"]) == ["viper"])
        // An option it does not know may take a value: that value is counted, the caller has to choose.
        #expect(ArgumentParser.extractPositionals(known, from: ["--interface", "xib", "viper"]) == ["xib", "viper"])
        #expect(ArgumentParser.extractPositionals(known, from: ["--", "-o"]) == ["-o"])
        #expect(ArgumentParser.extractPositionals(known, from: []).isEmpty)
    }

    @Test func exclusiveOptionsMessage() {
        let error = UsageError.exclusiveOptions("--force", "--skip-existing")
        #expect(error.message == "'--force' and '--skip-existing' cannot be used together")
        #expect(error.exitCode == .usage)
    }

    @Test(arguments: [["--force", "--skip-existing"], ["--skip-existing", "--force"], ["-f", "--skip-existing"]])
    func optionsDeclaredExclusiveAreRefusedByTheParserInTheirDeclaredOrder(arguments: [String]) {
        let skip = OptionSpec.flag("skip-existing", help: "")
        let spec = CommandSpec(
            name: "new", abstract: "", options: [.flag("force", short: "f", help: "").exclusive(with: skip), skip])
        #expect(throws: UsageError.exclusiveOptions("--force", "--skip-existing")) {
            try ArgumentParser(spec).parse(arguments)
        }
        #expect(throws: Never.self) { try ArgumentParser(spec).parse([arguments[0]]) }
        #expect(throws: Never.self) { try ArgumentParser(spec).parse([arguments[1]]) }
    }

    @Test func anExclusiveOptionTheSpecDoesNotHaveCannotClash() throws {
        let check = OptionSpec.flag("check", help: "")
        let spec = CommandSpec(name: "snapshot", abstract: "", options: [check])
        let dryRun = OptionSpec.flag("dry-run", help: "").exclusive(with: check)
        #expect(dryRun.exclusiveNames == ["check"])
        guard case .run(let parsed) = try ArgumentParser(spec).parse(["--check"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(parsed.isSet(check))
        #expect(!parsed.isSet(dryRun))
    }

    @Test func everyLongSpellingComesFromFlagSpelling() {
        let rx = OptionSpec.inversion("rx", defaultValue: false, help: "")
        #expect(OptionSpec.flagSpelling("rx") == "--rx")
        #expect(OptionSpec.flagSpelling("rx", negated: true) == "--no-rx")
        #expect(rx.spelledNames == ["--rx", "--no-rx"])
        #expect(rx.defaultDescription == "--no-rx")
        #expect(HelpFormatter.helpLabel(of: rx) == "--rx/--no-rx")
    }

    @Test func aRequiredValueIsReadWithoutAFallback() throws {
        let output = OptionSpec.value("output", help: "", isRequired: true)
        let template = ArgumentSpec(name: "template", help: "")
        let spec = CommandSpec(name: "snapshot", abstract: "", arguments: [template], options: [output])
        guard case .run(let parsed) = try ArgumentParser(spec).parse(["viper", "--output", "out"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(try parsed.required(output) == "out")
        #expect(try parsed.required(template) == "viper")
        #expect(throws: UsageError.missingArgument(synopsis: "--output <dir>")) {
            try ParsedArguments().required(OptionSpec.value("output", valueName: "dir", help: ""))
        }
    }
}
