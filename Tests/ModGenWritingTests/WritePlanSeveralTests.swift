import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// Several plans written as one (`WritePlan.apply(_:)`): the run of several modules is all or nothing.
@Suite struct WritePlanSeveralTests {
    @Test func aFailureInTheSecondPlanRollsBackTheFirst() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("One/Kept.swift", "old\n")
        let first = try WritePlan(
            files: [
                RenderedFile(path: "Kept.swift", contents: "new\n"), RenderedFile(path: "Added.swift", contents: "a\n"),
            ], outputDirectory: directory.path("One"), policy: .overwrite)
        let second = try WritePlan(
            files: [RenderedFile(path: "Second.swift", contents: "b\n")], outputDirectory: directory.path("Two"))
        let before = directory.listing()
        // Renames 1 and 2 are the first plan's files; the third, the second plan's, fails.
        #expect(throws: WritingError.self) {
            try WritePlan.apply([first, second], using: FailingFileSystem(failing: .rename, onCall: 3))
        }
        #expect(directory.read("One/Kept.swift") == "old\n")
        #expect(directory.listing() == before, "the first plan's files must be rolled back with the second's")
    }

    @Test func aConflictInAnyPlanWritesNothing() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Two/Second.swift", "mine\n")
        let first = try WritePlan(
            files: [RenderedFile(path: "First.swift", contents: "a\n")], outputDirectory: directory.path("One"))
        let second = try WritePlan(
            files: [RenderedFile(path: "Second.swift", contents: "b\n")], outputDirectory: directory.path("Two"))
        #expect(throws: WritingError.conflicts(paths: [directory.path("Two") + "/Second.swift"])) {
            try WritePlan.apply([first, second])
        }
        #expect(!directory.exists("One/First.swift"))
    }

    @Test func everyPlanGetsItsReport() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let first = try WritePlan(
            files: [RenderedFile(path: "First.swift", contents: "a\n")], outputDirectory: directory.path("One"))
        let second = try WritePlan(
            files: [RenderedFile(path: "Second.swift", contents: "b\n")], outputDirectory: directory.path("Two"))
        let reports = try WritePlan.apply([first, .empty(), second])
        #expect(reports.map { $0.entries.map(\.path) } == [["First.swift"], [], ["Second.swift"]])
        #expect(directory.read("One/First.swift") == "a\n")
        #expect(directory.read("Two/Second.swift") == "b\n")
    }
}
