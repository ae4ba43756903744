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

    /// A user template with `count` flags in `t/flags`.
    func writeFlags(_ count: Int, in folder: TemporaryFolder) throws {
        let options = (0..<count).map { #"{ "name": "f\#($0)", "kind": "flag" }"# }.joined(separator: ", ")
        try folder.write(
            "t/flags/template.json",
            #"{ "id": "flags", "summary": "s", "options": ["# + options
                + #"], "files": [{ "template": "a.mustache", "path": "{{name}}.swift" }] }"#)
        try folder.write("t/flags/a.mustache", "x\n")
    }

    /// 2^20 combinations: pairwise records a few without listing them all; all of them is refused, saying what to
    /// use instead, and nothing is written.
    @Test func twentyFlagsArePairwiseOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeFlags(20, in: folder)
        let pairwise = try folder.run([
            "snapshot", "flags", "--templates", "t", "-o", "snap", "--combinations", "pairwise",
        ])
        #expect(pairwise.status == 0, "\(pairwise.standardError)")
        #expect(pairwise.standardOutput.hasPrefix("pairwise: "))
        #expect(pairwise.standardOutput.contains(" combinations cover every pair of option values\n"))
        let all = try folder.run(["snapshot", "flags", "--templates", "t", "-o", "all"])
        #expect(all.status == 65)
        #expect(
            all.standardError
                == "modgen: error: \(folder.path)/t/flags/template.json: its options make more than 16384 "
                + "combinations, too many to record every one; use --combinations pairwise (or \"snapshot\": "
                + "{\"combinations\": \"pairwise\"} in a manifest)\n")
        #expect(!folder.exists("all"))
    }

    @Test func aBadSetIsAUsageError() {
        let result = assertExecute(
            ["snapshot", "viper", "--output", "/nonexistent", "--combinations", "some"], exitCode: 64)
        #expect(result.standardError.contains("'some'"))
    }
}
