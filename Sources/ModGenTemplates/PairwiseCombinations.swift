/// Which option combinations `modgen snapshot` records: all the valid ones, or a pairwise covering set.
public enum CombinationSet: String, CaseIterable, Sendable {
    case all
    /// Every pair of values of two options that some valid combination has appears in at least one recorded
    /// combination: a template with many flags records a few dozen combinations instead of thousands, and still
    /// shows every interaction of two options.
    case pairwise
}

extension ModuleTemplate {
    /// The valid combinations `set` asks for, in the order of `validCombinations()` (defaults first).
    public func combinations(_ set: CombinationSet) throws(CombinationLimitError) -> [OptionCombination] {
        set == .all ? try validCombinations() : try PairwiseCover(template: self).cover()
    }
}

/// The pairwise covering set of a template's combinations, built one combination at a time without listing every
/// valid combination (a template with 20 flags has a million).
///
/// The same on every machine: the first valid combination (all defaults when they are valid); then, for each of the
/// first few pairs of values not yet covered, a combination that holds it and, option by option in manifest order,
/// the value that covers the most pairs not yet covered (the earlier value on a tie), recording the one of them
/// that covers most (the earlier on a tie); until every pair some valid combination has is covered. Combinations are searched depth first, and a branch ends as soon as the options
/// chosen so far break a rule among themselves, so `requires` and `conflicts` hold in each, and a pair they forbid
/// is found impossible instead of asked for.
struct PairwiseCover {
    /// The most steps (options given a value) one search may take: rules that make a pair hard to reach would
    /// otherwise walk every combination.
    static let defaultMaximumSearchSteps = 1 << 16
    /// How many combinations are built for the choice of each one: more covers the pairs with fewer combinations,
    /// at that many times the work.
    static let candidatesPerCombination = 8

    let template: any ModuleTemplate
    let maximumSearchSteps: Int
    private let options: [TemplateOption]
    private let choices: [[OptionValue]]
    /// The options with more than one value: only their values make pairs worth covering.
    private let varying: [Int]

    init(template: any ModuleTemplate, maximumSearchSteps: Int = defaultMaximumSearchSteps) {
        self.template = template
        self.maximumSearchSteps = maximumSearchSteps
        options = template.options
        let choices = options.map(\.snapshotValues)
        self.choices = choices
        varying = choices.indices.filter { choices[$0].count > 1 }
    }

    /// What a recorded combination must hold at least once: one value of one option, or a pair of them.
    private typealias Target = [Assignment]
    private struct Assignment: Hashable {
        var option: Int
        var value: Int
    }

    func cover() throws(CombinationLimitError) -> [OptionCombination] {
        guard !choices.contains(where: \.isEmpty), let first = try search(holding: []) else { return [] }
        var targets: [Target] = []
        if varying.count == 1 {
            targets = choices[varying[0]].indices.map { [Assignment(option: varying[0], value: $0)] }
        }
        for (position, option) in varying.enumerated() {
            for other in varying[(position + 1)...] {
                for value in choices[option].indices {
                    for otherValue in choices[other].indices {
                        targets.append([
                            Assignment(option: option, value: value), .init(option: other, value: otherValue),
                        ])
                    }
                }
            }
        }
        var uncovered = Set(targets)
        var chosen: [[Int]] = []
        func record(_ combination: [Int]) {
            chosen.append(combination)
            uncovered.subtract(self.targets(in: combination))
        }
        record(first)
        var next = 0
        while true {
            // Candidates for the next combination: one for each of the first few pairs not yet covered; the one
            // that covers the most wins (the earliest on a tie).
            var best: (combination: [Int], covers: Int)?
            var tried = 0
            var position = next
            while tried < Self.candidatesPerCombination, position < targets.count {
                let target = targets[position]
                position += 1
                guard uncovered.contains(target) else {
                    if tried == 0 { next = position }
                    continue
                }
                tried += 1
                guard let combination = try search(holding: target, uncovered: uncovered) else {
                    // No valid combination holds it: not asked for.
                    uncovered.remove(target)
                    continue
                }
                let covers = self.targets(in: combination).reduce(0) { $0 + (uncovered.contains($1) ? 1 : 0) }
                if covers > best?.covers ?? 0 { best = (combination, covers) }
            }
            guard let best else {
                // Every pair tried was impossible: go on with the next ones, if any are left.
                if position < targets.count { continue }
                break
            }
            record(best.combination)
        }
        return chosen.sorted { $0.lexicographicallyPrecedes($1) }.map { indices in
            let values = self.values(of: indices)
            return OptionCombination(name: template.combinationName(values), values: values)
        }
    }

    /// The targets a combination (each option's value index) holds.
    private func targets(in combination: [Int]) -> [Target] {
        if varying.count == 1 { return [[Assignment(option: varying[0], value: combination[varying[0]])]] }
        var result: [Target] = []
        for (position, option) in varying.enumerated() {
            for other in varying[(position + 1)...] {
                result.append([
                    Assignment(option: option, value: combination[option]),
                    Assignment(option: other, value: combination[other]),
                ])
            }
        }
        return result
    }

    private func values(of indices: [Int]) -> OptionValues {
        var values = OptionValues()
        for (option, index) in indices.enumerated() { values[options[option].name] = choices[option][index] }
        return values
    }

    /// The first valid combination holding `fixed`, trying at each option the values that cover the most of
    /// `uncovered` first; `nil` when there is none.
    private func search(holding fixed: Target, uncovered: Set<Target> = []) throws(CombinationLimitError) -> [Int]? {
        var indices = Array(repeating: 0, count: options.count)
        var values = OptionValues()
        var assigned = Set<String>()
        if options.isEmpty { return isDeadEnd(values, assigned: assigned) ? nil : [] }
        for assignment in fixed {
            indices[assignment.option] = assignment.value
            values[options[assignment.option].name] = choices[assignment.option][assignment.value]
            assigned.insert(options[assignment.option].name)
        }
        let fixedOptions = Set(fixed.map(\.option))
        var steps = 0
        // The candidates of each option on the way down, and which of them is being tried.
        var stack: [(candidates: [Int], next: Int)] = []
        func candidates(of option: Int) -> [Int] {
            if fixedOptions.contains(option) { return [indices[option]] }
            let all = Array(choices[option].indices)
            guard !uncovered.isEmpty else { return all }
            let gains = all.map { gain(option: option, value: $0, indices: indices, fixed: fixedOptions, uncovered) }
            return all.sorted { gains[$0] != gains[$1] ? gains[$0] > gains[$1] : $0 < $1 }
        }
        stack.append((candidates(of: 0), 0))
        while let top = stack.last {
            let option = stack.count - 1
            guard top.next < top.candidates.count else {
                stack.removeLast()
                if !fixedOptions.contains(option) {
                    values[options[option].name] = nil
                    assigned.remove(options[option].name)
                }
                continue
            }
            stack[option].next += 1
            steps += 1
            if steps > maximumSearchSteps {
                throw .pairwiseSearchTooLong(template: template.definitionPath, steps: maximumSearchSteps)
            }
            indices[option] = top.candidates[top.next]
            values[options[option].name] = choices[option][indices[option]]
            assigned.insert(options[option].name)
            if isDeadEnd(values, assigned: assigned) { continue }
            if option == options.count - 1 { return indices }
            stack.append((candidates(of: option + 1), 0))
        }
        return nil
    }

    /// How many uncovered pairs giving `option` the value `value` covers, with the options already chosen.
    private func gain(option: Int, value: Int, indices: [Int], fixed: Set<Int>, _ uncovered: Set<Target>) -> Int {
        if varying.count == 1 { return uncovered.contains([Assignment(option: option, value: value)]) ? 1 : 0 }
        var count = 0
        for other in varying where other != option && (other < option || fixed.contains(other)) {
            let mine = Assignment(option: option, value: value)
            let theirs = Assignment(option: other, value: indices[other])
            if uncovered.contains(other < option ? [theirs, mine] : [mine, theirs]) { count += 1 }
        }
        return count
    }

    /// Whether the options chosen so far already break a rule among themselves, whatever the others will hold.
    private func isDeadEnd(_ values: OptionValues, assigned: Set<String>) -> Bool {
        if assigned.count == options.count {
            return !template.constraintProblems(in: values).isEmpty || template.isRedundantCombination(values)
        }
        let broken = template.constraintViolations(in: values).contains { $0.optionNames.isSubset(of: assigned) }
        return broken || template.isRedundantCombination(values)
    }
}
