import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// Locking every folder a run writes into (the output folder and its roots' folders).
@Suite struct OutputFolderLocksTests {
    private let shortWait = Duration.milliseconds(100)

    /// While a run holds the output folder and a root's folder, another run waits for either of them.
    @Test func everyFolderIsLockedForTheWholeRun() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let sources = directory.path + "/Sources"
        let tests = directory.path + "/Tests"
        try OutputFolderLock.withLocks(.exclusive, on: [sources, tests]) {
            for folder in [sources, tests] {
                #expect(throws: WritingError.locked(directory: folder, waitedSeconds: 0)) {
                    _ = try OutputFolderLock.acquire(.exclusive, outputDirectory: folder, timeout: shortWait)
                }
            }
        }
        #expect(directory.listing().isEmpty, "the folders made to be locked are removed when the run put nothing there")
        #expect(try OutputFolderLock.acquire(.exclusive, outputDirectory: tests, timeout: shortWait) != nil)
    }

    /// Two roots in one folder (by another spelling, or through a symbolic link) lock it once: a second `flock` of
    /// this process on it would wait for the first until the time-out.
    @Test func oneFolderReachedTwiceIsLockedOnce() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/Real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/Link", withDestinationPath: directory.path + "/Real")
        let ran = try OutputFolderLock.withLocks(
            .exclusive, on: [directory.path + "/Real", directory.path + "/Real/.", directory.path + "/Link"],
            timeout: shortWait
        ) { true }
        #expect(ran)
    }

    /// A folder another run holds stops this run before its body runs, and the folders it locked are released.
    @Test func aHeldFolderReleasesTheOthers() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let first = directory.path + "/A"
        let second = directory.path + "/B"
        let other = try OutputFolderLock.acquire(.exclusive, outputDirectory: second)
        var ran = false
        #expect(throws: WritingError.locked(directory: second, waitedSeconds: 0)) {
            try OutputFolderLock.withLocks(.exclusive, on: [first, second], timeout: shortWait) { ran = true }
        }
        #expect(!ran)
        #expect(try OutputFolderLock.acquire(.exclusive, outputDirectory: first, timeout: shortWait) != nil)
        other?.release()
    }
}
