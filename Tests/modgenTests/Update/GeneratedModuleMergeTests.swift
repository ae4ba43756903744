import Foundation
import ModGenKit
import TestSupport
import Testing

/// The merge against `git merge-file` on real generated code: every file of a `viper` module with all its options,
/// each merged many times with a random developer edit and a random template edit.
@Suite struct GeneratedModuleMergeTests {
    /// In every conflict style, byte for byte, conflicts included.
    @Test(
        .enabled(if: GitMergeFile.isAvailable, "git is not installed: the reference merge cannot run"),
        arguments: ThreeWayMerge.ConflictStyle.allCases)
    func editsOfGeneratedFilesMergeAsGitMergeFileDoes(style: ThreeWayMerge.ConflictStyle) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let arguments = ["new", "Home", "--template", "viper", "--rx", "--formatter", "--flow-controller", "--quiet"]
        #expect(try folder.generate(arguments).status == 0)
        let texts = try FileWalker.relativeFilePaths(under: folder.url("Home")).compactMap { folder.read("Home/\($0)") }
        #expect(texts.count >= 5)
        let git = GitMergeFile(folder: try TemporaryFolder(), yoursLabel: "yours", theirsLabel: "template")
        defer { git.folder.remove() }
        var generator = SplitMixGenerator(seed: 17)
        var pairs: [(base: String, yours: String, theirs: String)] = []
        for text in texts {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
                .dropLast()
            for _ in 0..<25 {
                let yours = edited(Array(lines), &generator).joined()
                let theirs = edited(Array(lines), &generator).joined()
                pairs.append((text, yours, theirs))
            }
        }
        let merged = try git.merge(pairs, style: style == .merge ? nil : "--\(style.rawValue)")
        #expect(merged.count == pairs.count)
        var (cases, clean, different) = (0, 0, 0)
        for ((text, yours, theirs), expected) in zip(pairs, merged) {
            let result = ThreeWayMerge.merge(
                base: Array(text.utf8), yours: Array(yours.utf8), theirs: Array(theirs.utf8), yoursLabel: "yours",
                theirsLabel: "template", style: style)
            cases += 1
            if expected.conflicts == 0 { clean += 1 }
            if result.bytes != Array(expected.text.utf8) || result.conflicts != expected.conflicts {
                different += 1
                Issue.record("yours, theirs:\n\(yours.debugDescription)\n\(theirs.debugDescription)")
            }
        }
        #expect(different == 0)
        print(
            "three-way merge (\(style.rawValue)): \(cases) edit pairs of generated viper files compared with git "
                + "merge-file, \(clean) clean, \(different) different"
        )
    }

    /// One or two edits of real lines: one changed, a line added after another, or a line removed.
    private func edited(_ lines: [String], _ generator: inout SplitMixGenerator) -> [String] {
        var lines = lines
        for _ in 0..<Int.random(in: 1...2, using: &generator) where !lines.isEmpty {
            let index = Int.random(in: 0..<lines.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: lines[index] = "    // edited \(index)\n"
            case 1: lines.insert("    let added\(index) = \(index)\n", at: index + 1)
            default: lines.remove(at: index)
            }
        }
        return lines
    }
}
