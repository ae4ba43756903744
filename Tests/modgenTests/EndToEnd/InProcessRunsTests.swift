import Foundation
import ModGenKit
import TestSupport
import Testing

/// What in-process runs share because they share a process, and must still keep apart: the output folder's lock
/// (`flock` belongs to an open file description, so two runs in one process exclude each other as two processes
/// do) and the working folder (each run has its own). The signal handlers a writing run installs are
/// `WriteInterruptionTests`' concern.
@Suite struct InProcessRunsTests {
    /// A lock held elsewhere in this process keeps an in-process run waiting: it writes only once the lock is
    /// released. The run has a thread of its own, and this test holds its own until it releases the lock: a task
    /// could wait for a free thread for longer than the run waits for the lock (10 s).
    @Test func aRunWaitsForALockHeldInTheSameProcess() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let lock = try OutputFolderLock.acquire(.exclusive, outputDirectory: folder.path("out"))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: (result: ProcessResult, finished: ContinuousClock.Instant)?
        Thread.detachNewThread {
            let result = execute(["new", "Home", "-o", "out", "--quiet"], in: folder.url)
            outcome = (result, ContinuousClock.now)
            done.signal()
        }
        usleep(300_000)
        #expect(!folder.exists("out/Home"), "the run wrote while another held the lock")
        let released = ContinuousClock.now
        lock?.release()
        done.wait()
        let (result, finished) = try #require(outcome)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(finished > released, "the run ended before the lock was released")
        #expect(
            folder.files(under: "out/Home").keys.sorted() == viperDefaultFiles.map { String($0.dropFirst(5)) }.sorted())
    }

    /// Runs racing into one folder on threads of this process: each waits for the others, and all of them succeed
    /// with the same files (the later ones find them "unchanged").
    @Test func runsInThreadsIntoTheSameFolderAllSucceed() async throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let reference = execute(["new", "Home", "-o", "reference", "--quiet"], in: folder.url)
        try #require(reference.status == 0, "\(reference.standardError)")
        let expected = folder.files(under: "reference/Home")
        for trial in 1...10 {
            try? folder.delete("out")
            let statuses = await withTaskGroup(of: Int32.self) { group in
                for _ in 0..<3 {
                    group.addTask { execute(["new", "Home", "-o", "out", "--quiet"], in: folder.url).status }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == [0, 0, 0], "trial \(trial)")
            #expect(folder.files(under: "out/Home") == expected, "trial \(trial)")
        }
    }

    /// Each run resolves relative paths against its own folder, however many run at once.
    @Test func eachRunHasItsOwnWorkingFolder() async throws {
        let folders = try (0..<4).map { _ in try TemporaryFolder.isolated() }
        defer { folders.forEach { $0.remove() } }
        await withTaskGroup(of: Void.self) { group in
            for (index, folder) in folders.enumerated() {
                group.addTask { _ = execute(["new", "Screen\(index)", "-o", "out", "--quiet"], in: folder.url) }
            }
        }
        for (index, folder) in folders.enumerated() {
            #expect(folder.files(under: "out").keys.allSatisfy { $0.hasPrefix("Screen\(index)/") })
            #expect(folder.files(under: "out").count == viperDefaultFiles.count)
        }
    }
}
