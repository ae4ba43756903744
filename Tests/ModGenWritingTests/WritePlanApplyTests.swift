import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

@Suite struct WritePlanApplyTests {
    private let files = [
        RenderedFile(path: "Home/HomePresenter.swift", contents: "presenter\n"),
        RenderedFile(path: "Home/Views/HomeView.swift", contents: "view\n"),
        RenderedFile(path: "BaseWireframe.swift", contents: "base\n"),
    ]

    /// The process umask, read without changing it (changing it would race with tests running in parallel).
    private func currentUmask() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { Int($0.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) }
            ?? 0o022
    }

    @Test func createsEverythingInAnEmptyDirectory() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let report = try WritePlan(files: files, outputDirectory: directory.path + "/Modules").apply()
        #expect(report.entries == files.map { WriteEntry(action: .create, path: $0.path) })
        #expect(report.lines(displayPrefix: "Modules").first == "create Modules/Home/HomePresenter.swift")
        for file in files { #expect(directory.read("Modules/" + file.path) == file.contents) }
        #expect(
            directory.listing() == [
                "Modules", "Modules/BaseWireframe.swift", "Modules/Home", "Modules/Home/HomePresenter.swift",
                "Modules/Home/Views", "Modules/Home/Views/HomeView.swift",
            ])
        #expect(try directory.permissions("Modules/BaseWireframe.swift") == 0o666 & ~currentUmask())
    }

    /// A file larger than the read limit is replaced without being read whole (it differs from anything rendered):
    /// `--force` replaces it, a refusing plan lists it as a conflict, and `--check` says it differs.
    @Test func aFileLargerThanTheReadLimitCanBeReplaced() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let large = directory.url("Home/HomePresenter.swift").path
        try directory.write("Home/HomePresenter.swift", "")
        #expect(truncate(large, off_t(TextFile.sizeLimit + 1)) == 0)
        let refused = try WritePlan(files: files, outputDirectory: directory.path, policy: .refuse)
        #expect(refused.entries.first?.action == .conflict)
        let difference = try #require(refused.differences().first)
        #expect(
            difference.diff
                == "--- \(directory.path)/Home/HomePresenter.swift (on disk)\n"
                + "+++ \(directory.path)/Home/HomePresenter.swift (generated)\n"
                + "(the file is larger than 16 MiB: its lines are not shown)\n")
        let report = try WritePlan(files: files, outputDirectory: directory.path, policy: .overwrite).apply()
        #expect(report.entries.first?.action == .overwrite)
        #expect(directory.read("Home/HomePresenter.swift") == "presenter\n")
        // Nothing of the old file is left behind beside it.
        #expect(
            directory.listing() == [
                "BaseWireframe.swift", "Home", "Home/HomePresenter.swift", "Home/Views", "Home/Views/HomeView.swift",
            ])
    }

    /// Files a previous run wrote and this one no longer does: removed with `.overwrite` (the folders they leave
    /// empty too), a conflict with `.refuse`, kept with `.skip`; a missing one is not planned at all.
    @Test func staleFilesAreRemovedAsThePolicySays() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Old/OldView.swift", "old\n")
        let stale = ["Old/OldView.swift", "Gone.swift"]
        for (policy, action) in [(ConflictPolicy.refuse, WriteAction.conflict), (.skip, .skip)] {
            let plan = try WritePlan(files: files, outputDirectory: directory.path, policy: policy, staleFiles: stale)
            #expect(plan.entries.last == WriteEntry(action: action, path: "Old/OldView.swift"))
            #expect(plan.entries.count == files.count + 1)
        }
        let plan = try WritePlan(files: files, outputDirectory: directory.path, policy: .overwrite, staleFiles: stale)
        let diff = plan.differences().last?.diff ?? ""
        #expect(diff.hasPrefix("--- \(directory.path)/Old/OldView.swift (on disk)\n+++ /dev/null\n"))
        let report = try plan.apply()
        #expect(report.entries.last == WriteEntry(action: .remove, path: "Old/OldView.swift"))
        #expect(!directory.exists("Old"))
        #expect(directory.listing().allSatisfy { !$0.contains(".modgen-") })
    }

    /// A removal that fails undoes the run: the stale file is still there, and nothing else is.
    @Test func aFailedRemovalRollsBack() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Old.swift", "old\n")
        let plan = try WritePlan(
            files: files, outputDirectory: directory.path, policy: .overwrite, staleFiles: ["Old.swift"],
            currentDirectory: "/", fileSystem: LiveFileSystem())
        // The three files' renames into place, then the removal's: the file is moved aside first.
        #expect(throws: WritingError.self) {
            try plan.apply(using: FailingFileSystem(failing: .rename, onCall: 4))
        }
        #expect(directory.listing() == ["Old.swift"])
        #expect(directory.read("Old.swift") == "old\n")
    }

    /// A large file changed between planning and writing is not replaced: its size and time tell the change.
    @Test func aLargeFileChangedSincePlanningIsKept() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let large = directory.url("BaseWireframe.swift").path
        try directory.write("BaseWireframe.swift", "")
        #expect(truncate(large, off_t(TextFile.sizeLimit + 1)) == 0)
        let plan = try WritePlan(files: files, outputDirectory: directory.path, policy: .overwrite)
        #expect(truncate(large, off_t(TextFile.sizeLimit + 2)) == 0)
        #expect(throws: WritingError.self) { try plan.apply() }
        var status = stat()
        #expect(stat(large, &status) == 0)
        #expect(status.st_size == off_t(TextFile.sizeLimit + 2))
        #expect(!directory.exists("Home"))
    }

    @Test func writingTheSameFilesAgainTouchesNothing() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try WritePlan(files: files, outputDirectory: directory.path).apply()
        // An old date makes any rewrite visible, however coarse the file system's clock.
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for file in files {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory.url(file.path).path)
        }
        let report = try WritePlan(files: files, outputDirectory: directory.path).apply()
        #expect(report.entries.map(\.action) == [.unchanged, .unchanged, .unchanged])
        for file in files { #expect(try directory.modificationDate(file.path) == old) }
    }

    @Test func conflictsWriteNothingAndListEveryConflict() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Home/HomePresenter.swift", "mine\n")
        try directory.write("BaseWireframe.swift", "also mine\n")
        let before = directory.listing()
        let plan = try WritePlan(
            files: files, outputDirectory: directory.name, policy: .refuse,
            currentDirectory: directory.parent, fileSystem: LiveFileSystem())
        let expected = WritingError.conflicts(paths: [
            "\(directory.name)/Home/HomePresenter.swift", "\(directory.name)/BaseWireframe.swift",
        ])
        #expect(throws: expected) { try plan.apply(using: LiveFileSystem()) }
        #expect(expected.message.hasPrefix("2 files exist with different contents, nothing was written"))
        #expect(directory.listing() == before, "the file without a conflict must not be written either")
        #expect(directory.read("Home/HomePresenter.swift") == "mine\n")
    }

    @Test func overwriteReplacesAndKeepsPermissions() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("BaseWireframe.swift", "old\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o750], ofItemAtPath: directory.url("BaseWireframe.swift").path)
        let report = try WritePlan(files: files, outputDirectory: directory.path, policy: .overwrite).apply()
        #expect(report.entries.filter { $0.action == .overwrite }.map(\.path) == ["BaseWireframe.swift"])
        #expect(
            report.entries.filter { $0.action == .create }.map(\.path) == [
                "Home/HomePresenter.swift", "Home/Views/HomeView.swift",
            ])
        #expect(directory.read("BaseWireframe.swift") == "base\n")
        #expect(try directory.permissions("BaseWireframe.swift") == 0o750)
        #expect(!directory.listing().contains { $0.contains(".modgen-") }, "no temporary file may remain")
    }

    /// Run as root (sudo, a container, CI), a replaced file keeps its owner and group, as it keeps its mode; the
    /// set-group-ID bit survives the change of owner too. A file modgen creates is the runner's.
    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func overwriteAsRootKeepsTheOwnerAndGroup() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("BaseWireframe.swift", "old\n")
        let path = directory.url("BaseWireframe.swift").path
        #expect(chown(path, 1234, 5678) == 0)
        #expect(chmod(path, 0o2640) == 0)
        try WritePlan(files: files, outputDirectory: directory.path, policy: .overwrite).apply()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(directory.read("BaseWireframe.swift") == "base\n")
        #expect((info.st_uid, info.st_gid) == (1234, 5678))
        #expect(info.st_mode & 0o7777 == 0o2640)
        #expect(stat(directory.url("Home/HomePresenter.swift").path, &info) == 0)
        #expect(info.st_uid == 0)
    }

    @Test func skipKeepsExistingFilesAndWritesTheRest() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("BaseWireframe.swift", "old\n")
        let report = try WritePlan(files: files, outputDirectory: directory.path, policy: .skip).apply()
        #expect(report.entries.map(\.action) == [.create, .create, .skip])
        #expect(directory.read("BaseWireframe.swift") == "old\n")
        #expect(directory.read("Home/HomePresenter.swift") == "presenter\n")
    }

    @Test func failureMidwayRollsEverythingBack() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let oldBytes = "old contents, not valid as the new ones\n"
        try directory.write("BaseWireframe.swift", oldBytes)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: directory.url("BaseWireframe.swift").path)
        let before = directory.listing()
        // The overwrite comes first, then a creation in new directories, then the third file fails.
        let ordered = [files[2], files[1], RenderedFile(path: "Other/Third.swift", contents: "third\n")]
        let plan = try WritePlan(files: ordered, outputDirectory: directory.path, policy: .overwrite)
        // Renames: the overwrite's exchange and its old file's second name, the creation, then the third file's.
        let failing = FailingFileSystem(failing: .rename, onCall: 4)
        let expected = WritingError.writeFailed(
            path: "\(directory.path)/Other/Third.swift", reason: "input/output error", rollbackProblem: nil)
        #expect(throws: expected) { try plan.apply(using: failing) }
        #expect(
            expected.message
                == "cannot write '\(directory.path)/Other/Third.swift': input/output error; nothing was changed")
        #expect(directory.read("BaseWireframe.swift") == oldBytes)
        #expect(try directory.permissions("BaseWireframe.swift") == 0o600)
        #expect(directory.listing() == before, "created files, directories and temporary files must be gone")
    }

    /// Files into one folder: the writer looks for the folder (and creates it) once, not once a file; each
    /// target is still looked at just before its write.
    @Test func aFolderIsLookedForOncePerRun() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let names = ["A.swift", "B.swift", "C.swift"]
        let plan = try WritePlan(
            files: names.map { RenderedFile(path: "Home/\($0)", contents: $0) }, outputDirectory: directory.path)
        let recording = FailingFileSystem(failing: .link, onCall: 1)
        _ = try plan.apply(using: recording)
        let folder = directory.path + "/Home"
        #expect(recording.statusPaths.filter { $0 == folder }.count == 1)
        for name in names {
            #expect(recording.statusPaths.contains(folder + "/" + name))
            #expect(directory.read("Home/" + name) == name)
        }
    }

    @Test func realFailureAfterPlanningRollsBack() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(
            files: [
                RenderedFile(path: "a.txt", contents: "a"), RenderedFile(path: "b/b.txt", contents: "b"),
                RenderedFile(path: "c/c.txt", contents: "c"),
            ],
            outputDirectory: directory.path)
        // Someone puts a file where the plan needs a directory: the third write fails for real.
        try directory.write("c", "not a directory")
        #expect {
            try plan.apply()
        } throws: { error in
            guard case .writeFailed(let path, let reason, nil) = error as? WritingError else { return false }
            return path == "\(directory.path)/c/c.txt" && reason.hasSuffix("not a directory")
        }
        #expect(directory.listing() == ["c"])
        #expect(directory.read("c") == "not a directory")
    }

    @Test func filesChangedAfterPlanningAreNotLost() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Old.swift", "old\n")
        let files = [
            RenderedFile(path: "First.swift", contents: "first\n"), RenderedFile(path: "Old.swift", contents: "new\n"),
            RenderedFile(path: "New.swift", contents: "new\n"),
        ]
        let plan = try WritePlan(files: files, outputDirectory: directory.path, policy: .overwrite)
        try directory.write("Old.swift", "edited meanwhile\n")
        #expect(
            throws: WritingError.writeFailed(
                path: "\(directory.path)/Old.swift", reason: "it changed while modgen was running",
                rollbackProblem: nil)
        ) { try plan.apply() }
        #expect(directory.read("Old.swift") == "edited meanwhile\n")
        #expect(directory.listing() == ["Old.swift"])

        let secondPlan = try WritePlan(files: files, outputDirectory: directory.path, policy: .overwrite)
        try directory.write("New.swift", "appeared meanwhile\n")
        #expect(
            throws: WritingError.writeFailed(
                path: "\(directory.path)/New.swift", reason: "it appeared while modgen was running",
                rollbackProblem: nil)
        ) { try secondPlan.apply() }
        #expect(directory.read("New.swift") == "appeared meanwhile\n")
        #expect(directory.read("Old.swift") == "edited meanwhile\n", "the overwrite must be rolled back")
        #expect(directory.listing() == ["New.swift", "Old.swift"])
    }

    @Test func failureToUndoIsReported() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(
            files: [RenderedFile(path: "a.txt", contents: "a"), RenderedFile(path: "b.txt", contents: "b")],
            outputDirectory: directory.path)
        let failing = FailingFileSystem(failing: .rename, onCall: 2)
        failing.alsoFailing = .removeFile
        #expect {
            try plan.apply(using: failing)
        } throws: { error in
            guard case .writeFailed(_, _, let problem?) = error as? WritingError else { return false }
            return problem.contains("a.txt' could not be removed")
        }
    }

    @Test func directoriesThatExistedStay() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.path + "/Home", withIntermediateDirectories: true)
        let plan = try WritePlan(
            files: [
                RenderedFile(path: "Home/A.swift", contents: "a"), RenderedFile(path: "Home/B.swift", contents: "b"),
            ],
            outputDirectory: directory.path)
        #expect(throws: WritingError.self) { try plan.apply(using: FailingFileSystem(failing: .createFile, onCall: 2)) }
        #expect(directory.listing() == ["Home"])
    }
}

/// The live file system, except that one kind of operation fails on its n-th call: the seam for testing
/// roll-back without depending on permissions (tests may run as root, whom `chmod` does not stop).
final class FailingFileSystem: FileSystem {
    enum Operation {
        case createDirectory, createFile, rename, removeFile, link
    }

    private let live = LiveFileSystem()
    private let operation: Operation
    private let failingCall: Int
    private var calls = 0
    /// An operation that always fails once the first failure has happened (to break the roll-back too).
    var alsoFailing: Operation?
    private var failed = false

    init(failing operation: Operation, onCall call: Int) {
        self.operation = operation
        self.failingCall = call
    }

    /// The error the failing call reports (and `alsoFailing` calls after it): EIO unless set.
    var errorNumber = EIO
    /// Runs just before the failing call fails: to change the disk behind the writer's back.
    var beforeFailing: (() -> Void)?

    private func check(_ current: Operation, _ path: String) throws(FileSystemError) {
        if failed && current == alsoFailing { throw FileSystemError(path: path, errorNumber: errorNumber) }
        guard current == operation else { return }
        calls += 1
        if calls == failingCall {
            failed = true
            beforeFailing?()
            throw FileSystemError(path: path, errorNumber: errorNumber)
        }
    }

    /// Every path `status(of:)` was asked about, in order.
    private(set) var statusPaths: [String] = []
    func status(of path: String) throws(FileSystemError) -> (kind: FileKind, permissions: UInt32)? {
        statusPaths.append(path)
        return try live.status(of: path)
    }
    func resolvedPath(_ path: String) throws(FileSystemError) -> String { try live.resolvedPath(path) }
    func linkDestination(of path: String) throws(FileSystemError) -> String { try live.linkDestination(of: path) }
    func readFile(at path: String) throws(FileSystemError) -> [UInt8] { try live.readFile(at: path) }
    func createDirectory(at path: String) throws(FileSystemError) {
        try check(.createDirectory, path)
        try live.createDirectory(at: path)
    }
    func identity(of path: String) throws(FileSystemError) -> FileIdentity? { try live.identity(of: path) }
    func entries(of directory: String, startingWith prefix: String) throws(FileSystemError) -> [String] {
        try live.entries(of: directory, startingWith: prefix)
    }
    func createFile(
        at path: String, bytes: [UInt8], permissions: UInt32?, owner: FileOwner?
    ) throws(FileSystemError) -> FileIdentity {
        try check(.createFile, path)
        return try live.createFile(at: path, bytes: bytes, permissions: permissions, owner: owner)
    }
    func link(_ source: String, to destination: String) throws(FileSystemError) {
        try check(.link, destination)
        try live.link(source, to: destination)
    }
    /// Runs before every rename, with its source and destination: to put another program's save in place at the
    /// worst moment.
    var beforeRename: ((_ source: String, _ destination: String) -> Void)?
    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        beforeRename?(source, destination)
        try check(.rename, destination)
        try live.rename(source, to: destination)
    }
    func rename(
        _ source: String, to destination: String, mode: AtomicRename
    ) throws(FileSystemError) -> AtomicRenameResult {
        beforeRename?(source, destination)
        try check(.rename, destination)
        if atomicRenamesUnsupported { return .unsupported }
        return try live.rename(source, to: destination, mode: mode)
    }
    /// Makes every atomic rename unsupported, as on a file system without them: the writer's fallback is used.
    var atomicRenamesUnsupported = false
    func removeFile(at path: String) throws(FileSystemError) {
        try check(.removeFile, path)
        try live.removeFile(at: path)
    }
    func removeDirectory(at path: String) throws(FileSystemError) { try live.removeDirectory(at: path) }
}
