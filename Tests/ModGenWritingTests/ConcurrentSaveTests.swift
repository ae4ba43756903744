import Dispatch
import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// Another program (Xcode) saves the project file the way editors do — a temporary file renamed over it — while
/// modgen switches its edited copy into place. Whenever the save lands, it is never lost: the run either refuses
/// with nothing written (the save in place) or its edit was made on top of the saved file (here: the save came
/// after the switch and is what the file holds).
@Suite struct ConcurrentSaveTests {
    private static let original = "// project\n"
    private static let edited = "// project\n// edited by modgen\n"

    /// A plan that creates a module file and edits the project file, as `new --xcodeproj` does.
    private func plan(in folder: TemporaryFolder) throws -> WritePlan {
        var plan = try WritePlan(
            files: [RenderedFile(path: "Home/HomeView.swift", contents: "view\n")], outputDirectory: folder.path)
        try plan.addEditedFile(
            at: folder.path + "/project.pbxproj", shownAs: "project.pbxproj", originalBytes: Array(Self.original.utf8),
            newBytes: Array(Self.edited.utf8))
        return plan
    }

    /// Xcode's save: a new file beside the project file, renamed over it.
    private static func save(_ text: String, in folder: TemporaryFolder) {
        let temporary = folder.path + "/project.pbxproj.xcode-\(UInt64.random(in: 0...UInt64.max))"
        FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
        rename(temporary, folder.path + "/project.pbxproj")
    }

    /// The save lands in the instant before the switch, the moment a last look cannot cover: the reproducer of
    /// the lost save, with the exchange and with the fallback of file systems that have none.
    @Test(arguments: [false, true]) func aSaveJustBeforeTheSwitchIsKept(atomicRenamesUnsupported: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project.pbxproj", Self.original)
        let plan = try plan(in: folder)
        let system = FailingFileSystem(failing: .createDirectory, onCall: .max)
        system.atomicRenamesUnsupported = atomicRenamesUnsupported
        var saved = false
        system.beforeRename = { source, destination in
            let project = folder.path + "/project.pbxproj"
            guard !saved, source == project || destination == project else { return }
            saved = true
            Self.save("// saved by Xcode\n", in: folder)
        }
        #expect(
            throws: WritingError.writeFailed(
                path: "project.pbxproj", reason: "it changed while modgen was running", rollbackProblem: nil)
        ) { try plan.apply(using: system) }
        #expect(saved)
        #expect(folder.read("project.pbxproj") == "// saved by Xcode\n")
        #expect(folder.listing() == ["project.pbxproj"], "the module's file is rolled back, nothing is left over")
    }

    /// A save that lands while the run gives the old project file back (another file was the one to fail) is not
    /// replaced by the roll-back either.
    @Test func aSaveDuringTheRollBackIsKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project.pbxproj", Self.original)
        var plan = try WritePlan(
            files: [RenderedFile(path: "Home/HomeView.swift", contents: "view\n")], outputDirectory: folder.path)
        try plan.addEditedFile(
            at: folder.path + "/project.pbxproj", shownAs: "project.pbxproj", originalBytes: Array(Self.original.utf8),
            newBytes: Array(Self.edited.utf8))
        try folder.write("other.pbxproj", "other\n")
        try plan.addEditedFile(
            at: folder.path + "/other.pbxproj", shownAs: "other.pbxproj", originalBytes: Array("other\n".utf8),
            newBytes: [1])
        // The third temporary file, other.pbxproj's, cannot be written: after the project file was switched.
        let system = FailingFileSystem(failing: .createFile, onCall: 3)
        var saved = false
        system.beforeRename = { source, destination in
            // The roll-back's exchange of the old project file back into place.
            guard !saved, destination == folder.path + "/project.pbxproj", source.hasSuffix(".old") else { return }
            saved = true
            Self.save("// saved by Xcode\n", in: folder)
        }
        #expect(throws: WritingError.self) { try plan.apply(using: system) }
        #expect(saved)
        #expect(folder.read("project.pbxproj") == "// saved by Xcode\n")
        #expect(folder.read("other.pbxproj") == "other\n")
    }

    /// 1,000 runs, each racing one save at a random moment around the switch (threads, the live file system).
    @Test(arguments: [false, true]) func aThousandRacingSavesAreNeverLost(atomicRenamesUnsupported: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var refused = 0
        var savedAfter = 0
        var lost = 0
        let clock = ContinuousClock()
        var runTime = Duration.zero
        for trial in 0..<1_000 {
            try? FileManager.default.removeItem(atPath: folder.path + "/Home")
            try folder.write("project.pbxproj", Self.original)
            let plan = try plan(in: folder)
            let system = FailingFileSystem(failing: .createDirectory, onCall: .max)
            system.atomicRenamesUnsupported = atomicRenamesUnsupported
            let save = "// saved by Xcode \(trial)\n"
            // Up to about a run and a half, so saves land before, during and after the switch (which ends a run).
            let delay = Int.random(in: 0...max(40, Int(runTime.components.attoseconds / 1_000_000_000_000) * 3 / 2))
            let done = DispatchSemaphore(value: 0)
            // Both sides wait for one moment a little ahead, so the thread's start-up does not skew the race.
            let begin = clock.now + .microseconds(300)
            DispatchQueue.global().async {
                while clock.now < begin + .microseconds(delay) {}
                Self.save(save, in: folder)
                done.signal()
            }
            while clock.now < begin {}
            let start = clock.now
            do {
                _ = try plan.apply(using: system)
                savedAfter += 1
                #expect(folder.read("Home/HomeView.swift") == "view\n")
            } catch {
                refused += 1
                let expected = WritingError.writeFailed(
                    path: "project.pbxproj", reason: "it changed while modgen was running", rollbackProblem: nil)
                #expect(error as? WritingError == expected)
                #expect(!folder.exists("Home/HomeView.swift"))
            }
            // A running average of the runs' length (the first, cold one left out).
            if trial > 0 { runTime = trial == 1 ? clock.now - start : (runTime * 7 + (clock.now - start)) / 8 }
            done.wait()
            // Whichever way the race went, the save is what the file holds: modgen's edit was never switched in
            // over it; a successful run was overwritten by the later save, as any file Xcode saves is.
            let final = folder.read("project.pbxproj")
            if final != save { lost += 1 }
            #expect(final == save, "trial \(trial)")
            #expect(
                folder.listing().allSatisfy { !$0.contains(".modgen-") && !$0.contains(".xcode-") }, "trial \(trial)")
        }
        print(
            "1000 racing saves (\(atomicRenamesUnsupported ? "fallback without exchange" : "exchange")): "
                + "\(refused) runs refused with nothing written, \(savedAfter) completed before the save; \(lost) saves lost (a run: \(runTime))"
        )
    }
}
