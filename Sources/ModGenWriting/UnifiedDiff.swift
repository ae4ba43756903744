/// Unified diffs (`diff -u`, `git diff` format) between two texts, for `--check` modes.
///
/// Lines are split at `\n` bytes only and compared byte for byte, so a `\r\n` ending or a different Unicode
/// normalization counts as a difference, as it does for `diff`. A last line without a newline differs from
/// the same line with one, and is followed by `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The diff turning `old` into `new` with `contextLines` unchanged lines around each change, headed by
    /// `--- <oldLabel>` and `+++ <newLabel>` (use `/dev/null` for a missing file); nil when the texts are equal.
    public static func make(
        old: String, new: String, oldLabel: String, newLabel: String, contextLines: Int = 3
    ) -> String? {
        make(
            oldBytes: Array(old.utf8), newBytes: Array(new.utf8), oldLabel: oldLabel, newLabel: newLabel,
            contextLines: contextLines)
    }

    /// The same on raw bytes: a file on disk need not be valid UTF-8 (the result shows such bytes as U+FFFD).
    static func make(
        oldBytes: [UInt8], newBytes: [UInt8], oldLabel: String, newLabel: String, contextLines: Int = 3
    ) -> String? {
        let oldLines = LineChanges.lines(of: oldBytes)
        let newLines = LineChanges.lines(of: newBytes)
        var numbering = LineChanges.Numbering()
        let changes = LineChanges.changes(old: numbering.number(oldLines), new: numbering.number(newLines))
        if changes.isEmpty { return nil }

        var output: [UInt8] = []
        output.append(contentsOf: "--- \(oldLabel)\n+++ \(newLabel)\n".utf8)
        let context = max(0, contextLines)
        for hunk in groupIntoHunks(changes, context: context) {
            let first = hunk[0]
            let last = hunk[hunk.count - 1]
            let oldStart = max(0, first.old.lowerBound - context)
            let oldEnd = min(oldLines.count, last.old.upperBound + context)
            // Context lines are the same on both sides, so the new range extends by the same amounts.
            let newStart = first.new.lowerBound - (first.old.lowerBound - oldStart)
            let newEnd = last.new.upperBound + (oldEnd - last.old.upperBound)
            let header =
                "@@ -\(rangeText(start: oldStart, count: oldEnd - oldStart)) "
                + "+\(rangeText(start: newStart, count: newEnd - newStart)) @@\n"
            output.append(contentsOf: header.utf8)
            var position = oldStart
            for change in hunk {
                for line in oldLines[position..<change.old.lowerBound] { append(line, marker: " ", to: &output) }
                for line in oldLines[change.old] { append(line, marker: "-", to: &output) }
                for line in newLines[change.new] { append(line, marker: "+", to: &output) }
                position = change.old.upperBound
            }
            for line in oldLines[position..<oldEnd] { append(line, marker: " ", to: &output) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Changes closer than twice the context share a hunk, since their context lines would touch or overlap.
    private static func groupIntoHunks(_ changes: [LineChange], context: Int) -> [[LineChange]] {
        var hunks: [[LineChange]] = []
        for change in changes {
            if let previous = hunks.last?.last, change.old.lowerBound - previous.old.upperBound <= 2 * context {
                hunks[hunks.count - 1].append(change)
            } else {
                hunks.append([change])
            }
        }
        return hunks
    }

    /// `start,count` of a hunk header with a 1-based start; an empty range names the line before it, and a
    /// count of 1 is left out, as `diff` does.
    private static func rangeText(start: Int, count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }

    private static func append(_ line: ArraySlice<UInt8>, marker: Character, to output: inout [UInt8]) {
        output.append(contentsOf: String(marker).utf8)
        output.append(contentsOf: line)
        if line.last != UInt8(ascii: "\n") {
            output.append(contentsOf: "\n\\ No newline at end of file\n".utf8)
        }
    }
}
