import ModGenKit

/// A command line the parser could not accept. The wording follows swift-argument-parser's messages, with a
/// lowercase start because it follows `modgen: error:`.
enum UsageError: ModGenError, ReportedError, Equatable {
    /// `spelling` is what the user typed (`--ouptut`), `suggestion` the closest known spelling, if any is close.
    case unknownOption(spelling: String, suggestion: String?)
    case unknownSubcommand(name: String, suggestion: String?)
    /// `synopsis` names the option with its placeholder: `--data <json-file>`.
    case missingValue(synopsis: String)
    case unexpectedValue(option: String, value: String)
    case invalidChoice(value: String, synopsis: String, choices: [String])
    case missingArgument(synopsis: String)
    case unexpectedArguments([String])
    /// Two options that contradict each other, as typed: `--force` and `--skip-existing`.
    case exclusiveOptions(String, String)
    /// An option of another template given to this one: `--rx` for `mvvm-fc`, whose `options` are listed.
    case notATemplateOption(spelling: String, template: String, options: [String])
    /// An option of one template engine given for a template the other renders: `--escape` for a Liquid file.
    case notForEngine(option: String, engine: String)

    var exitCode: ExitCode { .usage }

    var message: String {
        switch self {
        case .unknownOption(let spelling, let suggestion):
            return "unknown option '\(spelling)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .unknownSubcommand(let name, let suggestion):
            return "unknown subcommand '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .missingValue(let synopsis):
            return "missing value for '\(synopsis)'"
        case .unexpectedValue(let option, let value):
            return "the option '\(option)' does not take any value, but '\(value)' was specified."
        case .invalidChoice(let value, let synopsis, let choices):
            return "the value '\(value)' is invalid for '\(synopsis)'. Please provide one of \(Self.list(choices))."
        case .missingArgument(let synopsis):
            return "missing expected argument '\(synopsis)'"
        case .unexpectedArguments(let values):
            if values.count == 1 { return "unexpected argument '\(values[0])'" }
            return "\(values.count) unexpected arguments: " + values.map { "'\($0)'" }.joined(separator: ", ")
        case .exclusiveOptions(let first, let second):
            return "'\(first)' and '\(second)' cannot be used together"
        case .notATemplateOption(let spelling, let template, let options):
            let known = options.isEmpty ? "it has no options" : "its options: " + options.joined(separator: ", ")
            return "'\(spelling)' is not an option of template '\(template)' (\(known))"
        case .notForEngine(let option, let engine):
            return "'\(option)' does not apply to \(engine) templates"
        }
    }

    /// `'a' and 'b'`, `'a', 'b' or 'c'`: kept on one line however many choices there are, because every
    /// message is one line.
    private static func list(_ choices: [String]) -> String {
        let quoted = choices.map { "'\($0)'" }
        guard let last = quoted.last else { return "nothing" }
        if quoted.count == 1 { return last }
        let separator = quoted.count == 2 ? " and " : " or "
        return quoted.dropLast().joined(separator: ", ") + separator + last
    }

    /// The candidate closest to `typed`, if it is close enough to be a plausible typo.
    static func suggestion(for typed: String, among candidates: [String]) -> String? {
        Suggestion.closest(to: typed, among: candidates)
    }
}
