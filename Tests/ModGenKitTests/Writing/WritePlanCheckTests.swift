import Foundation
import Testing

@testable import ModGenKit

@Suite struct WritePlanCheckTests {
    @Test func upToDateFilesHaveNoDifferences() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("A.swift", "a\n")
        let plan = try WritePlan(
            files: [RenderedFile(path: "A.swift", contents: "a\n")], outputDirectory: directory.path)
        #expect(plan.differences().isEmpty)
    }

    @Test func missingAndChangedFilesAreDiffed() throws {
        let directory = try ScratchDirectory()
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
                    --- a/Sources/Modules/Home/Changed.swift
                    +++ b/Sources/Modules/Home/Changed.swift
                    @@ -1,3 +1,3 @@
                     one
                    -two
                    +2
                     three

                    """)
            #expect(
                differences.last?.diff == """
                    --- /dev/null
                    +++ b/Sources/Modules/Home/New.swift
                    @@ -0,0 +1 @@
                    +new

                    """)
            #expect(differences.last?.action == .create)
        }
        #expect(directory.read("Home/Changed.swift") == "one\ntwo\nthree\n")
        #expect(!directory.exists("Home/New.swift"))
    }

    @Test func missingEmptyFileStillDiffers() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let plan = try WritePlan(files: [RenderedFile(path: "Empty", contents: "")], outputDirectory: directory.path)
        #expect(plan.differences(displayPrefix: "out").map(\.diff) == ["--- /dev/null\n+++ b/out/Empty\n"])
    }

    @Test func absoluteOutputDirectoryIsShownGitStyle() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let plan = try WritePlan(files: [RenderedFile(path: "A", contents: "a\n")], outputDirectory: directory.path)
        let firstLines = plan.differences().first?.diff.split(separator: "\n").prefix(2)
        #expect(firstLines == ["--- /dev/null", "+++ b\(directory.path)/A"])
    }

    @Test func differencesErrorNamesTheFiles() {
        let error = WritingError.differencesFound(paths: ["out/A", "out/B"])
        #expect(error.exitCode == .differences)
        #expect(error.message == "2 files differ from what would be generated: out/A, out/B")
    }
}
