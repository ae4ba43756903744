import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

@Suite struct UnifiedDiffTests {
    private static let diffTool = "/usr/bin/diff"
    private static let patchTool = "/usr/bin/patch"

    private func diff(_ old: String, _ new: String, context: Int = 3) -> String? {
        UnifiedDiff.make(old: old, new: new, oldLabel: "a/f.txt", newLabel: "b/f.txt", contextLines: context)
    }

    /// What GNU `diff -u` prints for the same two texts, with the same labels and no timestamps.
    private func referenceDiff(_ old: String, _ new: String, context: Int = 3) throws -> String? {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("old", old)
        try directory.write("new", new)
        let output = runExternalProgram(
            Self.diffTool,
            [
                "-U", "\(context)", "--label", "a/f.txt", "--label", "b/f.txt", directory.url("old").path,
                directory.url("new").path,
            ])
        return output?.isEmpty == true ? nil : output
    }

    private static func numbered(_ range: ClosedRange<Int>) -> String {
        range.map { "line \($0)\n" }.joined()
    }

    // MARK: hand-checked expectations

    @Test func identicalTextsHaveNoDiff() {
        #expect(diff("", "") == nil)
        #expect(diff("a\nb\n", "a\nb\n") == nil)
        #expect(diff("no newline", "no newline") == nil)
    }

    @Test func insertionInTheMiddle() {
        let old = Self.numbered(1...10)
        let new = Self.numbered(1...5) + "new\n" + Self.numbered(6...10)
        let expected = """
            --- a/f.txt
            +++ b/f.txt
            @@ -3,6 +3,7 @@
             line 3
             line 4
             line 5
            +new
             line 6
             line 7
             line 8

            """
        #expect(diff(old, new) == expected)
    }

    @Test func deletionAtTheStartHasLessContext() {
        let expected = """
            --- a/f.txt
            +++ b/f.txt
            @@ -1,4 +1,3 @@
            -line 1
             line 2
             line 3
             line 4

            """
        #expect(diff(Self.numbered(1...6), Self.numbered(2...6)) == expected)
    }

    @Test func emptyAgainstNonEmpty() {
        #expect(diff("", "a\nb\n") == "--- a/f.txt\n+++ b/f.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        #expect(diff("a\n", "") == "--- a/f.txt\n+++ b/f.txt\n@@ -1 +0,0 @@\n-a\n")
    }

    @Test func missingNewlineAtTheEndIsMarked() {
        let expected = """
            --- a/f.txt
            +++ b/f.txt
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +b

            """
        #expect(diff("a\nb", "a\nb\n") == expected)
    }

    @Test func carriageReturnsAndNormalizationCount() {
        // Swift's String would call "e\u{301}" and "\u{e9}" equal, and "\r\n" one character: diff compares bytes.
        #expect(diff("x\r\ny\n", "x\ny\n") != nil)
        #expect(diff("e\u{301}\n", "\u{e9}\n") != nil)
    }

    @Test func zeroContextShowsOnlyTheChange() {
        #expect(diff("a\nb\nc\n", "a\nB\nc\n", context: 0) == "--- a/f.txt\n+++ b/f.txt\n@@ -2 +2 @@\n-b\n+B\n")
    }

    // MARK: against GNU diff

    private static let referenceCases: [(String, String, String)] = [
        ("insert at start", numbered(1...10), "first\n" + numbered(1...10)),
        ("insert at end", numbered(1...10), numbered(1...10) + "last\n"),
        ("delete in the middle", numbered(1...12), numbered(1...5) + numbered(8...12)),
        ("delete at end", numbered(1...12), numbered(1...9)),
        ("change at start", numbered(1...9), "changed\n" + numbered(2...9)),
        ("change in the middle", numbered(1...9), numbered(1...4) + "changed\n" + numbered(6...9)),
        ("change at end", numbered(1...9), numbered(1...8) + "changed\n"),
        (
            "changes 6 apart share a hunk", numbered(1...20),
            numbered(1...3) + "x\n" + numbered(5...10) + "y\n"
                + numbered(12...20)
        ),
        (
            "changes 7 apart get two hunks", numbered(1...20),
            numbered(1...3) + "x\n" + numbered(5...11) + "y\n"
                + numbered(13...20)
        ),
        ("new last line without newline", "a\nb\nc\n", "a\nb\nc\nd"),
        ("newline removed from last line", "a\nb\nc\n", "a\nb\nc"),
        ("both without newline, change far away", "1\n2\n3\n4\n5\n6\n7\n8\n9", "1\nX\n3\n4\n5\n6\n7\n8\n9"),
        ("both without newline, last line changed", "1\n2\n3", "1\n2\nthree"),
        ("everything replaced", numbered(1...5), numbered(6...9)),
        ("empty to text", "", numbered(1...3)),
        ("text to empty", numbered(1...3), ""),
        ("text to one line without newline", numbered(1...3), "x"),
    ]

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: diffTool)),
        arguments: referenceCases.indices)
    func matchesGNUDiff(index: Int) throws {
        let (name, old, new) = Self.referenceCases[index]
        let expected = try referenceDiff(old, new)
        #expect(expected != nil, "\(name): the reference has no diff")
        #expect(diff(old, new) == expected, "\(name)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: diffTool)))
    func matchesGNUDiffWithOtherContextSizes() throws {
        let old = Self.numbered(1...30)
        let new = Self.numbered(1...4) + "a\n" + Self.numbered(6...15) + "b\n" + Self.numbered(16...30)
        for context in [0, 1, 5] {
            #expect(diff(old, new, context: context) == (try referenceDiff(old, new, context: context)))
        }
    }

    /// Where several shortest scripts exist `diff` may pick another one, so random texts are checked by
    /// applying the diff with `patch` and getting the new text back.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: patchTool)))
    func randomDiffsApplyWithPatch() throws {
        var generator = SplitMixGenerator(seed: 7)
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        func randomText() -> String {
            let lines = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                "l\(Int.random(in: 0..<6, using: &generator))"
            }
            let text = lines.joined(separator: "\n")
            return text.isEmpty || Bool.random(using: &generator) ? text : text + "\n"
        }
        for _ in 0..<40 {
            let old = randomText()
            let new = randomText()
            guard let patch = diff(old, new) else {
                #expect(old == new)
                continue
            }
            try directory.write("f.txt", old)
            try directory.write("change.diff", patch)
            _ = runExternalProgram(
                Self.patchTool, ["--quiet", "--batch", "-p1", "-i", "change.diff"], currentDirectory: directory.path)
            #expect(directory.read("f.txt") == new, "\(old.debugDescription) -> \(new.debugDescription)")
        }
    }
}
