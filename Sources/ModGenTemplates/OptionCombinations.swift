import ModGenCore

/// One valid set of option values and its stable, readable name.
public struct OptionCombination: Equatable, Sendable {
    /// `default` when every option has its default; else the non-default choices in manifest order joined by `+`:
    /// `interface-storyboard+formatter+rx`, `no-interactor`.
    public var name: String
    public var values: OptionValues
}

/// A template whose combinations a snapshot cannot walk: too many to record one by one, or rules between options
/// that make the pairwise search too long (exit 65).
public enum CombinationLimitError: ModGenError, Equatable {
    /// `template` (its definition file) has at least `count` combinations before the rules between options are
    /// checked, more than `maximumAll`.
    case tooManyForAll(template: String, count: Int)
    /// Finding one combination of the pairwise set took more than `steps` steps.
    case pairwiseSearchTooLong(template: String, steps: Int)

    /// The most combinations `validCombinations()` walks: each one is rendered, so a snapshot of more would take
    /// hours and gigabytes. The built-in templates have a few hundred.
    public static let maximumAll = 1 << 14

    public var message: String {
        switch self {
        case .tooManyForAll(let template, let count):
            let amount = count > Self.maximumAll ? "more than \(Self.maximumAll)" : "\(count)"
            return "\(template): its options make \(amount) combinations, too many to record every one; use "
                + "--combinations pairwise (or \"snapshot\": {\"combinations\": \"pairwise\"} in a manifest)"
        case .pairwiseSearchTooLong(let template, let steps):
            return "\(template): the rules between options make finding a pairwise combination take more than "
                + "\(steps) steps; simplify the rules, or use --combinations all"
        }
    }
}

extension ModuleTemplate {
    /// How many combinations of the options' snapshot values there are before the rules between options are
    /// checked, counting no further than `limit + 1`.
    package func combinationCount(upTo limit: Int = CombinationLimitError.maximumAll) -> Int {
        var count = 1
        for option in options {
            count *= max(1, option.snapshotValues.count)
            if count > limit { return limit + 1 }
        }
        return count
    }

    /// Every combination of option values the template allows (both states of each flag, every choice, each text
    /// option's sample), in a stable order: the all-defaults combination first. Refuses a template with more than
    /// `CombinationLimitError.maximumAll` combinations to walk.
    public func validCombinations() throws(CombinationLimitError) -> [OptionCombination] {
        let count = combinationCount()
        guard count <= CombinationLimitError.maximumAll else {
            throw .tooManyForAll(template: definitionPath, count: count)
        }
        let options = self.options
        let choices = options.map(\.snapshotValues)
        guard !choices.contains(where: \.isEmpty) else { return [] }
        var combinations: [OptionCombination] = []
        var values = OptionValues()
        for (option, optionChoices) in zip(options, choices) { values[option.name] = optionChoices[0] }
        // An odometer, the last option turning fastest: the order of nested loops, the first option outermost.
        var indices = Array(repeating: 0, count: options.count)
        while true {
            if constraintProblems(in: values).isEmpty && !isRedundantCombination(values) {
                combinations.append(OptionCombination(name: combinationName(values), values: values))
            }
            var position = options.count - 1
            while position >= 0 {
                indices[position] += 1
                if indices[position] < choices[position].count { break }
                indices[position] = 0
                values[options[position].name] = choices[position][0]
                position -= 1
            }
            guard position >= 0 else { return combinations }
            values[options[position].name] = choices[position][indices[position]]
        }
    }

    package func combinationName(_ values: OptionValues) -> String {
        var parts: [String] = []
        for option in options {
            guard let value = values[option.name], value != option.defaultValue else { continue }
            switch value {
            case .flag(let on): parts.append(on ? option.flagName : "no-\(option.flagName)")
            case .choice(let text): parts.append("\(option.flagName)-\(text)")
            case .text(let text): parts.append(text.isEmpty ? "no-\(option.flagName)" : "\(option.flagName)-\(text)")
            }
        }
        return parts.isEmpty ? "default" : parts.joined(separator: "+")
    }
}
