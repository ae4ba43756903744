import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// A file edited outside the output folder (an Xcode project file) is one more file of the run: written last,
/// atomically, refused if it changed since planning, rolled back with the rest.
@Suite struct WritePlanEditedFileTests {
    private let files = [RenderedFile(path: "Home/HomePresenter.swift", contents: "presenter\n")]

    private func plan(in directory: TemporaryFolder, newProject: String = "edited\n") throws -> WritePlan {
        try directory.write("App.xcodeproj/project.pbxproj", "original\n")
        var plan = try WritePlan(files: files, outputDirectory: directory.path + "/Modules")
        try plan.addEditedFile(
            at: directory.path("App.xcodeproj/project.pbxproj"), shownAs: "App.xcodeproj/project.pbxproj",
            originalBytes: Array("original\n".utf8), newBytes: Array(newProject.utf8))
        return plan
    }

    @Test func isWrittenWithTheFilesAndListedApart() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try plan(in: directory)
        #expect(plan.entries == [WriteEntry(action: .create, path: "Home/HomePresenter.swift")])
        #expect(plan.editedFiles == [EditedFileEntry(path: "App.xcodeproj/project.pbxproj", action: .overwrite)])
        let report = try plan.apply()
        #expect(report.entries.count == 1)
        #expect(directory.read("App.xcodeproj/project.pbxproj") == "edited\n")
        #expect(directory.read("Modules/Home/HomePresenter.swift") == "presenter\n")
    }

    @Test func anEditThatChangesNothingIsUnchanged() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try plan(in: directory, newProject: "original\n")
        #expect(plan.editedFiles.map(\.action) == [.unchanged])
        #expect(plan.differences().isEmpty == false, "the module file is still missing")
        #expect(plan.differences().allSatisfy { !$0.isEditedFile })
    }

    @Test func aCheckShowsTheEditAsADiffOfTheFile() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let difference = try #require(try plan(in: directory).differences().first { $0.isEditedFile })
        #expect(difference.path == "App.xcodeproj/project.pbxproj")
        #expect(difference.diff.contains("-original\n+edited\n"))
    }

    @Test func aProjectChangedSincePlanningStopsTheRunAndRollsBackTheModule() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try plan(in: directory)
        try directory.write("App.xcodeproj/project.pbxproj", "saved by Xcode meanwhile\n")
        #expect {
            try plan.apply()
        } throws: { error in
            guard case .writeFailed(let path, let reason, nil) = error as? WritingError else { return false }
            return path == "App.xcodeproj/project.pbxproj" && reason.contains("changed while modgen was running")
        }
        #expect(directory.read("App.xcodeproj/project.pbxproj") == "saved by Xcode meanwhile\n")
        #expect(!directory.exists("Modules/Home/HomePresenter.swift"))
    }

    @Test func aProjectThatCannotBeWrittenRollsBackTheModule() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try plan(in: directory)
        // The module's file is renamed into place first (call 1); the project's rename (call 2) fails, as on a full
        // disk or a read-only folder.
        #expect(throws: WritingError.self) { try plan.apply(using: FailingFileSystem(failing: .rename, onCall: 2)) }
        #expect(directory.read("App.xcodeproj/project.pbxproj") == "original\n")
        #expect(!directory.exists("Modules/Home/HomePresenter.swift"))
    }

    @Test func aProjectFileThatIsNoRegularFileIsRefused() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.path("App.xcodeproj/project.pbxproj"), withIntermediateDirectories: true)
        var plan = try WritePlan(files: files, outputDirectory: directory.path + "/Modules")
        #expect(throws: WritingError.unusableTarget(path: "P", reason: "it is not a regular file")) {
            try plan.addEditedFile(
                at: directory.path("App.xcodeproj/project.pbxproj"), shownAs: "P", originalBytes: [], newBytes: [1])
        }
    }
}
