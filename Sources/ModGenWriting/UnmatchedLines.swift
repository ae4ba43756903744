/// The lines git's diff sets aside before it searches for the shortest edit script, so the script it finds among
/// equally short ones is git's (a three-way merge's conflicts show where each side's changes were placed).
///
/// Past the lines both texts start and end with, a line that never occurs in the other text is changed whatever
/// the script, and is marked so without being compared. A line that occurs many times in the other text (at least
/// about the square root of its own text's length) is set aside too when it sits among such lines: when, within
/// 100 lines either way, the lines around it up to the nearest ordinary line are set-aside or frequent ones on both
/// sides, and fewer than a quarter of them are frequent. The search then runs on the lines that are left.
struct UnmatchedLines {
    /// The lines of each text the search compares (indices into the text); the lines both texts start and end
    /// with are not among them, and are unchanged.
    private(set) var keptOld: [Int] = []
    private(set) var keptNew: [Int] = []
    /// Lines already known to be changed.
    private(set) var deleted: [Bool]
    private(set) var inserted: [Bool]

    init(old: [Int], new: [Int]) {
        deleted = Array(repeating: false, count: old.count)
        inserted = Array(repeating: false, count: new.count)
        var start = 0
        while start < min(old.count, new.count), old[start] == new[start] { start += 1 }
        var end = 0
        while end < min(old.count, new.count) - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
            end += 1
        }
        let oldCounts = Self.occurrences(old)
        let newCounts = Self.occurrences(new)
        (keptOld, deleted) = Self.kept(old, in: start..<(old.count - end), otherCounts: newCounts)
        (keptNew, inserted) = Self.kept(new, in: start..<(new.count - end), otherCounts: oldCounts)
    }

    private static func occurrences(_ lines: [Int]) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for line in lines { counts[line, default: 0] += 1 }
        return counts
    }

    /// How a line of the compared middle stands: no match in the other text, a few, or many.
    private enum Matches {
        case none, some, many
    }

    private static func kept(_ lines: [Int], in middle: Range<Int>, otherCounts: [Int: Int]) -> ([Int], [Bool]) {
        let frequent = min(roughSquareRoot(lines.count), 1024)
        var matches = Array(repeating: Matches.none, count: lines.count)
        for index in middle {
            let count = otherCounts[lines[index], default: 0]
            matches[index] = count == 0 ? .none : count >= frequent ? .many : .some
        }
        var kept: [Int] = []
        var changed = Array(repeating: false, count: lines.count)
        for index in middle {
            if matches[index] == .some
                || (matches[index] == .many && !isAmongUnmatched(index, matches: matches, middle: middle))
            {
                kept.append(index)
            } else {
                changed[index] = true
            }
        }
        return (kept, changed)
    }

    /// The smallest power of two whose square is above `count` (1 for 0): git's quick stand-in for a square root.
    private static func roughSquareRoot(_ count: Int) -> Int {
        var root = 1
        var rest = count
        while rest > 0 {
            root <<= 1
            rest >>= 2
        }
        return root
    }

    /// Whether the frequent line at `index` sits in a run of unmatched and frequent lines with unmatched ones on
    /// both sides, mostly unmatched.
    private static func isAmongUnmatched(_ index: Int, matches: [Matches], middle: Range<Int>) -> Bool {
        let window = 100
        let first = max(middle.lowerBound, index - window)
        let last = min(middle.upperBound - 1, index + window)
        var (unmatchedBefore, frequentBefore) = (0, 1)
        var position = index - 1
        while position >= first, matches[position] != .some {
            if matches[position] == .none { unmatchedBefore += 1 } else { frequentBefore += 1 }
            position -= 1
        }
        if unmatchedBefore == 0 { return false }
        var (unmatchedAfter, frequentAfter) = (0, 1)
        position = index + 1
        while position <= last, matches[position] != .some {
            if matches[position] == .none { unmatchedAfter += 1 } else { frequentAfter += 1 }
            position += 1
        }
        if unmatchedAfter == 0 { return false }
        let frequentLines = frequentBefore + frequentAfter
        return frequentLines * 4 < frequentLines + unmatchedBefore + unmatchedAfter
    }
}
