import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// Roll-back that undoes only this run's own changes and needs no disk space, and the hidden files modgen uses
/// while writing: none is left behind.
@Suite struct WriteRollBackTests {
    /// `--force` on a full disk: the first file is overwritten, the second cannot be written, and no new file can
    /// be created any more. The overwritten file must come back (it used to be written back through the full disk,
    /// which failed and left the generated contents in place).
    @Test func fullDiskDuringForceGivesTheOverwrittenFileBack() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("A.swift", "the user's A\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640], ofItemAtPath: directory.url("A.swift").path)
        let before = directory.listing()
        let plan = try WritePlan(
            files: [
                RenderedFile(path: "A.swift", contents: "generated A\n"), RenderedFile(path: "B.swift", contents: "B"),
            ],
            outputDirectory: directory.path, policy: .overwrite)
        let failing = FailingFileSystem(failing: .createFile, onCall: 2)
        failing.errorNumber = ENOSPC
        failing.alsoFailing = .createFile
        #expect(
            throws: WritingError.writeFailed(
                path: "\(directory.path)/B.swift",
                reason: "writing a temporary file failed: no space left on device", rollbackProblem: nil)
        ) { try plan.apply(using: failing) }
        #expect(directory.read("A.swift") == "the user's A\n")
        #expect(try directory.permissions("A.swift") == 0o640)
        #expect(directory.listing() == before, "no temporary file or second name may be left")
    }

    /// Another program replaces a file this run created before the run fails: the roll-back must not remove the
    /// other program's file, and says so.
    @Test func rollBackLeavesAFileAnotherProgramReplaced() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Old.swift", "old\n")
        let plan = try WritePlan(
            files: [
                RenderedFile(path: "New.swift", contents: "ours\n"), RenderedFile(path: "Old.swift", contents: "new\n"),
                RenderedFile(path: "Last.swift", contents: "last\n"),
            ],
            outputDirectory: directory.path, policy: .overwrite)
        // Renames: New's, Old's exchange and its second name, then Last's, which fails.
        let failing = FailingFileSystem(failing: .rename, onCall: 4)
        failing.beforeFailing = {
            // Replaced, not edited in place: a new file (another inode) under the same names.
            try? FileManager.default.removeItem(atPath: directory.url("New.swift").path)
            try? directory.write("New.swift", "theirs\n")
            try? FileManager.default.removeItem(atPath: directory.url("Old.swift").path)
            try? directory.write("Old.swift", "theirs too\n")
        }
        #expect {
            try plan.apply(using: failing)
        } throws: { error in
            guard case .writeFailed(_, _, let problem?) = error as? WritingError else { return false }
            return problem.contains("'\(directory.path)/New.swift' was replaced by another program; left as it is")
                && problem.contains("'\(directory.path)/Old.swift' was replaced by another program")
                && problem.contains("the previous contents of '\(directory.path)/Old.swift' are kept in")
        }
        #expect(directory.read("New.swift") == "theirs\n")
        #expect(directory.read("Old.swift") == "theirs too\n")
        let kept = directory.listing().filter { $0.hasPrefix(".Old.swift.modgen-") && $0.hasSuffix(".old") }
        #expect(kept.count == 1, "the user's old contents must stay recoverable")
        #expect(kept.first.flatMap { directory.read($0) } == "old\n")
    }

    /// A file this run created and someone removed meanwhile is not an error to stop the roll-back at.
    @Test func rollBackReportsAFileRemovedMeanwhile() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(
            files: [RenderedFile(path: "a.txt", contents: "a"), RenderedFile(path: "b.txt", contents: "b")],
            outputDirectory: directory.path)
        let failing = FailingFileSystem(failing: .rename, onCall: 2)
        failing.beforeFailing = { try? FileManager.default.removeItem(atPath: directory.url("a.txt").path) }
        #expect {
            try plan.apply(using: failing)
        } throws: { error in
            guard case .writeFailed(_, _, let problem?) = error as? WritingError else { return false }
            return problem == "'\(directory.path)/a.txt' was removed by another program; left as it is"
        }
        #expect(directory.listing().isEmpty)
    }

    /// An overwritten file is kept under a second name only until the run completes.
    @Test func noSecondNameIsLeftAfterASuccessfulOverwrite() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("A.swift", "old\n")
        let plan = try WritePlan(
            files: [RenderedFile(path: "A.swift", contents: "new\n")], outputDirectory: directory.path,
            policy: .overwrite)
        try plan.apply()
        #expect(directory.listing() == ["A.swift"])
        #expect(directory.read("A.swift") == "new\n")
    }

    /// A file system with neither atomic renames nor hard links (FAT): the old file is moved aside, checked, and
    /// the new one renamed into the free name; the old one is kept until the run completes.
    @Test func overwriteWithoutAtomicRenamesOrHardLinks() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("A.swift", "old\n")
        try directory.write("B.swift", "old b\n")
        let plan = try WritePlan(
            files: [RenderedFile(path: "A.swift", contents: "new\n"), RenderedFile(path: "B.swift", contents: "b\n")],
            outputDirectory: directory.path, policy: .overwrite)
        let noLinks = FailingFileSystem(failing: .link, onCall: 1)
        noLinks.alsoFailing = .link
        noLinks.errorNumber = EPERM
        noLinks.atomicRenamesUnsupported = true
        _ = try plan.apply(using: noLinks)
        #expect(directory.listing() == ["A.swift", "B.swift"])
        #expect(directory.read("A.swift") == "new\n")

        // A failure after the first overwrite gives the old file back, also there.
        try directory.write("A.swift", "old\n")
        try directory.write("B.swift", "old b\n")
        let failing = FailingFileSystem(failing: .createFile, onCall: 2)
        failing.atomicRenamesUnsupported = true
        #expect(throws: WritingError.self) { try plan.apply(using: failing) }
        #expect(directory.listing() == ["A.swift", "B.swift"])
        #expect(directory.read("A.swift") == "old\n")
    }

    /// Temporary files of a run that was killed (SIGKILL, a crash) are removed by the next run writing into the
    /// same folder; those of a running process, second names of old files, and other hidden files stay.
    @Test func abandonedTemporaryFilesAreRemoved() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        // Process ids above Linux's largest possible one (2^22) belong to no process.
        let abandoned = [".modgen-99999999-1f.tmp", ".modgen-3a9c.tmp"]
        let kept = [
            ".modgen-1-1f.tmp", ".modgen-\(getpid())-2e.tmp", ".A.swift.modgen-99999999-3d.old", ".modgen-x.tmp",
            ".hidden",
        ]
        for name in abandoned + kept { try directory.write("Home/" + name, "x") }
        let plan = try WritePlan(
            files: [RenderedFile(path: "Home/HomeView.swift", contents: "view\n")], outputDirectory: directory.path)
        try plan.apply()
        #expect(directory.listing() == (["Home", "Home/HomeView.swift"] + kept.map { "Home/" + $0 }).sorted())
    }

    @Test func temporaryNamesCarryTheProcess() {
        let name = TemporaryName.make(in: "/x")
        #expect(name.hasPrefix("/x/.modgen-\(getpid())-") && name.hasSuffix(".tmp"))
        #expect(!TemporaryName.isAbandoned(String(name.dropFirst(3))), "this process is running")
        let aside = TemporaryName.make(in: "/x", kind: .previousContents, for: "/x/Home.swift")
        #expect(aside.hasPrefix("/x/.Home.swift.modgen-\(getpid())-") && aside.hasSuffix(".old"))
        #expect(!TemporaryName.isAbandoned(String(aside.dropFirst(3))))
    }
}
