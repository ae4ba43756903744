/// One run of removed and added lines between unchanged ones: `old` lines are replaced by `new` lines (either may
/// be empty).
struct LineChange: Equatable {
    var old: Range<Int>
    var new: Range<Int>
}

/// Texts as lines and the changes between them, on top of `LineDiff`: what unified diffs and three-way merges share.
enum LineChanges {
    /// The lines of `bytes`, split after each `\n` byte, each with its `\n` if it has one: keeping the newline in
    /// the line makes a last line without one compare unequal to the same line with one.
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// Numbers lines so that equal lines get equal numbers, across every text numbered with the same instance.
    struct Numbering {
        private var numbers: [ArraySlice<UInt8>: Int] = [:]

        mutating func number(_ lines: [ArraySlice<UInt8>]) -> [Int] {
            lines.map { line in
                if let known = numbers[line] { return known }
                numbers[line] = numbers.count
                return numbers.count - 1
            }
        }
    }

    /// The edit script as runs of changed lines: within a run the removals come before the additions.
    static func changes(old: [Int], new: [Int]) -> [LineChange] {
        let script = LineDiff(old: old, new: new)
        var changes: [LineChange] = []
        var (oldIndex, newIndex) = (0, 0)
        while oldIndex < script.deleted.count || newIndex < script.inserted.count {
            let (oldStart, newStart) = (oldIndex, newIndex)
            while oldIndex < script.deleted.count && script.deleted[oldIndex] { oldIndex += 1 }
            while newIndex < script.inserted.count && script.inserted[newIndex] { newIndex += 1 }
            if oldIndex > oldStart || newIndex > newStart {
                changes.append(LineChange(old: oldStart..<oldIndex, new: newStart..<newIndex))
            } else {
                // An unchanged line, present on both sides.
                oldIndex += 1
                newIndex += 1
            }
        }
        return changes
    }

    /// `changes` with every pure insertion and pure deletion slid down as far as equal lines allow (`a b a` with
    /// the first two lines deleted becomes the last two), merged with the next change when it reaches it. Where a
    /// change sits among repeated lines is a free choice; making the same choice as `git` (which slides changes
    /// down too) gives the same merges.
    static func slidDown(_ changes: [LineChange], old: [Int], new: [Int]) -> [LineChange] {
        var result: [LineChange] = []
        var index = 0
        let pending = changes
        while index < pending.count {
            var change = pending[index]
            index += 1
            while change.old.isEmpty != change.new.isEmpty {
                let next = index < pending.count ? pending[index] : nil
                // The unchanged line after the change must exist and not start the next change.
                guard change.old.upperBound < old.count, change.new.upperBound < new.count,
                    next.map({ $0.old.lowerBound > change.old.upperBound }) ?? true
                else { break }
                let canSlide =
                    change.old.isEmpty
                    ? new[change.new.lowerBound] == new[change.new.upperBound]
                    : old[change.old.lowerBound] == old[change.old.upperBound]
                guard canSlide else { break }
                change.old = (change.old.lowerBound + 1)..<(change.old.upperBound + 1)
                change.new = (change.new.lowerBound + 1)..<(change.new.upperBound + 1)
                if let next, next.old.lowerBound == change.old.upperBound, next.new.lowerBound == change.new.upperBound
                {
                    change = LineChange(
                        old: change.old.lowerBound..<next.old.upperBound,
                        new: change.new.lowerBound..<next.new.upperBound)
                    index += 1
                }
            }
            result.append(change)
        }
        return result
    }
}
