import ModGenKit

/// A command line the parser could not accept. The wording follows swift-argument-parser's messages, with a
/// lowercase start because it follows `modgen: error:`.
enum UsageError: ModGenError, Equatable {
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

    /// The candidate closest to `typed`, if it is close enough to be a plausible typo (an edit distance under 4,
    /// the threshold swift-argument-parser settled on).
    static func suggestion(for typed: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance < 4 else { return nil }
        return best.candidate
    }

    /// Levenshtein distance over characters, keeping one row of the table at a time.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current.append(min(substitution, previous[j] + 1, current[j - 1] + 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
