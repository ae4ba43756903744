import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// Names that differ only in letter case, on a case-sensitive file system (this machine's) and on a model of
/// macOS's case-insensitive one (`CaseInsensitiveFileSystem`): each behaviour is checked under both rules.
@Suite struct CaseRuleTests {
    private func plan(
        _ files: [RenderedFile], removing: [RenderedFile] = [], into output: String,
        roots: [String: String] = [:], policy: ConflictPolicy = .overwrite, staleFiles: [String] = [],
        in directory: TemporaryFolder, fileSystem: some FileSystem
    ) throws(WritingError) -> WritePlan {
        try WritePlan(
            files: files, removing: removing, outputDirectory: output, rootDirectories: roots, policy: policy,
            staleFiles: staleFiles, currentDirectory: directory.path, fileSystem: fileSystem)
    }

    @Test func theRuleComparesSpellingsOnlyWhereTheFileSystemDoes() {
        #expect(CaseRule.insensitive.isInside("/Users/Me/Project/Sources/A", folder: "/users/me/project"))
        #expect(!CaseRule.sensitive.isInside("/Users/Me/Project/Sources/A", folder: "/users/me/project"))
        #expect(!CaseRule.insensitive.isInside("/users/me/projects", folder: "/users/me/project"))
        #expect(CaseRule.sensitive.isInside("/anything", folder: "/"))
        #expect(CaseRule.differOnlyInCase("Home/Home.swift", "home/HOME.swift"))
        #expect(CaseRule.differOnlyInCase("Ünit.swift", "üNIT.swift"))
        #expect(!CaseRule.differOnlyInCase("Home.swift", "Home.swift"))
        #expect(!CaseRule.differOnlyInCase("Home.swift", "Homes.swift"))
        #if os(Linux)
            #expect(CaseRule.ofFileSystem(holding: "/") == .sensitive, "Linux file systems are taken as sensitive")
        #endif
    }

    /// `--output project/sources` where the folder on disk is `Project/Sources`: on macOS that is the folder, and a
    /// symbolic link inside it to a sibling folder inside it is not an escape.
    @Test func anOutputFolderTypedInAnotherCaseIsTheFolderOnDisk() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.path("Project/Sources/Real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("Project/Sources/Current"), withDestinationPath: "Real")
        let fileSystem = CaseInsensitiveFileSystem()
        let files = [RenderedFile(path: "Current/Home.swift", contents: "home\n")]
        let plan = try plan(files, into: "project/SOURCES", in: directory, fileSystem: fileSystem)
        #expect(plan.items.map(\.target) == [directory.path("Project/Sources/Real/Home.swift")])
        #expect(plan.lines() == ["create project/SOURCES/Current/Home.swift"])
        _ = try plan.apply(using: fileSystem)
        #expect(directory.read("Project/Sources/Real/Home.swift") == "home\n")

        // On a case-sensitive file system `project/SOURCES` is another folder, made anew (on a Mac's default
        // volume the live file system is the insensitive one, and finds the folder on disk).
        let live = try self.plan(files, into: "project/SOURCES", in: directory, fileSystem: LiveFileSystem())
        let expected =
            CaseRule.ofFileSystem(holding: directory.path) == .sensitive
            ? "project/SOURCES/Current/Home.swift" : "Project/Sources/Real/Home.swift"
        #expect(live.items.map(\.target) == [directory.path(expected)])
    }

    /// Two files of one run that differ only in case would be one file on a Mac: refused before anything is
    /// written, on either file system, whether they come from one root or from two roots in folders spelled so.
    @Test func outputsDifferingOnlyInCaseAreRefusedUnderEitherRule() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let systems: [any FileSystem] = [LiveFileSystem(), CaseInsensitiveFileSystem()]
        for fileSystem in systems {
            let oneRoot = [
                RenderedFile(path: "Home/Home.swift", contents: "a"),
                RenderedFile(path: "home/HOME.swift", contents: "b"),
            ]
            #expect(
                throws: WritingError.pathsDifferOnlyInCase(
                    path: "Out/Home/Home.swift", otherPath: "Out/home/HOME.swift")
            ) {
                try plan(oneRoot, into: "Out", in: directory, fileSystem: fileSystem)
            }
            let twoRoots = [
                RenderedFile(path: "A.swift", contents: "a"),
                RenderedFile(path: "A.swift", contents: "b", root: "tests"),
            ]
            #expect(
                throws: WritingError.pathsDifferOnlyInCase(path: "Out/Tests/A.swift", otherPath: "Out/tests/A.swift")
            ) {
                try plan(
                    twoRoots, into: "Out/Tests", roots: ["tests": "Out/tests"], in: directory, fileSystem: fileSystem)
            }
            #expect(directory.listing().isEmpty)
        }
        #expect(
            WritingError.pathsDifferOnlyInCase(path: "Out/A.swift", otherPath: "Out/a.swift").message
                == "'Out/A.swift' and 'Out/a.swift' differ only in letter case: they would be one file on a "
                + "case-insensitive file system (macOS's default); nothing was written")
    }

    /// A template or module renamed in case: `Home.swift` on disk, `HOME.swift` written now and `Home.swift`
    /// removed (a stale file, or what `update` removes). On a Mac both names are one file; the run must rename it,
    /// as on Linux, not overwrite it and then find the removal "changed while modgen was running".
    @Test func aCaseOnlyRenameWorksUnderEitherRule() throws {
        for sameContents in [false, true] {
            for insensitive in [false, true] {
                let directory = try TemporaryFolder()
                defer { directory.remove() }
                try directory.write("Out/Home.swift", sameContents ? "new\n" : "old\n")
                let fileSystem: any FileSystem = insensitive ? CaseInsensitiveFileSystem() : LiveFileSystem()
                let files = [RenderedFile(path: "HOME.swift", contents: "new\n")]
                let byRemoval = try plan(
                    files, removing: [RenderedFile(path: "Home.swift", contents: "")], into: "Out", in: directory,
                    fileSystem: fileSystem)
                let byStaleFile = try plan(
                    files, into: "Out", staleFiles: ["Home.swift"], in: directory, fileSystem: fileSystem)
                for plan in [byRemoval, byStaleFile] {
                    #expect(Set(plan.lines()) == ["create Out/HOME.swift", "remove Out/Home.swift"])
                }
                _ = try byRemoval.apply(using: fileSystem)
                #expect(directory.listing() == ["Out", "Out/HOME.swift"])
                #expect(directory.read("Out/HOME.swift") == "new\n")
            }
        }
    }

    /// The rename is rolled back like any run: the new spelling removed, the old file given back.
    @Test func aFailedCaseOnlyRenameGivesTheOldFileBack() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Out/Home.swift", "old\n")
        let fileSystem = CaseInsensitiveFileSystem()
        let plan = try plan(
            [RenderedFile(path: "HOME.swift", contents: "new\n"), RenderedFile(path: "Other.swift", contents: "o\n")],
            into: "Out", staleFiles: ["Home.swift"], in: directory, fileSystem: fileSystem)
        fileSystem.failingCreateFile = 2
        #expect(throws: WritingError.self) { try plan.apply(using: fileSystem) }
        #expect(directory.listing() == ["Out", "Out/Home.swift"])
        #expect(directory.read("Out/Home.swift") == "old\n")
    }

    /// A leftover kept (`--skip-existing`) or in conflict stays where the new spelling would go: no rename then.
    @Test func aKeptOldSpellingIsNotRenamed() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Out/Home.swift", "old\n")
        let fileSystem = CaseInsensitiveFileSystem()
        let files = [RenderedFile(path: "HOME.swift", contents: "new\n")]
        let kept = try plan(
            files, into: "Out", policy: .skip, staleFiles: ["Home.swift"], in: directory, fileSystem: fileSystem)
        #expect(kept.lines() == ["skip Out/HOME.swift", "skip Out/Home.swift"])
        let refused = try plan(
            files, into: "Out", policy: .refuse, staleFiles: ["Home.swift"], in: directory, fileSystem: fileSystem)
        #expect(refused.lines() == ["conflict Out/HOME.swift", "conflict Out/Home.swift"])
    }

    /// A snapshot whose template renamed a file in case: recording replaces the old spelling (on a Mac, removing
    /// the leftover after writing would remove the file just written).
    @Test func recordingASnapshotRenamedInCaseKeepsTheFile() throws {
        for insensitive in [false, true] {
            let directory = try TemporaryFolder()
            defer { directory.remove() }
            let fileSystem: any FileSystem = insensitive ? CaseInsensitiveFileSystem() : LiveFileSystem()
            let snapshot = SnapshotDirectory(directory: "Snap", templateID: "demo")
            _ = try snapshot.record(
                [RenderedFile(path: "Home/Home.swift", contents: "old\n")], currentDirectory: directory.path,
                fileSystem: fileSystem)
            let lines = try snapshot.record(
                [RenderedFile(path: "Home/HOME.swift", contents: "new\n")], currentDirectory: directory.path,
                fileSystem: fileSystem)
            #expect(Set(lines) == ["create Snap/Home/HOME.swift", "remove Snap/Home/Home.swift"])
            #expect(directory.listing() == ["Snap", "Snap/.modgen-snapshot", "Snap/Home", "Snap/Home/HOME.swift"])
            #expect(directory.read("Snap/Home/HOME.swift") == "new\n")
        }
    }

    /// Two roots that differ only in case are one folder on a Mac: the folder is known by device and inode, so the
    /// run that holds it does not lock it again (which would wait for itself, then fail as "locked"). Here the
    /// second spelling is `<folder>/.`, the same folder by another path as `Out` and `OUT` are on a Mac.
    @Test func aFolderThisRunHoldsIsNotLockedAgain() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let wait = Duration.milliseconds(100)
        let held = try #require(
            try OutputFolderLock.acquire(.exclusive, root: directory.path, display: "Out", timeout: wait))
        defer { held.release() }
        let again = try OutputFolderLock.acquire(
            .exclusive, root: directory.path + "/.", display: "OUT", timeout: wait, holding: [held])
        #expect(again == nil)
        #expect(throws: WritingError.locked(directory: "OUT", waitedSeconds: 0)) {
            try OutputFolderLock.acquire(.exclusive, root: directory.path + "/.", display: "OUT", timeout: wait)
        }
    }
}
