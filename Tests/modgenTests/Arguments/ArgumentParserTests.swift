import Testing

@testable import modgen

/// A spec with one option of every kind, two positionals (the second optional) and short names.
private let spec = CommandSpec(
    name: "demo",
    abstract: "A demo.",
    arguments: [ArgumentSpec(name: "input", help: "In."), ArgumentSpec(name: "extra", help: "", isOptional: true)],
    options: [
        .flag("dry-run", short: "n", help: ""),
        .flag("force", short: "f", help: ""),
        .inversion("rx", help: ""),
        .value("output", short: "o", valueName: "dir", help: ""),
        .repeatable("set", valueName: "key=value", help: ""),
        .choice("escape", values: ["html", "none"], help: ""),
        .choice("interface", values: ["none", "storyboard", "xib"], help: ""),
    ]
)

private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    switch try ArgumentParser(spec).parse(arguments) {
    case .run(let parsed): return parsed
    case .help, .version: throw UsageError.unexpectedArguments(["<help or version instead of a run>"])
    }
}

private func parseError(_ arguments: [String]) -> UsageError? {
    do {
        _ = try ArgumentParser(spec).parse(arguments)
        return nil
    } catch {
        return error
    }
}

@Suite struct ArgumentParserTests {
    @Test func positionalsAloneLeaveEveryOptionUnset() throws {
        let parsed = try parse(["in.txt"])
        #expect(parsed.argument(named: "input") == "in.txt")
        #expect(parsed.argument(named: "extra") == nil)
        #expect(parsed.flag(named: "dry-run") == nil)
        #expect(parsed.flag(named: "rx") == nil)
        #expect(parsed.value(named: "output") == nil)
        #expect(parsed.values(named: "set").isEmpty)
    }

    @Test func optionalPositionalIsFilledInOrder() throws {
        let parsed = try parse(["a", "b"])
        #expect(parsed.argument(named: "input") == "a")
        #expect(parsed.argument(named: "extra") == "b")
    }

    @Test func flagsByLongAndShortName() throws {
        #expect(try parse(["in", "--dry-run"]).flag(named: "dry-run") == true)
        #expect(try parse(["-n", "in"]).flag(named: "dry-run") == true)
        #expect(try parse(["in"]).flag(named: "force") == nil)
    }

    @Test func groupedShortFlags() throws {
        let parsed = try parse(["-nf", "in"])
        #expect(parsed.flag(named: "dry-run") == true)
        #expect(parsed.flag(named: "force") == true)
    }

    @Test func groupedShortFlagsMayEndWithAValueOption() throws {
        let parsed = try parse(["-no", "out", "in"])
        #expect(parsed.flag(named: "dry-run") == true)
        #expect(parsed.value(named: "output") == "out")
        #expect(parsed.argument(named: "input") == "in")
    }

    @Test func inversionPairRecordsOnOffAndTheLastOneWins() throws {
        #expect(try parse(["--rx", "in"]).flag(named: "rx") == true)
        #expect(try parse(["--no-rx", "in"]).flag(named: "rx") == false)
        #expect(try parse(["--rx", "--no-rx", "in"]).flag(named: "rx") == false)
        #expect(try parse(["--no-rx", "in", "--rx"]).flag(named: "rx") == true)
    }

    @Test func valueInEverySpelling() throws {
        #expect(try parse(["in", "--output", "dir"]).value(named: "output") == "dir")
        #expect(try parse(["in", "--output=dir"]).value(named: "output") == "dir")
        #expect(try parse(["in", "-o", "dir"]).value(named: "output") == "dir")
        #expect(try parse(["in", "--output=a=b"]).value(named: "output") == "a=b")
        #expect(try parse(["in", "--output="]).value(named: "output") == "")
    }

    @Test func singleValueOptionGivenTwiceKeepsTheLast() throws {
        let parsed = try parse(["--output", "first", "in", "-o", "second"])
        #expect(parsed.value(named: "output") == "second")
        #expect(parsed.values(named: "output") == ["first", "second"])
    }

    @Test func repeatableKeepsEveryValueInOrder() throws {
        let parsed = try parse(["--set", "a=1", "in", "--set=b=2", "--set", "c="])
        #expect(parsed.values(named: "set") == ["a=1", "b=2", "c="])
    }

    @Test func choiceAcceptsListedValues() throws {
        #expect(try parse(["in", "--escape", "html"]).value(named: "escape") == "html")
        #expect(try parse(["in", "--interface=xib"]).value(named: "interface") == "xib")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--", "--dry-run", "-o"])
        #expect(parsed.argument(named: "input") == "--dry-run")
        #expect(parsed.argument(named: "extra") == "-o")
        #expect(parsed.flag(named: "dry-run") == nil)
    }

    @Test func loneDashIsAValue() throws {
        let parsed = try parse(["-", "--output", "-"])
        #expect(parsed.argument(named: "input") == "-")
        #expect(parsed.value(named: "output") == "-")
    }

    @Test func helpAndVersionWinOverEverythingBeforeDoubleDash() throws {
        let parser = ArgumentParser(spec)
        #expect(try parser.parse(["-h"]) == .help)
        #expect(try parser.parse(["--bogus", "--help", "a", "b", "c"]) == .help)
        #expect(try parser.parse(["--version"]) == .version)
        #expect(try parser.parse(["--version", "--help"]) == .help)
        guard case .run(let parsed) = try parser.parse(["in", "--", "--help"]) else {
            Issue.record("--help after -- must be a positional")
            return
        }
        #expect(parsed.argument(named: "extra") == "--help")
    }

    // MARK: Errors

    @Test func unknownLongOptionSuggestsTheClosestName() {
        let error = parseError(["in", "--ouptut", "x"])
        #expect(error == .unknownOption(spelling: "--ouptut", suggestion: "--output"))
        #expect(error?.message == "unknown option '--ouptut'. Did you mean '--output'?")
        #expect(error?.exitCode == .usage)
    }

    @Test func unknownOptionSuggestsInversionAndBuiltInNames() {
        #expect(parseError(["in", "--no-xr"])?.message == "unknown option '--no-xr'. Did you mean '--no-rx'?")
        #expect(parseError(["in", "--hepl"])?.message == "unknown option '--hepl'. Did you mean '--help'?")
    }

    @Test func unknownOptionFarFromEveryNameHasNoSuggestion() {
        #expect(parseError(["in", "--completely-different"])?.message == "unknown option '--completely-different'")
    }

    @Test func unknownShortOption() {
        #expect(parseError(["in", "-x"])?.message == "unknown option '-x'")
        #expect(parseError(["in", "-nxf"])?.message == "unknown option '-x'")
    }

    @Test func longOptionWrittenWithOneDashSuggestsTheLongName() {
        #expect(parseError(["in", "-output", "x"])?.message == "unknown option '-output'. Did you mean '--output'?")
        #expect(parseError(["in", "-help"])?.message == "unknown option '-help'. Did you mean '--help'?")
    }

    @Test func missingValueAtTheEnd() {
        #expect(parseError(["in", "--output"])?.message == "missing value for '--output <dir>'")
        #expect(parseError(["in", "-o"])?.message == "missing value for '-o <dir>'")
    }

    @Test func missingValueBeforeAnotherOptionOrDoubleDash() {
        #expect(parseError(["--output", "--dry-run", "in"])?.message == "missing value for '--output <dir>'")
        #expect(parseError(["in", "--set", "--", "x"])?.message == "missing value for '--set <key=value>'")
        #expect(parseError(["in", "--escape"])?.message == "missing value for '--escape <escape>'")
    }

    @Test func valueOptionInsideAShortGroupHasNoValue() {
        #expect(parseError(["-on", "dir", "in"])?.message == "missing value for '-o <dir>'")
    }

    @Test func flagGivenAValue() {
        #expect(
            parseError(["in", "--dry-run=yes"])?.message
                == "the option '--dry-run' does not take any value, but 'yes' was specified.")
        #expect(
            parseError(["in", "--no-rx=1"])?.message
                == "the option '--no-rx' does not take any value, but '1' was specified.")
    }

    @Test func valueNotAmongChoices() {
        #expect(
            parseError(["in", "--escape", "xml"])?.message
                == "the value 'xml' is invalid for '--escape <escape>'. Please provide one of 'html' and 'none'.")
        #expect(
            parseError(["in", "--interface=nib"])?.message
                == "the value 'nib' is invalid for '--interface <interface>'. "
                + "Please provide one of 'none', 'storyboard' or 'xib'.")
    }

    @Test func missingArgument() {
        #expect(parseError([])?.message == "missing expected argument '<input>'")
        #expect(parseError(["--dry-run"])?.message == "missing expected argument '<input>'")
    }

    @Test func unexpectedArguments() {
        #expect(parseError(["a", "b", "c"])?.message == "unexpected argument 'c'")
        #expect(parseError(["a", "b", "c", "d"])?.message == "2 unexpected arguments: 'c', 'd'")
    }

    // MARK: Lenient pre-pass

    private let known: [OptionSpec] = [
        .value("template", help: ""), .repeatable("templates", help: ""), .value("config", help: ""),
    ]

    @Test func lenientPassReadsKnownOptionsAndIgnoresTheRest() {
        let parsed = ArgumentParser.extract(
            known,
            from: [
                "Home", "--rx", "--template", "viper", "--templates", "a", "--output", "out", "--templates=b",
                "--unknown=3", "-q", "--interface", "xib",
            ])
        #expect(parsed.value(named: "template") == "viper")
        #expect(parsed.values(named: "templates") == ["a", "b"])
        #expect(parsed.value(named: "config") == nil)
    }

    @Test func lenientPassSkipsMalformedUsesForTheStrictParseToReport() {
        #expect(ArgumentParser.extract(known, from: ["--template"]).value(named: "template") == nil)
        #expect(ArgumentParser.extract(known, from: ["--template", "--rx"]).value(named: "template") == nil)
        #expect(ArgumentParser.extract(known, from: ["--", "--template", "x"]).value(named: "template") == nil)
    }

    @Test func specBuiltAtRunTimeFromLenientResult() throws {
        // What `new` does: read --template leniently, derive flags from it, then parse strictly.
        let arguments = ["Home", "--template", "viper", "--rx", "--interface", "storyboard"]
        let template = ArgumentParser.extract(known, from: arguments).value(named: "template")
        var derived = CommandSpec(
            name: "new", abstract: "", arguments: [ArgumentSpec(name: "name", help: "")], options: known)
        if template == "viper" {
            derived.options.append(.inversion("rx", defaultValue: false, help: ""))
            derived.options.append(.choice("interface", values: ["none", "storyboard", "xib"], help: ""))
        }
        guard case .run(let parsed) = try ArgumentParser(derived).parse(arguments) else {
            Issue.record("expected a run")
            return
        }
        #expect(parsed.argument(named: "name") == "Home")
        #expect(parsed.flag(named: "rx") == true)
        #expect(parsed.value(named: "interface") == "storyboard")
    }

    // MARK: Spec checks and helpers

    @Test func aRequiredOptionMustBeGiven() throws {
        let spec = CommandSpec(
            name: "snapshot", abstract: "", arguments: [ArgumentSpec(name: "template", help: "")],
            options: [.value("output", short: "o", valueName: "dir", help: "", isRequired: true)])
        let parser = ArgumentParser(spec)
        #expect(throws: UsageError.missingArgument(synopsis: "--output <dir>")) { try parser.parse(["viper"]) }
        #expect(
            UsageError.missingArgument(synopsis: "--output <dir>").message
                == "missing expected argument '--output <dir>'")
        // The argument first, as usage lists it first; help wins over both.
        #expect(throws: UsageError.missingArgument(synopsis: "<template>")) { try parser.parse([]) }
        #expect(try parser.parse(["--help"]) == .help)
        for arguments in [["viper", "-o", "snap"], ["--output=snap", "viper"], ["-o", "x", "viper", "-o", "snap"]] {
            guard case .run(let parsed) = try parser.parse(arguments) else {
                Issue.record("\(arguments) should run")
                continue
            }
            #expect(parsed.value(named: "output") == "snap")
        }
        // A value that is missing is reported as such, not as a missing option.
        #expect(throws: UsageError.missingValue(synopsis: "-o <dir>")) { try parser.parse(["viper", "-o"]) }
    }
}
