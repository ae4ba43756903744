/// One valid set of option values and its stable, readable name.
public struct OptionCombination: Equatable, Sendable {
    /// `default` when every option has its default; else the non-default choices in manifest order joined by `+`:
    /// `interface-storyboard+formatter+rx`, `no-interactor`.
    public var name: String
    public var values: OptionValues
}

extension ModuleTemplate {
    /// Every combination of option values the template allows (both states of each flag, every choice, each text
    /// option's sample), in a stable order: the all-defaults combination first.
    public func validCombinations() -> [OptionCombination] {
        var combinations: [[String: OptionValue]] = [[:]]
        for option in options {
            combinations = combinations.flatMap { partial in
                option.snapshotValues.map { value in partial.merging([option.name: value]) { _, new in new } }
            }
        }
        return combinations.map(OptionValues.init).filter {
            constraintProblems(in: $0).isEmpty && !isRedundantCombination($0)
        }.map {
            OptionCombination(name: combinationName($0), values: $0)
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
