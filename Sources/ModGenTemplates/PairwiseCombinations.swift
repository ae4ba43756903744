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
    public func combinations(_ set: CombinationSet) -> [OptionCombination] {
        let valid = validCombinations()
        return set == .all ? valid : PairwiseCover.cover(of: valid, options: options.map(\.name))
    }
}

/// The pairwise covering set of a template's combinations.
package enum PairwiseCover {

    /// A greedy covering set, the same on every machine: the all-defaults combination first, then again and again
    /// the first combination (in `valid`'s order) that covers the most pairs not yet covered, until every pair
    /// some valid combination has is covered. Only valid combinations are candidates, so `requires` and
    /// `conflicts` hold in each, and pairs they forbid are never asked for.
    package static func cover(of valid: [OptionCombination], options: [String]) -> [OptionCombination] {
        guard !valid.isEmpty else { return [] }
        let pairsOf = valid.map { pairs(in: $0.values, options: options) }
        var uncovered = pairsOf.reduce(into: Set<Pair>()) { $0.formUnion($1) }
        var chosen: [Int] = [0]
        uncovered.subtract(pairsOf[0])
        while !uncovered.isEmpty {
            var best = 0
            var bestCount = 0
            for index in valid.indices {
                let count = pairsOf[index].intersection(uncovered).count
                if count > bestCount { (best, bestCount) = (index, count) }
            }
            chosen.append(best)
            uncovered.subtract(pairsOf[best])
        }
        return chosen.sorted().map { valid[$0] }
    }

    /// Two options' values, the options in manifest order.
    struct Pair: Hashable {
        var first: Int
        var firstValue: String
        var second: Int
        var secondValue: String
    }

    private static func pairs(in values: OptionValues, options: [String]) -> Set<Pair> {
        let texts = options.map { values[$0]?.text ?? "" }
        var result = Set<Pair>()
        for first in texts.indices {
            for second in texts.indices where second > first {
                result.insert(Pair(first: first, firstValue: texts[first], second: second, secondValue: texts[second]))
            }
        }
        return result
    }
}
