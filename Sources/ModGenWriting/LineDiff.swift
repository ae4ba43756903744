/// A shortest edit script between two sequences of lines, found with Myers' O(ND) algorithm in its linear-space
/// form: search from both ends for the middle of an optimal path, split there, recurse on both halves.
///
/// Lines are compared as integers (callers number equal lines equally), so comparing is cheap and the work is
/// proportional to the lines times the differences, not to the product of the two lengths.
struct LineDiff {
    /// `deleted[i]`: line `i` of the old sequence is not kept; `inserted[j]`: line `j` of the new one is added.
    private(set) var deleted: [Bool]
    private(set) var inserted: [Bool]

    private let old: [Int]
    private let new: [Int]
    /// Furthest x reached on each diagonal k = x - y, searching forward from the start and backward from the end;
    /// shared by every step of the recursion, indexed by `k + diagonalOffset`.
    private var forward: [Int]
    private var backward: [Int]
    private let diagonalOffset: Int

    /// Below any x, above any x: what a diagonal not reached yet holds, so the comparisons never pick it.
    private static let unreachedForward = Int.min / 2
    private static let unreachedBackward = Int.max / 2

    init(old: [Int], new: [Int]) {
        self.old = old
        self.new = new
        deleted = Array(repeating: false, count: old.count)
        inserted = Array(repeating: false, count: new.count)
        // Diagonals run from -new.count to old.count, plus one guard entry on each side.
        diagonalOffset = new.count + 1
        forward = Array(repeating: 0, count: old.count + new.count + 3)
        backward = forward
        compare(oldRange: 0..<old.count, newRange: 0..<new.count)
    }

    private mutating func compare(oldRange: Range<Int>, newRange: Range<Int>) {
        var oldLow = oldRange.lowerBound
        var oldHigh = oldRange.upperBound
        var newLow = newRange.lowerBound
        var newHigh = newRange.upperBound
        while oldLow < oldHigh && newLow < newHigh && old[oldLow] == new[newLow] {
            oldLow += 1
            newLow += 1
        }
        while oldLow < oldHigh && newLow < newHigh && old[oldHigh - 1] == new[newHigh - 1] {
            oldHigh -= 1
            newHigh -= 1
        }
        if oldLow == oldHigh || newLow == newHigh {
            markChanged(oldRange: oldLow..<oldHigh, newRange: newLow..<newHigh)
            return
        }
        // Both sides are non-empty and differ at both ends, so an optimal path has at least two edits and its
        // middle point splits it into two strictly smaller problems; anything else would recurse forever, so
        // it falls back to replacing the whole range (still a correct script, if not a shortest one).
        guard let (x, y) = middle(oldLow: oldLow, oldHigh: oldHigh, newLow: newLow, newHigh: newHigh),
            (x, y) != (oldLow, newLow), (x, y) != (oldHigh, newHigh)
        else {
            markChanged(oldRange: oldLow..<oldHigh, newRange: newLow..<newHigh)
            return
        }
        compare(oldRange: oldLow..<x, newRange: newLow..<y)
        compare(oldRange: x..<oldHigh, newRange: y..<newHigh)
    }

    private mutating func markChanged(oldRange: Range<Int>, newRange: Range<Int>) {
        for index in oldRange { deleted[index] = true }
        for index in newRange { inserted[index] = true }
    }

    /// A point (x, y) on a shortest path through the box, found where the forward and backward searches meet.
    private mutating func middle(oldLow: Int, oldHigh: Int, newLow: Int, newHigh: Int) -> (Int, Int)? {
        let lowestDiagonal = oldLow - newHigh
        let highestDiagonal = oldHigh - newLow
        let forwardStart = oldLow - newLow
        let backwardStart = oldHigh - newHigh
        // With an odd difference of the diagonals the searches meet during a forward step, else a backward one.
        let meetsForward = (forwardStart - backwardStart) & 1 != 0
        var (forwardMin, forwardMax) = (forwardStart, forwardStart)
        var (backwardMin, backwardMax) = (backwardStart, backwardStart)
        forward[diagonalOffset + forwardStart] = oldLow
        backward[diagonalOffset + backwardStart] = oldHigh

        let maximumSteps = (oldHigh - oldLow) + (newHigh - newLow)
        for _ in 0..<maximumSteps {
            // One more edit widens the searched diagonals by one on each side, until the box's corner diagonal.
            if forwardMin > lowestDiagonal {
                forwardMin -= 1
                forward[diagonalOffset + forwardMin - 1] = Self.unreachedForward
            } else {
                forwardMin += 1
            }
            if forwardMax < highestDiagonal {
                forwardMax += 1
                forward[diagonalOffset + forwardMax + 1] = Self.unreachedForward
            } else {
                forwardMax -= 1
            }
            for k in stride(from: forwardMax, through: forwardMin, by: -2) {
                let fromBelow = forward[diagonalOffset + k - 1]
                let fromAbove = forward[diagonalOffset + k + 1]
                // A deletion from diagonal k - 1 or an insertion from k + 1, whichever gets further, kept
                // inside the box.
                var x = min(fromBelow < fromAbove ? fromAbove : fromBelow + 1, oldHigh, newHigh + k)
                var y = x - k
                while x < oldHigh && y < newHigh && old[x] == new[y] {
                    x += 1
                    y += 1
                }
                forward[diagonalOffset + k] = x
                if meetsForward && backwardMin <= k && k <= backwardMax && backward[diagonalOffset + k] <= x {
                    return (x, y)
                }
            }

            if backwardMin > lowestDiagonal {
                backwardMin -= 1
                backward[diagonalOffset + backwardMin - 1] = Self.unreachedBackward
            } else {
                backwardMin += 1
            }
            if backwardMax < highestDiagonal {
                backwardMax += 1
                backward[diagonalOffset + backwardMax + 1] = Self.unreachedBackward
            } else {
                backwardMax -= 1
            }
            for k in stride(from: backwardMax, through: backwardMin, by: -2) {
                let fromBelow = backward[diagonalOffset + k - 1]
                let fromAbove = backward[diagonalOffset + k + 1]
                var x = max(fromBelow < fromAbove ? fromBelow : fromAbove - 1, oldLow, newLow + k)
                var y = x - k
                while x > oldLow && y > newLow && old[x - 1] == new[y - 1] {
                    x -= 1
                    y -= 1
                }
                backward[diagonalOffset + k] = x
                if !meetsForward && forwardMin <= k && k <= forwardMax && x <= forward[diagonalOffset + k] {
                    return (x, y)
                }
            }
        }
        return nil
    }
}
