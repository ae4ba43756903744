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

    @Test func diff3ShowsTheBaseBetweenTheSides() {
        let result = ThreeWayMerge.merge(
            base: Array("a\nb\nc\n".utf8), yours: Array("a\nmine\nc\n".utf8), theirs: Array("a\ntheirs\nc\n".utf8),
            yoursLabel: "yours", theirsLabel: "template", style: .diff3, baseLabel: "viper (base)")
        #expect(
            text(result)
                == "a\n<<<<<<< yours\nmine\n||||||| viper (base)\nb\n=======\ntheirs\n>>>>>>> template\nc\n")
        #expect(result.conflicts == 1)
    }

    @Test func markersFollowCarriageReturnLineEndings() {
        let result = ThreeWayMerge.merge(
            base: Array("a\r\nb\r\n".utf8), yours: Array("a\r\nmine".utf8), theirs: Array("a\r\ntheirs\r\n".utf8),
            yoursLabel: "yours", theirsLabel: "template", style: .diff3)
        #expect(
            text(result)
                == "a\r\n<<<<<<< yours\r\nmine\r\n||||||| base\r\nb\r\n=======\r\ntheirs\r\n>>>>>>> template\r\n")
    }

    /// Random edit pairs over code-like texts, some with `\r\n` line endings, merged in each conflict style and
    /// compared byte for byte with `git merge-file` (`--diff3`, `--zdiff3`), conflicts included; the number of
    /// cases and how many of them were clean are printed.
    @Test(
        .enabled(if: GitMergeFile.isAvailable, "git is not installed: the reference merge cannot run"),
        arguments: ThreeWayMerge.ConflictStyle.allCases)
    func randomEditPairsMergeAsGitMergeFileDoes(style: ThreeWayMerge.ConflictStyle) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let git = GitMergeFile(folder: folder, yoursLabel: Self.yoursLabel, theirsLabel: Self.theirsLabel)
        var generator = SplitMixGenerator(seed: 17)
        var inputs = Self.formerMismatches
        for round in 0..<1000 {
            let base = RandomText.lines(
                count: Int.random(in: 0...30, using: &generator), round: round, using: &generator)
            let yours = RandomText.edited(base, using: &generator)
            let theirs = RandomText.edited(base, using: &generator)
            inputs.append(
                (
                    RandomText.joined(base, &generator), RandomText.joined(yours, &generator),
                    RandomText.joined(theirs, &generator)
                ))
        }
        var (clean, mismatches) = (0, 0)
        let merged = try git.merge(
            inputs.map { (base: $0.0, yours: $0.1, theirs: $0.2) }, style: style == .merge ? nil : "--\(style.rawValue)"
        )
        #expect(merged.count == inputs.count)
        for ((baseText, yoursText, theirsText), expected) in zip(inputs, merged) {
            let result = ThreeWayMerge.merge(
                base: Array(baseText.utf8), yours: Array(yoursText.utf8), theirs: Array(theirsText.utf8),
                yoursLabel: Self.yoursLabel, theirsLabel: Self.theirsLabel, style: style)
            if expected.conflicts == 0 { clean += 1 }
            if result.bytes != Array(expected.text.utf8) || result.conflicts != expected.conflicts {
                mismatches += 1
                let shown = [baseText, yoursText, theirsText].map(\.debugDescription).joined(separator: "\n")
                Issue.record("base, yours, theirs:\n\(shown)\ngit: \(expected.text.debugDescription)")
            }
        }
        print(
            "three-way merge (\(style.rawValue)): \(inputs.count) random edit pairs compared with git merge-file, "
                + "\(clean) clean, \(inputs.count - clean) in conflict, \(mismatches) different")
        #expect(mismatches == 0)
    }

    /// Cases whose conflicts were cut otherwise than git's until lines that cannot match were set aside before the
    /// diff as git does (`UnmatchedLines`): each side's diff then lines up equal lines as git's.
    private static let formerMismatches: [(String, String, String)] = [
        (
            "line 37\n\nline 10\nimport UIKit\nline 13\nimport UIKit\nline 26\nline 28\nline 37\nimport UIKit\n"
                + "import UIKit\n}\n}\n",
            "line 37\nline 15\nimport UIKit\nline 13\nimport UIKit\nline 26\nline 28\nline 37\nline 6\nline 5\n"
                + "import UIKit\nimport UIKit\n}\n}\n",
            "line 37\n\nline 10\nline 39\nimport UIKit\n    }\nimport UIKit\nline 24\nline 36\nline 37\nline 13\n"
                + "import UIKit\nline 26\nline 12\nline 37\nimport UIKit\nimport UIKit\n}\n}\n"
        ),
        (
            "line 18\n\n}\n", "line 18\n\n}\nline 39\n    }\nline 36\n",
            "line 18\nline 15\nline 35\nline 21\nline 18\n\n\nimport UIKit"
        ),
    ]
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

    /// The lines as one text; one text in eight ends its lines in `\r\n`, one in eight some of them; now and then
    /// the last line loses its newline.
    static func joined(_ lines: [String], _ generator: inout SplitMixGenerator) -> String {
        let endings = Int.random(in: 0..<8, using: &generator)
        let text = lines.map { line in
            endings == 0 || (endings == 1 && Bool.random(using: &generator))
                ? line.replacingOccurrences(of: "\n", with: "\r\n") : line
        }.joined()
        if !text.isEmpty && Int.random(in: 0..<8, using: &generator) == 0 { return String(text.dropLast()) }
        return text
    }
}
