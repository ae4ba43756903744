import ModGenKit
import Testing

@testable import modgen

/// The library words option errors as templates write them; the command line words the same errors in flags.
@Suite struct CommandLineWordingTests {
    static let options: [String: TemplateOption] = [
        "rx": TemplateOption(name: "rx", kind: .flag(default: false)),
        "viewState": TemplateOption(
            name: "viewState", kind: .flag(default: false)),
        "interface": TemplateOption(
            name: "interface", kind: .choice(values: ["none", "xib"], default: "none")),
        "group": TemplateOption(
            name: "group", kind: .text(default: "", sample: nil)),
    ]

    func violation(_ option: String, _ value: OptionValue, _ rule: ConstraintViolation.Rule, _ condition: String)
        throws -> OptionError
    {
        .ruleBroken(
            ConstraintViolation(
                option: option, value: value, rule: rule, condition: try Condition(parsing: condition),
                reason: nil, options: Self.options))
    }

    @Test(arguments: [
        ("rx", OptionValue.flag(true), "viewState", "--rx requires --view-state", "rx requires viewState"),
        ("rx", .flag(false), "!viewState", "--no-rx requires --no-view-state", "!rx requires !viewState"),
        (
            "interface", .choice("xib"), "group", "--interface xib requires a value for --group",
            "interface == xib requires group"
        ),
        (
            "group", .text("Items"), "!group || interface != xib",
            "--group Items requires no value for --group or --interface other than xib",
            "group == Items requires !group || interface != xib"
        ),
        (
            "rx", .flag(true), "!(rx && viewState)", "--rx requires not (--rx and --view-state)",
            "rx requires !(rx && viewState)"
        ),
    ])
    func conditionsAreWordedInFlags(
        option: String, value: OptionValue, condition: String, commandLine: String, template: String
    ) throws {
        let error = try violation(option, value, .requires, condition)
        #expect(error.reportedMessage == commandLine)
        #expect(error.message == template)
    }

    @Test func valuesAndSettingsAreWordedInFlags() {
        let notAChoice = OptionError.invalidValue(
            option: "flowController", value: "tv", problem: .notAChoice(choices: ["a", "b"]))
        #expect(notAChoice.reportedMessage == "'tv' is not a value of --flow-controller (choose a, b)")
        #expect(notAChoice.message == "'tv' is not a value of option 'flowController' (choose a, b)")
        let setting = OptionError.invalidSetting(key: "rx", value: "1", problem: .isAnOption(template: "viper"))
        #expect(setting.reportedMessage == "--set rx=… names an option of 'viper': use its flag instead")
        #expect(OptionError.malformedSetting("x").reportedMessage == "--set expects key=value, got 'x'")
    }
}
