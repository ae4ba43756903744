import Foundation
import ModGenGeneration
import ModGenRun
import ModGenWriting
import TestSupport
import Testing

/// Every request that edits a project locks its `.xcodeproj` folder, as `new` does: a run waits while another holds
/// it, and writes only once it is released.
@Suite struct ModuleRunLockTests {
    typealias Project = ModuleRunTests.Project

    /// The request `command` names for the recorded module Alpha.
    private func request(_ command: String, in project: Project) throws -> ModuleRequest {
        let record = try #require(try project.records.record(module: "Alpha"))
        #expect(record.project?.path == "App.xcodeproj", "the module must be recorded in the project")
        switch command {
        case "update":
            return .update(record: record, template: try project.template, changes: ModuleAnswerChanges())
        case "remove":
            return .remove(record: record, force: true)
        case "move":
            return .move(record: record, outputDirectory: project.folder.url("Features"), rootDirectories: [:])
        default:
            return .rename(record: record, newName: "Beta", template: try project.template)
        }
    }

    /// The run has a thread of its own: a task could wait for a free thread for longer than a run waits for a lock.
    @Test(arguments: ["update", "remove", "move", "rename"])
    func aRunWaitsForTheProjectFoldersLock(_ command: String) throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        if command == "update" {
            // The module's reference lost: the update has a project edit to make.
            try project.folder.write("App.xcodeproj/project.pbxproj", SmallXcodeProject.text)
        }
        let before = project.folder.read("App.xcodeproj/project.pbxproj")
        let request = try request(command, in: project)
        nonisolated(unsafe) let run = project.run(.apply)
        let lock = try OutputFolderLock.acquire(.exclusive, outputDirectory: project.folder.path("App.xcodeproj"))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<RunResult, any Error>?
        Thread.detachNewThread {
            outcome = Result { try run.carryOut([request]) }
            done.signal()
        }
        let finishedWhileLocked = done.wait(timeout: .now() + .milliseconds(800)) == .success
        #expect(!finishedWhileLocked, "\(command) ran while another run held the project's folder")
        #expect(project.folder.read("App.xcodeproj/project.pbxproj") == before)
        lock?.release()
        if !finishedWhileLocked { done.wait() }
        let result = try #require(try outcome?.get())
        #expect(result.isApplied)
        #expect(project.folder.read("App.xcodeproj/project.pbxproj") != before, "the run edits the project")
    }
}
