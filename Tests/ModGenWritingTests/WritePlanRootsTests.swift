import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// Files of named output roots (a manifest's `"root": "tests"`): planned, checked, written and rolled back with the
/// output folder's files as one run, each under its own folder.
@Suite struct WritePlanRootsTests {
    private let files = [
        RenderedFile(path: "Home/HomePresenter.swift", contents: "presenter\n"),
        RenderedFile(path: "Home/HomePresenterTests.swift", contents: "tests\n", root: "tests"),
    ]

    @Test func eachRootIsWrittenUnderItsFolderAndShownThere() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(
            files: files, outputDirectory: directory.path + "/Sources",
            rootDirectories: ["tests": directory.path + "/Tests/AppTests"])
        #expect(
            plan.lines(displayPrefix: "Sources") == [
                "create Sources/Home/HomePresenter.swift",
                "create \(directory.path)/Tests/AppTests/Home/HomePresenterTests.swift",
            ])
        let report = try plan.apply()
        #expect(report.entries.map(\.root) == [nil, "tests"])
        #expect(directory.read("Sources/Home/HomePresenter.swift") == "presenter\n")
        #expect(directory.read("Tests/AppTests/Home/HomePresenterTests.swift") == "tests\n")
    }

    /// The same relative path in two roots is two files, not a duplicate.
    @Test func theSamePathInTwoRootsIsTwoFiles() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let twins = [
            RenderedFile(path: "Home.swift", contents: "module\n"),
            RenderedFile(path: "Home.swift", contents: "tests\n", root: "tests"),
        ]
        try WritePlan(
            files: twins, outputDirectory: directory.path + "/A", rootDirectories: ["tests": directory.path + "/B"]
        ).apply()
        #expect(directory.read("A/Home.swift") == "module\n")
        #expect(directory.read("B/Home.swift") == "tests\n")
    }

    /// Two roots placed in one folder cannot both write the same file there.
    @Test func twoRootsInOneFolderCannotShareAFile() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let twins = [
            RenderedFile(path: "Home.swift", contents: "module\n"),
            RenderedFile(path: "Home.swift", contents: "tests\n", root: "tests"),
        ]
        let error = WritingError.sameTarget(
            path: "\(directory.path)/Home.swift", otherPath: "\(directory.path)/./Home.swift")
        #expect(
            error.message.hasSuffix(
                "are the same file on disk (through a symbolic link, or two roots placed in one folder)"))
        #expect(throws: error) {
            try WritePlan(
                files: twins, outputDirectory: directory.path, rootDirectories: ["tests": directory.path + "/."])
        }
    }

    @Test func aRootNobodyPlacedIsRefusedBeforeTheDiskIsRead() throws {
        #expect(throws: WritingError.unplacedRoot(root: "tests", paths: ["Home/HomePresenterTests.swift"])) {
            try WritePlan(files: files, outputDirectory: "/nonexistent/never/read")
        }
        #expect(
            WritingError.unplacedRoot(root: "tests", paths: ["A.swift", "B.swift"]).message
                == "2 files go to output root 'tests', which is not placed, nothing was written: A.swift, B.swift")
    }

    /// A path still never leaves its root: `..` is refused as in the output folder.
    @Test func aRootPathCannotLeaveItsRoot() throws {
        let escaping = [RenderedFile(path: "../Escape.swift", contents: "x\n", root: "tests")]
        #expect(throws: WritingError.self) {
            try WritePlan(files: escaping, outputDirectory: "/tmp", rootDirectories: ["tests": "/tmp/t"])
        }
    }

    /// A symbolic link inside a root's folder that leads out of it is an escape, as in the output folder.
    @Test func aSymbolicLinkOutOfARootIsRefused() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.path + "/Tests", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Tests/Home", withDestinationPath: "/tmp")
        #expect {
            try WritePlan(
                files: files, outputDirectory: directory.path + "/Sources",
                rootDirectories: ["tests": directory.path + "/Tests"])
        } throws: { error in
            guard case .symbolicLinkEscape(let path, _, _) = error as? WritingError else { return false }
            return path == directory.path + "/Tests/Home/HomePresenterTests.swift"
        }
    }

    @Test func conflictsAndDifferencesNameTheRootFolder() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Tests/Home/HomePresenterTests.swift", "mine\n")
        let plan = try WritePlan(
            files: files, outputDirectory: directory.path + "/Sources", rootDirectories: ["tests": "Tests"],
            policy: .refuse, currentDirectory: directory.path, fileSystem: LiveFileSystem())
        #expect(plan.entries.map(\.action) == [.create, .conflict])
        #expect(throws: WritingError.conflicts(paths: ["Tests/Home/HomePresenterTests.swift"])) {
            try plan.apply()
        }
        let differences = plan.differences()
        #expect(differences.map(\.root) == [nil, "tests"])
        #expect(differences[1].diff.hasPrefix("--- Tests/Home/HomePresenterTests.swift (on disk)\n"))
        #expect(directory.listing() == ["Tests", "Tests/Home", "Tests/Home/HomePresenterTests.swift"])
    }

    /// A failure while writing the root's file undoes the output folder's file too: one run, one roll-back.
    @Test func aFailureInOneRootRollsBackEveryRoot() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(
            files: files, outputDirectory: directory.path + "/Sources",
            rootDirectories: ["tests": directory.path + "/Tests"])
        let failing = FailingFileSystem(failing: .rename, onCall: 2)
        #expect(throws: WritingError.self) { try plan.apply(using: failing) }
        #expect(directory.listing().isEmpty)
    }
}
