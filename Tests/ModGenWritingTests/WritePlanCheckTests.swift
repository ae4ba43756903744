import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

@Suite struct WritePlanCheckTests {
    @Test func upToDateFilesHaveNoDifferences() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("A.swift", "a\n")
        let plan = try WritePlan(
            files: [RenderedFile(path: "A.swift", contents: "a\n")], outputDirectory: directory.path)
        #expect(plan.differences().isEmpty)
    }

    @Test func missingAndChangedFilesAreDiffed() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Home/Changed.swift", "one\ntwo\nthree\n")
        try directory.write("Same.swift", "same\n")
        let files = [
            RenderedFile(path: "Home/Changed.swift", contents: "one\n2\nthree\n"),
            RenderedFile(path: "Same.swift", contents: "same\n"),
            RenderedFile(path: "Home/New.swift", contents: "new\n"),
        ]
        // The policy does not matter: check mode never writes.
        for policy in [ConflictPolicy.refuse, .overwrite, .skip] {
            let plan = try WritePlan(files: files, outputDirectory: directory.path, policy: policy)
            let differences = plan.differences(displayPrefix: "Sources/Modules")
            #expect(differences.map(\.path) == ["Home/Changed.swift", "Home/New.swift"])
            #expect(
                differences.first?.diff == """
                    --- Sources/Modules/Home/Changed.swift (on disk)
                    +++ Sources/Modules/Home/Changed.swift (generated)
                    @@ -1,3 +1,3 @@
                     one
                    -two
                    +2
                     three

                    """)
            #expect(
                differences.last?.diff == """
                    --- /dev/null
                    +++ Sources/Modules/Home/New.swift (generated)
                    @@ -0,0 +1 @@
                    +new

                    """)
            #expect(differences.last?.action == .create)
        }
        #expect(directory.read("Home/Changed.swift") == "one\ntwo\nthree\n")
        #expect(!directory.exists("Home/New.swift"))
    }

    @Test func missingEmptyFileStillDiffers() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(files: [RenderedFile(path: "Empty", contents: "")], outputDirectory: directory.path)
        #expect(plan.differences(displayPrefix: "out").map(\.diff) == ["--- /dev/null\n+++ out/Empty (generated)\n"])
    }

    @Test func absoluteOutputDirectoryIsShownAsIs() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(files: [RenderedFile(path: "A", contents: "a\n")], outputDirectory: directory.path)
        let firstLines = plan.differences().first?.diff.split(separator: "\n").prefix(2)
        #expect(firstLines == ["--- /dev/null", "+++ \(directory.path)/A (generated)"])
    }

    @Test func differencesErrorNamesTheFiles() {
        let error = WritingError.differencesFound(paths: ["out/A", "out/B"])
        #expect(error.message == "2 files differ from what would be generated: out/A, out/B")
    }

    /// The message says how the files differ: "or are missing" only when some are missing, "no longer generated"
    /// for a snapshot's leftovers.
    @Test(arguments: [
        (["A"], 0, 0, "1 file differs from what would be generated: A"),
        (["A"], 1, 0, "1 file differs from what would be generated or is missing: A"),
        (["A", "B"], 1, 0, "2 files differ from what would be generated or are missing: A, B"),
        (["A", "B"], 2, 0, "2 files differ from what would be generated or are missing: A, B"),
        (["A"], 0, 1, "1 file is no longer generated: A"),
        (["A", "B"], 0, 1, "2 files differ from what would be generated or are no longer generated: A, B"),
        (
            ["A", "B", "C"], 1, 1,
            "3 files differ from what would be generated, are missing or are no longer generated: A, B, C"
        ),
    ])
    func differencesErrorSaysHowTheyDiffer(paths: [String], missing: Int, stale: Int, message: String) {
        #expect(WritingError.differencesFound(paths: paths, missing: missing, stale: stale).message == message)
    }

    /// One line stays short: the paths are all on standard output already (diff headers, `conflict` lines).
    @Test func longPathListsAreCutAfterFive() {
        let paths = (1...1405).map { "out/F\($0)" }
        let differences = WritingError.differencesFound(paths: paths, missing: 1405).message
        #expect(
            differences == "1405 files differ from what would be generated or are missing: "
                + "out/F1, out/F2, out/F3, out/F4, out/F5 … and 1400 more")
        let conflicts = WritingError.conflicts(paths: Array(paths.prefix(6))).message
        #expect(conflicts.hasSuffix(": out/F1, out/F2, out/F3, out/F4, out/F5 … and 1 more"))
        #expect(conflicts.hasPrefix("6 files exist with different contents, nothing was written"))
        let five = WritingError.conflicts(paths: Array(paths.prefix(5))).message
        #expect(five.hasSuffix(": out/F1, out/F2, out/F3, out/F4, out/F5"))
    }
}
