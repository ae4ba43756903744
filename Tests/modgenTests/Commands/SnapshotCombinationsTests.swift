import Foundation
import TestSupport
import Testing

@testable import modgen

/// `snapshot --combinations pairwise`: records the covering set, says how many of how many, and checks the same.
@Suite struct SnapshotCombinationsTests {
    @Test func pairwiseRecordsAndChecksTheCoveringSetWithItsCount() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let snap = folder.path("snap")
        let recorded = assertExecute(["snapshot", "viper", "--output", snap, "--combinations", "pairwise"], error: "")
        let firstLine = try #require(recorded.standardOutput.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("pairwise: "))
        #expect(firstLine.hasSuffix(" of 333 valid combinations cover every pair of option values"))
        let index = try #require(folder.read("snap/combinations.txt"))
        let combinations = Set(
            index.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ")[0] })
        #expect(firstLine.hasPrefix("pairwise: \(combinations.count) of 333 "))
        assertExecute(
            ["snapshot", "viper", "--output", snap, "--combinations", "pairwise", "--check", "-q"], expecting: "",
            error: "")
        // Checked against every combination, the recording is missing most of them.
        assertExecute(["snapshot", "viper", "--output", snap, "--check", "-q"], exitCode: 1)
    }

    @Test func aBadSetIsAUsageError() {
        let result = assertExecute(
            ["snapshot", "viper", "--output", "/nonexistent", "--combinations", "some"], exitCode: 64)
        #expect(result.standardError.contains("'some'"))
    }
}
