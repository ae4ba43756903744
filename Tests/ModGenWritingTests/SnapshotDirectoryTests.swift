import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

/// `SnapshotDirectory`: recording, checking, the marker that makes a folder modgen's, and the refusals that keep
/// recording from deleting files it does not own.
@Suite struct SnapshotDirectoryTests {
    let scratch: TemporaryFolder
    /// The snapshot folder, relative to `scratch`, as a user would type it.
    let directory = "snap"
    let files = [
        RenderedFile(path: "default/Home/HomeView.swift", contents: "view\n"),
        RenderedFile(path: "default/Support/Base.swift", contents: "base\n"),
        RenderedFile(path: "rx/Home/HomeView.swift", contents: "rx view\n"),
    ]

    init() throws {
        scratch = try TemporaryFolder()
    }

    func folder(_ templateID: String = "demo") -> SnapshotDirectory {
        SnapshotDirectory(directory: directory, templateID: templateID)
    }

    func record(
        _ files: [RenderedFile]? = nil, template: String = "demo", fileSystem: some FileSystem = LiveFileSystem()
    ) throws -> [String] {
        try folder(template).record(files ?? self.files, currentDirectory: scratch.path, fileSystem: fileSystem)
    }

    func compare(_ files: [RenderedFile]? = nil, template: String = "demo") throws -> SnapshotDirectory.Comparison {
        try folder(template).compare(
            with: files ?? self.files, currentDirectory: scratch.path, fileSystem: LiveFileSystem())
    }

    @Test func theMarkerIsOneDeterministicLine() {
        #expect(SnapshotDirectory.markerName == ".modgen-snapshot")
        #expect(SnapshotDirectory.markerContents(templateID: "viper") == "template: viper\n")
    }

    @Test func recordingIntoAMissingFolderWritesTheFilesAndTheMarker() throws {
        defer { scratch.remove() }
        let lines = try record()
        #expect(
            lines == [
                "create snap/default/Home/HomeView.swift", "create snap/default/Support/Base.swift",
                "create snap/rx/Home/HomeView.swift", "create snap/.modgen-snapshot",
            ])
        #expect(scratch.read("snap/.modgen-snapshot") == "template: demo\n")
        #expect(scratch.read("snap/rx/Home/HomeView.swift") == "rx view\n")
        let comparison = try compare()
        #expect(comparison.isUpToDate)
        #expect(comparison.staleFiles.isEmpty, "the marker is never a stale file")
    }

    @Test func recordingIntoAnEmptyFolderIsAllowed() throws {
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.url("snap").path, withIntermediateDirectories: false)
        #expect(try record().count == 4)
        #expect(scratch.exists("snap/.modgen-snapshot"))
    }

    @Test func recordingTwiceChangesNothing() throws {
        defer { scratch.remove() }
        _ = try record()
        let before = try scratch.modificationDate("snap/default/Home/HomeView.swift")
        let listing = scratch.listing()
        #expect(try record() == [])
        #expect(scratch.listing() == listing)
        #expect(try scratch.modificationDate("snap/default/Home/HomeView.swift") == before)
    }

    @Test func aFolderWithoutAMarkerHoldsNothingToCompareWith() throws {
        defer { scratch.remove() }
        let expected = SnapshotFolderError.notRecorded(directory: "snap", templateID: "demo")
        #expect(throws: expected) { try compare() }
        #expect(!scratch.exists("snap"), "comparing writes nothing")
        try FileManager.default.createDirectory(atPath: scratch.url("snap").path, withIntermediateDirectories: false)
        #expect(throws: expected) { try compare() }
        #expect(scratch.listing() == ["snap"])
        #expect(
            expected.message
                == "snap holds no recorded snapshot of 'demo'; record it first with: modgen snapshot demo --output snap"
        )
    }

    @Test func aFileDeletedAfterRecordingIsMissing() throws {
        defer { scratch.remove() }
        _ = try record()
        try FileManager.default.removeItem(atPath: scratch.url("snap/rx/Home/HomeView.swift").path)
        let comparison = try compare()
        #expect(comparison.differences.map(\.path) == ["rx/Home/HomeView.swift"])
        #expect(comparison.differences.map(\.action) == [.create])
        #expect(comparison.staleFiles.isEmpty)
    }

    /// A checkout may turn the marker's line end into CRLF, and an editor may leave spaces: the marker still names
    /// the template, and neither checking nor recording touches it.
    @Test(arguments: ["template: demo\r\n", "template: demo  \n", "  template:  demo\t\r\n\r\n", "template: demo"])
    func aMarkerWithOtherWhitespaceStillCounts(marker: String) throws {
        defer { scratch.remove() }
        _ = try record()
        try scratch.write("snap/.modgen-snapshot", marker)
        #expect(try compare().isUpToDate)
        #expect(try record() == [])
        #expect(scratch.read("snap/.modgen-snapshot") == marker)
    }

    @Test func aMarkerWithCRLFNamingAnotherTemplateIsStillRefused() throws {
        defer { scratch.remove() }
        try scratch.write("snap/.modgen-snapshot", "template: other\r\n")
        let expected = SnapshotFolderError.markedForOtherTemplate(
            marker: "snap/.modgen-snapshot", markedID: "other", templateID: "demo")
        #expect(throws: expected) { try compare() }
        #expect(throws: expected) { try record() }
    }

    @Test func staleAndEditedFilesAreReportedThenFixedByRecording() throws {
        defer { scratch.remove() }
        _ = try record()
        try scratch.write("snap/old/Gone/Old.swift", "stale\n")
        try scratch.write("snap/default/Home/HomeView.swift", "edited\n")
        try scratch.write("beside.swift", "not in the snapshot folder\n")
        let comparison = try compare()
        #expect(comparison.staleFiles == ["old/Gone/Old.swift"])
        #expect(comparison.differences.map(\.path) == ["default/Home/HomeView.swift"])
        #expect(comparison.differences.first?.diff.contains("-edited\n+view\n") == true)

        let lines = try record()
        #expect(lines == ["overwrite snap/default/Home/HomeView.swift", "remove snap/old/Gone/Old.swift"])
        #expect(!scratch.exists("snap/old"), "folders left empty by a removal are removed too")
        #expect(scratch.read("snap/default/Home/HomeView.swift") == "view\n")
        #expect(scratch.read("beside.swift") == "not in the snapshot folder\n")
        #expect(scratch.read("snap/.modgen-snapshot") == "template: demo\n")
        #expect(try compare().isUpToDate)
    }

    @Test func aRemovedFileLeavesFoldersThatStillHoldSomething() throws {
        defer { scratch.remove() }
        _ = try record()
        try scratch.write("snap/default/Home/Old.swift", "stale\n")
        #expect(try record() == ["remove snap/default/Home/Old.swift"])
        #expect(scratch.exists("snap/default/Home/HomeView.swift"))
    }

    @Test func aStaleSymbolicLinkIsRemovedButNotWhatItPointsTo() throws {
        defer { scratch.remove() }
        _ = try record()
        try scratch.write("outside.txt", "keep me\n")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url("snap/link.txt").path, withDestinationPath: scratch.url("outside.txt").path)
        #expect(try compare().staleFiles == ["link.txt"])
        #expect(try record() == ["remove snap/link.txt"])
        #expect(scratch.read("outside.txt") == "keep me\n")
    }

    @Test func aForeignFolderIsRefusedAndNothingInItChanges() throws {
        defer { scratch.remove() }
        try scratch.write("snap/README", "mine\n")
        try scratch.write("snap/src/keep.swift", "mine too\n")
        let before = scratch.listing()
        let expected = SnapshotFolderError.notASnapshotFolder(directory: "snap", templateID: "demo")
        #expect(throws: expected) { try record() }
        #expect(throws: SnapshotFolderError.notRecorded(directory: "snap", templateID: "demo")) { try compare() }
        #expect(scratch.listing() == before)
        #expect(scratch.read("snap/src/keep.swift") == "mine too\n")
        #expect(
            expected.message == "'snap' is not a snapshot folder: it is not empty and has no .modgen-snapshot "
                + "marker, so nothing was written (recording would remove its files); use a new or empty folder, "
                + "or, if it holds only a snapshot of 'demo', add the marker with the line 'template: demo'")
    }

    @Test func aHiddenFileAloneMakesAFolderForeign() throws {
        defer { scratch.remove() }
        try scratch.write("snap/.keep", "")
        #expect(throws: SnapshotFolderError.notASnapshotFolder(directory: "snap", templateID: "demo")) { try record() }
        #expect(scratch.listing() == ["snap", "snap/.keep"])
    }

    @Test func aMarkerOfAnotherTemplateIsRefused() throws {
        defer { scratch.remove() }
        _ = try record(template: "other")
        let before = scratch.listing()
        let expected = SnapshotFolderError.markedForOtherTemplate(
            marker: "snap/.modgen-snapshot", markedID: "other", templateID: "demo")
        #expect(throws: expected) { try record() }
        #expect(throws: expected) { try compare() }
        #expect(scratch.listing() == before)
        #expect(scratch.read("snap/.modgen-snapshot") == "template: other\n")
        #expect(
            expected.message
                == "'snap/.modgen-snapshot' marks a snapshot of template 'other', not 'demo'; nothing was written")
    }

    @Test func aMarkerNamingNoTemplateIsRefused() throws {
        defer { scratch.remove() }
        try scratch.write("snap/.modgen-snapshot", "hello\n")
        let expected = SnapshotFolderError.markedForOtherTemplate(
            marker: "snap/.modgen-snapshot", markedID: nil, templateID: "demo")
        #expect(throws: expected) { try record() }
        #expect(scratch.listing() == ["snap", "snap/.modgen-snapshot"])
        #expect(expected.message.contains("does not name a template"))
    }

    @Test func aMarkerThatIsNotAFileIsRefused() throws {
        defer { scratch.remove() }
        try scratch.write("snap/.modgen-snapshot/inside", "")
        let expected = SnapshotFolderError.unusableMarker(
            path: "snap/.modgen-snapshot", reason: "it is not a regular file")
        #expect(throws: expected) { try record() }
        #expect(scratch.listing() == ["snap", "snap/.modgen-snapshot", "snap/.modgen-snapshot/inside"])
    }

    @Test func aRenderedFileMayNotTakeTheMarkersPlace() throws {
        defer { scratch.remove() }
        let clash = files + [RenderedFile(path: ".modgen-snapshot", contents: "template: demo\n")]
        #expect(throws: WritingError.unsafePath(path: ".modgen-snapshot", reason: "it is the snapshot folder's marker"))
        {
            try record(clash)
        }
        #expect(!scratch.exists("snap"))
    }

    @Test func anOutputThatIsAFileIsRefusedByTheWriter() throws {
        defer { scratch.remove() }
        try scratch.write("snap", "a file\n")
        #expect(throws: WritingError.unusableTarget(path: "snap", reason: "'\(scratch.path)/snap' is not a directory"))
        {
            try record()
        }
        #expect(scratch.read("snap") == "a file\n")
    }

    /// Recording is one plan: the stale files' removal goes through the same journal as the writes, so a removal
    /// that fails (through the `FileSystem` seam, on purpose) leaves the folder as it was, the written files rolled
    /// back, and the error is the writer's.
    @Test(arguments: [1, 2, 3])
    func aFailedRemovalChangesNothing(failingCall: Int) throws {
        defer { scratch.remove() }
        _ = try record()
        try scratch.write("snap/a.swift", "stale a\n")
        try scratch.write("snap/old/b.swift", "stale b\n")
        try FileManager.default.removeItem(atPath: scratch.url("snap/rx/Home/HomeView.swift").path)
        let before = try FileWalker.relativeFilePaths(under: scratch.url("snap"))
        let failing = FailingFileSystem(failing: .rename, onCall: failingCall)
        #expect(throws: WritingError.self) { try record(fileSystem: failing) }
        #expect(try FileWalker.relativeFilePaths(under: scratch.url("snap")) == before)
        #expect(scratch.read("snap/a.swift") == "stale a\n")
        #expect(scratch.read("snap/old/b.swift") == "stale b\n")
        // Recorded again without the failure: the stale files and the folder they leave empty are gone.
        #expect(
            try record() == ["create snap/rx/Home/HomeView.swift", "remove snap/a.swift", "remove snap/old/b.swift"])
        #expect(!scratch.exists("snap/old"))
        #expect(try compare().isUpToDate)
    }

    /// A snapshot in the layout before the index: every combination in full, `Base.swift` once per combination.
    let olderLayout = [
        RenderedFile(path: "default/Home/HomeView.swift", contents: "view\n"),
        RenderedFile(path: "default/Support/Base.swift", contents: "base\n"),
        RenderedFile(path: "rx/Home/HomeView.swift", contents: "rx view\n"),
        RenderedFile(path: "rx/Support/Base.swift", contents: "base\n"),
    ]
    /// The same snapshot now: `Base.swift` stored once, and the index.
    var withIndex: [RenderedFile] {
        files + [RenderedFile(path: SnapshotIndex.fileName, contents: "default Support/Base.swift default\n")]
    }

    /// Comparing file by file would list every combination folder as stale and the index as missing; one line says
    /// what happened and that recording again migrates the folder.
    @Test func checkingAFolderInTheOlderLayoutSaysToRecordAgain() throws {
        defer { scratch.remove() }
        _ = try record(olderLayout)
        let before = scratch.listing()
        let expected = SnapshotFolderError.withoutIndex(directory: "snap", templateID: "demo")
        #expect(throws: expected) { try compare(withIndex) }
        #expect(scratch.listing() == before, "checking writes nothing")
        #expect(
            expected.message
                == "snap has no index combinations.txt: it holds a snapshot in the layout of an older modgen (one "
                + "folder per combination); record it again, which moves it to the current layout, and commit the "
                + "result: modgen snapshot demo --output snap")
    }

    /// An index that is a FIFO is input that cannot be read (and is not waited on), not an older layout.
    @Test func anIndexThatIsAFIFOIsAnInputErrorNotAnotherLayout() throws {
        defer { scratch.remove() }
        _ = try record(withIndex)
        let index = scratch.path + "/snap/" + SnapshotIndex.fileName
        try FileManager.default.removeItem(atPath: index)
        #expect(mkfifo(index, 0o644) == 0)
        #expect {
            try compare(withIndex)
        } throws: { error in
            (error as? FileReadError)?.message == "cannot read 'snap/combinations.txt': is not a regular file (a FIFO)"
        }
    }

    @Test func recordingMigratesAFolderInTheOlderLayout() throws {
        defer { scratch.remove() }
        _ = try record(olderLayout)
        let lines = try record(withIndex)
        #expect(lines == ["create snap/combinations.txt", "remove snap/rx/Support/Base.swift"])
        #expect(!scratch.exists("snap/rx/Support"), "the emptied combination folder goes too")
        #expect(scratch.read("snap/.modgen-snapshot") == "template: demo\n")
        #expect(try compare(withIndex).isUpToDate)
    }

    /// Only a folder that holds files but no index is in the older layout: a freshly marked, empty one is not.
    @Test func aMarkedFolderWithNothingRecordedIsComparedFileByFile() throws {
        defer { scratch.remove() }
        try scratch.write("snap/.modgen-snapshot", "template: demo\n")
        let comparison = try compare(withIndex)
        #expect(comparison.differences.count == withIndex.count)
        #expect(comparison.differences.allSatisfy { $0.action == .create })
    }

    @Test func anAbsoluteFolderIsShownAsGiven() throws {
        defer { scratch.remove() }
        let absolute = scratch.url("abs").path
        let lines = try SnapshotDirectory(directory: absolute, templateID: "demo").record(files)
        #expect(lines.first == "create \(absolute)/default/Home/HomeView.swift")
        #expect(try SnapshotDirectory(directory: absolute, templateID: "demo").compare(with: files).isUpToDate)
    }
}
