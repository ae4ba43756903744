import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// The advisory lock on an output folder. `flock` locks belong to an open file description, so two acquisitions
/// in one process exclude each other as two processes would.
@Suite struct OutputFolderLockTests {
    private let shortWait = Duration.milliseconds(100)

    @Test func aSecondWriterWaitsThenGivesUp() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let first = try OutputFolderLock.acquire(.exclusive, outputDirectory: directory.path)
        #expect(first != nil)
        #expect(throws: WritingError.locked(directory: directory.path, waitedSeconds: 0)) {
            _ = try OutputFolderLock.acquire(.exclusive, outputDirectory: directory.path, timeout: shortWait)
        }
        #expect(throws: WritingError.locked(directory: directory.path, waitedSeconds: 0)) {
            _ = try OutputFolderLock.acquire(.shared, outputDirectory: directory.path, timeout: shortWait)
        }
        first?.release()
        let second = try OutputFolderLock.acquire(.exclusive, outputDirectory: directory.path, timeout: shortWait)
        #expect(second != nil)
    }

    @Test func readersShareButExcludeAWriter() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let reader = try OutputFolderLock.acquire(.shared, outputDirectory: directory.path)
        let otherReader = try OutputFolderLock.acquire(.shared, outputDirectory: directory.path, timeout: shortWait)
        #expect(reader != nil && otherReader != nil)
        #expect(throws: WritingError.self) {
            _ = try OutputFolderLock.acquire(.exclusive, outputDirectory: directory.path, timeout: shortWait)
        }
        #expect(
            WritingError.locked(directory: "out", waitedSeconds: 10).message
                == "another modgen run has been writing into 'out' for 10 s; nothing was written "
                + "(try again when it has finished)")
    }

    /// A writer makes a missing folder to lock it, and removes it again when the run put nothing in it; a reader
    /// of a missing folder has nothing to lock.
    @Test func aMissingFolderIsMadeForAWriterOnly() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let output = directory.path + "/Sources/Modules"
        #expect(try OutputFolderLock.acquire(.shared, outputDirectory: output) == nil)
        #expect(directory.listing().isEmpty)
        let lock = try OutputFolderLock.acquire(.exclusive, outputDirectory: output)
        #expect(directory.listing() == ["Sources", "Sources/Modules"])
        lock?.release()
        #expect(directory.listing().isEmpty)

        let kept = try OutputFolderLock.acquire(.exclusive, outputDirectory: output)
        try directory.write("Sources/Modules/Home.swift", "written\n")
        kept?.release()
        #expect(directory.listing() == ["Sources", "Sources/Modules", "Sources/Modules/Home.swift"])
    }

    /// The run holding the lock removed the folder (rolling back) and another made it anew: the lock on the old
    /// folder guards nothing, so the next writer locks the folder that is there now instead of waiting for it.
    @Test func aFolderMadeAnewIsLockedAnew() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let output = directory.path + "/out"
        let first = try OutputFolderLock.acquire(.exclusive, outputDirectory: output)
        try FileManager.default.removeItem(atPath: output)
        let second = try OutputFolderLock.acquire(.exclusive, outputDirectory: output, timeout: shortWait)
        #expect(second != nil)
        #expect(throws: WritingError.self) {
            _ = try OutputFolderLock.acquire(.exclusive, outputDirectory: output, timeout: shortWait)
        }
        first?.release()
        second?.release()
    }

    @Test func anOutputThatIsAFileIsRefusedAsThePlanWould() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("out", "a file")
        let refusal = WritingError.unusableTarget(
            path: directory.path + "/out", reason: "'\(directory.path)/out' is not a directory")
        #expect(throws: refusal) {
            _ = try OutputFolderLock.acquire(.exclusive, outputDirectory: directory.path + "/out")
        }
        #expect(directory.listing() == ["out"])
    }
}
