/// A three-way line merge with the results of `git merge-file` (its default: the "zealous" merge level that shrinks
/// conflicts to the lines that really differ, merges conflicts fewer than four lines apart, or apart only by lines
/// without a letter or digit, and the plain two-sided conflict markers).
///
/// The base is what both sides started from; each side's changes to it are found with `LineDiff`, and changes that
/// touch different lines of the base are both taken. Changes that overlap, or that touch without a base line
/// between them, are a conflict, unless both sides made exactly the same change. A conflict is written between
/// markers, the developer's side first, so nothing is lost:
///
/// ```
/// <<<<<<< <yours label>
/// the developer's lines
/// =======
/// the template's lines
/// >>>>>>> <theirs label>
/// ```
///
/// With `ConflictStyle.diff3` (git's `--diff3`) a conflict also shows the base's lines, after a `||||||| <base
/// label>` line before `=======`.
public enum ThreeWayMerge {
    /// How conflicts are written, named as git's `merge.conflictStyle` names them.
    public enum ConflictStyle: String, Sendable, CaseIterable {
        /// Both sides between markers, each conflict shrunk to the lines that really differ and close conflicts
        /// joined (git's default).
        case merge
        /// Both sides and the base's lines between them; conflicts are neither shrunk nor joined, because the base
        /// they show would no longer match them (`git merge-file --diff3`).
        case diff3
        /// As `diff3`, with the lines both sides share at the start and at the end of a conflict taken out of it
        /// (`git merge-file --zdiff3`).
        case zdiff3
    }

    public struct Result: Equatable, Sendable {
        /// The merged text, with conflict markers where the sides could not be merged.
        public var bytes: [UInt8]
        /// How many conflicts the text holds (as `git merge-file` counts them).
        public var conflicts: Int
    }

    /// Merges what `yours` and `theirs` each changed in `base`.
    /// `baseLabel` follows `|||||||` in the `diff3` and `zdiff3` styles.
    public static func merge(
        base: [UInt8], yours: [UInt8], theirs: [UInt8], yoursLabel: String, theirsLabel: String,
        style: ConflictStyle = .merge, baseLabel: String = "base"
    ) -> Result {
        merge(
            base: base, yours: yours, theirs: theirs, yoursLabel: yoursLabel, theirsLabel: theirsLabel, style: style,
            baseLabel: baseLabel, resolvingInsertions: { _, _ in nil })
    }

    /// Merges as `merge` does, except that a conflict where both sides only inserted lines at the same place of
    /// the base (no base line changed on either side) is first handed to `resolvingInsertions` with the developer's
    /// lines and the other side's: the bytes it returns are taken instead of the conflict, `nil` keeps the conflict.
    /// The question is asked before conflicts are shrunk and joined, so it sees each side's whole insertion.
    package static func merge(
        base: [UInt8], yours: [UInt8], theirs: [UInt8], yoursLabel: String, theirsLabel: String,
        style: ConflictStyle = .merge, baseLabel: String = "base",
        resolvingInsertions: ([ArraySlice<UInt8>], [ArraySlice<UInt8>]) -> [UInt8]?
    ) -> Result {
        var numbering = LineChanges.Numbering()
        let baseText = Side(bytes: base, numbering: &numbering)
        let yoursText = Side(bytes: yours, numbering: &numbering)
        let theirsText = Side(bytes: theirs, numbering: &numbering)
        let yoursChanges = changes(from: baseText, to: yoursText)
        let theirsChanges = changes(from: baseText, to: theirsText)
        // One side kept the base as it was: the result is the other side, byte for byte.
        if yoursChanges.isEmpty { return Result(bytes: theirs, conflicts: 0) }
        if theirsChanges.isEmpty { return Result(bytes: yours, conflicts: 0) }

        var regions = MergeRegions.combine(
            yoursChanges, theirsChanges, baseCount: baseText.numbers.count, yoursCount: yoursText.numbers.count,
            theirsCount: theirsText.numbers.count,
            sameLines: { yoursRange, theirsRange in
                yoursText.numbers[yoursRange] == theirsText.numbers[theirsRange]
            })
        var resolutions: [[UInt8]] = []
        for index in regions.indices where regions[index].taken == .conflict && regions[index].base.isEmpty {
            let region = regions[index]
            if let resolved = resolvingInsertions(
                Array(yoursText.lines[region.yours]), Array(theirsText.lines[region.theirs]))
            {
                regions[index].taken = .resolved(resolutions.count)
                resolutions.append(resolved)
            }
        }
        switch style {
        case .merge:
            regions = MergeRegions.refined(regions, yours: yoursText.numbers, theirs: theirsText.numbers)
            regions = MergeRegions.joiningCloseConflicts(regions, yours: yoursText.lines)
        case .diff3:
            break
        case .zdiff3:
            regions = MergeRegions.trimmingSharedEnds(regions, yours: yoursText.numbers, theirs: theirsText.numbers)
        }
        return Output(
            yours: yoursText.lines, theirs: theirsText.lines, base: baseText.lines, yoursLabel: yoursLabel,
            theirsLabel: theirsLabel, baseLabel: style == .merge ? nil : baseLabel, resolutions: resolutions
        )
        .write(regions)
    }

    /// One text as lines and as line numbers comparable with the other texts'.
    struct Side {
        var lines: [ArraySlice<UInt8>]
        var numbers: [Int]

        init(bytes: [UInt8], numbering: inout LineChanges.Numbering) {
            lines = LineChanges.lines(of: bytes)
            numbers = numbering.number(lines)
        }
    }

    private static func changes(from base: Side, to side: Side) -> [LineChange] {
        LineChanges.changes(old: base.numbers, new: side.numbers, compacted: true)
    }
}

/// A stretch of the merge: lines of the base (`base`) that became `yours` lines in the developer's text and
/// `theirs` lines in the template's, and whose of them the result takes.
struct MergeRegion: Equatable {
    enum Taken: Equatable {
        case yours
        case theirs
        case conflict
        /// Both sides made the same change: the developer's text already holds it.
        case same
        /// A conflict of two insertions the caller resolved: the bytes of its resolution with this index.
        case resolved(Int)
    }

    var taken: Taken
    var base: Range<Int>
    var yours: Range<Int>
    var theirs: Range<Int>
}

enum MergeRegions {
    /// Walks both sides' changes in base order: a change alone is taken from its side, overlapping or touching
    /// changes become one conflict, identical changes to the same lines are nothing to do.
    static func combine(
        _ yoursChanges: [LineChange], _ theirsChanges: [LineChange], baseCount: Int, yoursCount: Int,
        theirsCount: Int, sameLines: (Range<Int>, Range<Int>) -> Bool
    ) -> [MergeRegion] {
        var regions: [MergeRegion] = []
        var (yoursIndex, theirsIndex) = (0, 0)
        while yoursIndex < yoursChanges.count && theirsIndex < theirsChanges.count {
            let mine = yoursChanges[yoursIndex]
            let other = theirsChanges[theirsIndex]
            if mine.old.upperBound < other.old.lowerBound {
                // Before the template's next change the template's text is the base moved by a constant offset.
                let theirsStart = other.new.lowerBound - other.old.lowerBound + mine.old.lowerBound
                append(
                    MergeRegion(
                        taken: .yours, base: mine.old, yours: mine.new,
                        theirs: theirsStart..<(theirsStart + mine.old.count)), to: &regions)
                yoursIndex += 1
                continue
            }
            if other.old.upperBound < mine.old.lowerBound {
                let yoursStart = mine.new.lowerBound - mine.old.lowerBound + other.old.lowerBound
                append(
                    MergeRegion(
                        taken: .theirs, base: other.old, yours: yoursStart..<(yoursStart + other.old.count),
                        theirs: other.new), to: &regions)
                theirsIndex += 1
                continue
            }
            if mine.old != other.old || !sameLines(mine.new, other.new) {
                // The conflict spans both changes: each side's range grows by what the other change covers of
                // the base beyond its own.
                let startOffset = mine.old.lowerBound - other.old.lowerBound
                let endOffset = mine.old.upperBound - other.old.upperBound
                let baseStart = min(mine.old.lowerBound, other.old.lowerBound)
                let baseEnd = max(mine.old.upperBound, other.old.upperBound)
                let yoursStart = mine.new.lowerBound - max(startOffset, 0)
                let theirsStart = other.new.lowerBound + min(startOffset, 0)
                let yoursEnd = mine.new.upperBound - min(endOffset, 0)
                let theirsEnd = other.new.upperBound + max(endOffset, 0)
                append(
                    MergeRegion(
                        taken: .conflict, base: baseStart..<baseEnd, yours: yoursStart..<yoursEnd,
                        theirs: theirsStart..<theirsEnd), to: &regions)
            }
            let mineEnd = mine.old.upperBound
            let otherEnd = other.old.upperBound
            if mineEnd >= otherEnd { theirsIndex += 1 }
            if otherEnd >= mineEnd { yoursIndex += 1 }
        }
        for mine in yoursChanges[yoursIndex...] {
            let theirsStart = mine.old.lowerBound + theirsCount - baseCount
            append(
                MergeRegion(
                    taken: .yours, base: mine.old, yours: mine.new, theirs: theirsStart..<(theirsStart + mine.old.count)
                ),
                to: &regions)
        }
        for other in theirsChanges[theirsIndex...] {
            let yoursStart = other.old.lowerBound + yoursCount - baseCount
            append(
                MergeRegion(
                    taken: .theirs, base: other.old, yours: yoursStart..<(yoursStart + other.old.count),
                    theirs: other.new), to: &regions)
        }
        return regions
    }

    /// Adds `region`, or grows the last region over it when they overlap or touch on either side (a region taken
    /// from the other side then makes the whole a conflict).
    private static func append(_ region: MergeRegion, to regions: inout [MergeRegion]) {
        guard var last = regions.last,
            region.yours.lowerBound <= last.yours.upperBound || region.theirs.lowerBound <= last.theirs.upperBound
        else {
            regions.append(region)
            return
        }
        if last.taken != region.taken { last.taken = .conflict }
        last.base = last.base.lowerBound..<max(last.base.lowerBound, region.base.upperBound)
        last.yours = last.yours.lowerBound..<max(last.yours.lowerBound, region.yours.upperBound)
        last.theirs = last.theirs.lowerBound..<max(last.theirs.lowerBound, region.theirs.upperBound)
        regions[regions.count - 1] = last
    }

    /// Shrinks each conflict to the lines where the two sides really differ, splitting it where they agree; a
    /// conflict whose sides are equal is no conflict.
    static func refined(_ regions: [MergeRegion], yours: [Int], theirs: [Int]) -> [MergeRegion] {
        var result: [MergeRegion] = []
        for region in regions {
            guard region.taken == .conflict, !region.yours.isEmpty, !region.theirs.isEmpty else {
                result.append(region)
                continue
            }
            let mine = Array(yours[region.yours])
            let other = Array(theirs[region.theirs])
            let differences = LineChanges.changes(old: mine, new: other, compacted: true)
            if differences.isEmpty {
                var same = region
                same.taken = .same
                result.append(same)
                continue
            }
            for difference in differences {
                // The base range is no longer exact for the pieces; plain conflict markers do not show it.
                result.append(
                    MergeRegion(
                        taken: .conflict, base: region.base,
                        yours: (region.yours.lowerBound + difference.old.lowerBound)..<(region.yours.lowerBound
                            + difference.old.upperBound),
                        theirs: (region.theirs.lowerBound + difference.new.lowerBound)..<(region.theirs.lowerBound
                            + difference.new.upperBound)))
            }
        }
        return result
    }

    /// Joins two conflicts when fewer than four lines lie between them, or lines with no letter or digit (`}`,
    /// blank lines): one conflict reads more easily than two around a few lines.
    static func joiningCloseConflicts(_ regions: [MergeRegion], yours: [ArraySlice<UInt8>]) -> [MergeRegion] {
        var result: [MergeRegion] = []
        for region in regions {
            if var last = result.last, last.taken == .conflict, region.taken == .conflict {
                let between = yours[last.yours.upperBound..<region.yours.lowerBound]
                if between.count <= 3 || !between.contains(where: containsLetterOrDigit) {
                    last.yours = last.yours.lowerBound..<region.yours.upperBound
                    last.theirs = last.theirs.lowerBound..<region.theirs.upperBound
                    result[result.count - 1] = last
                    continue
                }
            }
            result.append(region)
        }
        return result
    }

    /// Takes the lines both sides of a conflict start with, and those they end with, out of it (they are written
    /// once, as merged lines); the base the conflict shows stays whole.
    static func trimmingSharedEnds(_ regions: [MergeRegion], yours: [Int], theirs: [Int]) -> [MergeRegion] {
        regions.map { region in
            guard region.taken == .conflict else { return region }
            var trimmed = region
            while !trimmed.yours.isEmpty, !trimmed.theirs.isEmpty,
                yours[trimmed.yours.lowerBound] == theirs[trimmed.theirs.lowerBound]
            {
                trimmed.yours = (trimmed.yours.lowerBound + 1)..<trimmed.yours.upperBound
                trimmed.theirs = (trimmed.theirs.lowerBound + 1)..<trimmed.theirs.upperBound
            }
            while !trimmed.yours.isEmpty, !trimmed.theirs.isEmpty,
                yours[trimmed.yours.upperBound - 1] == theirs[trimmed.theirs.upperBound - 1]
            {
                trimmed.yours = trimmed.yours.lowerBound..<(trimmed.yours.upperBound - 1)
                trimmed.theirs = trimmed.theirs.lowerBound..<(trimmed.theirs.upperBound - 1)
            }
            return trimmed
        }
    }

    private static func containsLetterOrDigit(_ line: ArraySlice<UInt8>) -> Bool {
        line.contains { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}

/// Writes the merged text: the developer's lines outside the regions, each region as it was taken.
private struct Output {
    var yours: [ArraySlice<UInt8>]
    var theirs: [ArraySlice<UInt8>]
    var base: [ArraySlice<UInt8>]
    var yoursLabel: String
    var theirsLabel: String
    /// The label of the base's lines, for the styles that show them; `nil` for those that do not.
    var baseLabel: String?
    var resolutions: [[UInt8]] = []

    func write(_ regions: [MergeRegion]) -> ThreeWayMerge.Result {
        var bytes: [UInt8] = []
        var conflicts = 0
        var position = 0
        for region in regions where region.taken != .same {
            copy(yours[position..<region.yours.lowerBound], to: &bytes)
            switch region.taken {
            case .yours: copy(yours[region.yours], to: &bytes)
            case .theirs: copy(theirs[region.theirs], to: &bytes)
            case .same: break
            case .resolved(let index): bytes += resolutions[index]
            case .conflict:
                conflicts += 1
                let ending: [UInt8] = endsLinesWithCarriageReturn(region) ? [13, 10] : [10]
                bytes += Array("<<<<<<< \(yoursLabel)".utf8) + ending
                copy(yours[region.yours], ending: ending, to: &bytes)
                if let baseLabel {
                    bytes += Array("||||||| \(baseLabel)".utf8) + ending
                    copy(base[region.base], ending: ending, to: &bytes)
                }
                bytes += Array("=======".utf8) + ending
                copy(theirs[region.theirs], ending: ending, to: &bytes)
                bytes += Array(">>>>>>> \(theirsLabel)".utf8) + ending
            }
            position = region.yours.upperBound
        }
        copy(yours[position...], to: &bytes)
        return ThreeWayMerge.Result(bytes: bytes, conflicts: conflicts)
    }

    /// Appends `lines`; with an `ending`, a last line without a newline gets it, so a marker after it starts a line.
    private func copy(_ lines: ArraySlice<ArraySlice<UInt8>>, ending: [UInt8] = [], to bytes: inout [UInt8]) {
        for line in lines { bytes += line }
        if !ending.isEmpty, let last = lines.last, last.last != UInt8(ascii: "\n") { bytes += ending }
    }

    /// Whether a conflict's markers end in `\r\n`, as git decides it: the line before the conflict on the
    /// developer's side is asked first, then the template's, then the base's first line, each only while no answer
    /// was `\n`; the last one asked decides, and undecided is `\n`.
    private func endsLinesWithCarriageReturn(_ region: MergeRegion) -> Bool {
        var answer = Self.endsWithCarriageReturn(yours, max(region.yours.lowerBound - 1, 0))
        if answer != false { answer = Self.endsWithCarriageReturn(theirs, max(region.theirs.lowerBound - 1, 0)) }
        if answer != false { answer = Self.endsWithCarriageReturn(base, 0) }
        return answer == true
    }

    /// Whether line `index` ends in `\r\n`; a last line without a newline is judged by the line before it, and
    /// `nil` (undecided) for a text without lines or whose only line has no newline.
    private static func endsWithCarriageReturn(_ lines: [ArraySlice<UInt8>], _ index: Int) -> Bool? {
        func crlf(_ line: ArraySlice<UInt8>) -> Bool { line.count > 1 && line[line.endIndex - 2] == 13 }
        if index < lines.count - 1 { return crlf(lines[index]) }
        guard let last = lines.last else { return nil }
        if last.last == UInt8(ascii: "\n") { return crlf(last) }
        if lines.count == 1 { return nil }
        return crlf(lines[lines.count - 2])
    }
}
