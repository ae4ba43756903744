import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// `git merge-file` is the reference: every case is merged by both and the bytes and conflict counts compared.
@Suite struct ThreeWayMergeTests {
    private static let yoursLabel = "Home/HomePresenter.swift (yours)"
    private static let theirsLabel = "viper (template)"

    private func merge(_ base: String, _ yours: String, _ theirs: String) -> ThreeWayMerge.Result {
        ThreeWayMerge.merge(
            base: Array(base.utf8), yours: Array(yours.utf8), theirs: Array(theirs.utf8),
            yoursLabel: Self.yoursLabel, theirsLabel: Self.theirsLabel)
    }

    private func text(_ result: ThreeWayMerge.Result) -> String { String(decoding: result.bytes, as: UTF8.self) }

    @Test func changesToDifferentLinesAreBothKept() {
        let result = merge("a\nb\nc\nd\ne\nf\n", "A\nb\nc\nd\ne\nf\n", "a\nb\nc\nd\ne\nF\n")
        #expect(text(result) == "A\nb\nc\nd\ne\nF\n")
        #expect(result.conflicts == 0)
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() {
        let result = merge("a\nb\nc\n", "a\nB\nc\n", "a\nB\nc\n")
        #expect(text(result) == "a\nB\nc\n")
        #expect(result.conflicts == 0)
    }

    @Test func changesToTheSameLineConflictWithBothSidesBetweenMarkers() {
        let result = merge("a\nb\nc\n", "a\nmine\nc\n", "a\ntheirs\nc\n")
        #expect(
            text(result)
                == "a\n<<<<<<< \(Self.yoursLabel)\nmine\n=======\ntheirs\n>>>>>>> \(Self.theirsLabel)\nc\n")
        #expect(result.conflicts == 1)
    }

    @Test func touchingChangesConflictAsGitSays() {
        // Lines 2 and 3 changed on different sides, with no base line between: git calls it a conflict.
        let result = merge("a\nb\nc\nd\n", "a\nB\nc\nd\n", "a\nb\nC\nd\n")
        #expect(result.conflicts == 1)
    }

    @Test func oneSideUnchangedGivesTheOtherByteForByte() {
        #expect(text(merge("a\nb", "a\nb", "a\nc")) == "a\nc")
        #expect(text(merge("a\nb", "x\na\nb", "a\nb")) == "x\na\nb")
    }

    @Test func aLastLineWithoutNewlineGetsOneBeforeAMarker() {
        let result = merge("a\nb", "a\nmine", "a\ntheirs")
        #expect(text(result) == "a\n<<<<<<< \(Self.yoursLabel)\nmine\n=======\ntheirs\n>>>>>>> \(Self.theirsLabel)\n")
    }

    /// Random edit pairs over code-like texts, compared with `git merge-file`; the number of cases and how many
    /// of them were clean are printed.
    @Test(.enabled(if: GitMergeFile.isAvailable, "git is not installed: the reference merge cannot run"))
    func randomEditPairsMergeAsGitMergeFileDoes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let git = GitMergeFile(folder: folder, yoursLabel: Self.yoursLabel, theirsLabel: Self.theirsLabel)
        var generator = SplitMixGenerator(seed: 17)
        var (cases, clean, mismatches, conflictShapes) = (0, 0, 0, 0)
        for round in 0..<1000 {
            let base = RandomText.lines(
                count: Int.random(in: 0...30, using: &generator), round: round, using: &generator)
            let yours = RandomText.edited(base, using: &generator)
            let theirs = RandomText.edited(base, using: &generator)
            let (baseText, yoursText, theirsText) = (
                RandomText.joined(base, &generator), RandomText.joined(yours, &generator),
                RandomText.joined(theirs, &generator)
            )
            let expected = try git.merge(base: baseText, yours: yoursText, theirs: theirsText)
            let result = merge(baseText, yoursText, theirsText)
            cases += 1
            // Clean merges must be byte for byte git's, and a merge git finds clean must be clean here too. Where
            // both conflict, the hunks can be cut differently among repeated lines (git's diff aligns equal lines
            // its own way): counted and printed, not required.
            #expect((result.conflicts == 0) == (expected.conflicts == 0), "\(baseText.debugDescription)")
            if expected.conflicts == 0 {
                clean += 1
                if text(result) != expected.text {
                    mismatches += 1
                    let inputs = [baseText, yoursText, theirsText].map(\.debugDescription).joined(separator: "\n")
                    Issue.record("base, yours, theirs:\n\(inputs)\ngit: \(expected.text.debugDescription)")
                }
            } else if text(result) != expected.text || result.conflicts != expected.conflicts {
                conflictShapes += 1
            }
        }
        print(
            "three-way merge: \(cases) random edit pairs compared with git merge-file: \(clean) clean, all identical; "
                + "\(cases - clean) in conflict, \(conflictShapes) of them with conflict hunks cut differently")
        #expect(mismatches == 0)
    }
}

/// Texts made of a few dozen distinct lines, some of them repeated as code repeats them (`}`, blank lines).
enum RandomText {
    private static let common = ["}\n", "\n", "    }\n", "import UIKit\n"]

    static func lines(count: Int, round: Int, using generator: inout SplitMixGenerator) -> [String] {
        (0..<count).map { _ in line(using: &generator) }
    }

    static func line(using generator: inout SplitMixGenerator) -> String {
        if Int.random(in: 0..<5, using: &generator) == 0 { return common.randomElement(using: &generator)! }
        return "line \(Int.random(in: 0..<40, using: &generator))\n"
    }

    /// One to three edits: a line replaced, lines inserted, lines deleted.
    static func edited(_ lines: [String], using generator: inout SplitMixGenerator) -> [String] {
        var lines = lines
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let position = Int.random(in: 0...lines.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where position < lines.count:
                lines[position] = line(using: &generator)
            case 1:
                let added = (0..<Int.random(in: 1...3, using: &generator)).map { _ in line(using: &generator) }
                lines.insert(contentsOf: added, at: position)
            default:
                let count = min(Int.random(in: 1...3, using: &generator), lines.count - position)
                if count > 0 { lines.removeSubrange(position..<(position + count)) }
            }
        }
        return lines
    }

    /// The lines as one text; now and then the last line loses its newline.
    static func joined(_ lines: [String], _ generator: inout SplitMixGenerator) -> String {
        let text = lines.joined()
        if !text.isEmpty && Int.random(in: 0..<8, using: &generator) == 0 { return String(text.dropLast()) }
        return text
    }
}
