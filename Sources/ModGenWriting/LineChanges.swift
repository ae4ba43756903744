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
    ///
    /// With `compacted`, the script is the one git's diff finds: lines that cannot match are set aside before the
    /// search (`UnmatchedLines`), and runs among repeated lines are then placed as git places them (see
    /// `Compaction`). Where a change sits among equal lines is a free choice, and making git's choice gives git's
    /// merges, conflicts included.
    static func changes(old: [Int], new: [Int], compacted: Bool = false) -> [LineChange] {
        var deleted: [Bool]
        var inserted: [Bool]
        if compacted {
            let unmatched = UnmatchedLines(old: old, new: new)
            let script = LineDiff(old: unmatched.keptOld.map { old[$0] }, new: unmatched.keptNew.map { new[$0] })
            (deleted, inserted) = (unmatched.deleted, unmatched.inserted)
            for (index, line) in unmatched.keptOld.enumerated() where script.deleted[index] { deleted[line] = true }
            for (index, line) in unmatched.keptNew.enumerated() where script.inserted[index] { inserted[line] = true }
        } else {
            let script = LineDiff(old: old, new: new)
            (deleted, inserted) = (script.deleted, script.inserted)
        }
        if compacted {
            var oldSide = Compaction(lines: old, changed: deleted)
            var newSide = Compaction(lines: new, changed: inserted)
            oldSide.compact(against: &newSide)
            newSide.compact(against: &oldSide)
            deleted = oldSide.changed
            inserted = newSide.changed
        }
        var changes: [LineChange] = []
        var (oldIndex, newIndex) = (0, 0)
        while oldIndex < deleted.count || newIndex < inserted.count {
            let (oldStart, newStart) = (oldIndex, newIndex)
            while oldIndex < deleted.count && deleted[oldIndex] { oldIndex += 1 }
            while newIndex < inserted.count && inserted[newIndex] { newIndex += 1 }
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
}

/// One side of an edit script, its runs ("groups") of changed lines slid as git's xdiff slides them: each run is
/// moved up as far as equal lines allow, then down as far as they allow, merging with the runs it meets, and
/// finally back up to the last place where it lines up with a run of the other side, if it passed one. The
/// other side's runs move in step, so both sides stay one script.
struct Compaction {
    let lines: [Int]
    private(set) var changed: [Bool]

    init(lines: [Int], changed: [Bool]) {
        self.lines = lines
        self.changed = changed
    }

    /// One run of changed lines, `start..<end`; empty between two unchanged lines.
    struct Group {
        var start: Int
        var end: Int
    }

    private func isChanged(_ index: Int) -> Bool { index >= 0 && index < changed.count && changed[index] }

    func firstGroup() -> Group {
        var end = 0
        while isChanged(end) { end += 1 }
        return Group(start: 0, end: end)
    }

    /// The next group, or `nil` at the end.
    func next(_ group: Group) -> Group? {
        guard group.end < lines.count else { return nil }
        var end = group.end + 1
        while isChanged(end) { end += 1 }
        return Group(start: group.end + 1, end: end)
    }

    func previous(_ group: Group) -> Group? {
        guard group.start > 0 else { return nil }
        var start = group.start - 1
        while isChanged(start - 1) { start -= 1 }
        return Group(start: start, end: group.start - 1)
    }

    mutating func slideDown(_ group: inout Group) -> Bool {
        guard group.end < lines.count, lines[group.start] == lines[group.end] else { return false }
        changed[group.start] = false
        changed[group.end] = true
        group.start += 1
        group.end += 1
        while isChanged(group.end) { group.end += 1 }
        return true
    }

    mutating func slideUp(_ group: inout Group) -> Bool {
        guard group.start > 0, lines[group.start - 1] == lines[group.end - 1] else { return false }
        group.start -= 1
        group.end -= 1
        changed[group.start] = true
        changed[group.end] = false
        while isChanged(group.start - 1) { group.start -= 1 }
        return true
    }

    mutating func compact(against other: inout Compaction) {
        var group = firstGroup()
        var otherGroup = other.firstGroup()
        while true {
            if group.end > group.start {
                var size: Int
                var earliestEnd: Int
                var endMatchingOther: Int?
                repeat {
                    size = group.end - group.start
                    endMatchingOther = nil
                    while slideUp(&group) { otherGroup = other.previous(otherGroup) ?? otherGroup }
                    earliestEnd = group.end
                    if otherGroup.end > otherGroup.start { endMatchingOther = group.end }
                    while slideDown(&group) {
                        otherGroup = other.next(otherGroup) ?? otherGroup
                        if otherGroup.end > otherGroup.start { endMatchingOther = group.end }
                    }
                } while size != group.end - group.start
                if group.end != earliestEnd, endMatchingOther != nil {
                    while otherGroup.end == otherGroup.start {
                        guard slideUp(&group), let previous = other.previous(otherGroup) else { break }
                        otherGroup = previous
                    }
                }
            }
            guard let nextGroup = next(group), let nextOther = other.next(otherGroup) else { break }
            group = nextGroup
            otherGroup = nextOther
        }
    }
}
