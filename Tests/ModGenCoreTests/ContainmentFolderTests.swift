import Foundation
import TestSupport
import Testing

@testable import ModGenCore

/// The reader and the walk with a containment folder: what leads out of it is refused, what stays inside is read.
@Suite struct ContainmentFolderTests {
    let folder: TemporaryFolder
    let box: ContainmentFolder

    init() throws {
        folder = try TemporaryFolder()
        box = ContainmentFolder(folder.path("box"))
        try folder.write("box/inside.txt", "inside\n")
        try folder.write("box/sub/deeper.txt", "deeper\n")
        try folder.write("outside.txt", "secret\n")
        try folder.write("outside/file.txt", "secret\n")
    }

    private func link(_ relativePath: String, to target: String) throws {
        try FileManager.default.createDirectory(
            atPath: folder.url(relativePath).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path(relativePath), withDestinationPath: target)
    }

    private func readError(_ relativePath: String) -> FileReadError? {
        do {
            _ = try TextFile.readBytes(atPath: folder.path(relativePath), inside: box)
            return nil
        } catch {
            return error
        }
    }

    private func outside(_ relativePath: String, to target: String) -> FileReadError {
        .refused(
            path: folder.path(relativePath),
            reason: "leads outside the template folder '\(folder.path("box"))' (to '\(folder.path(target))'): a "
                + "template reads only files inside its own folder")
    }

    @Test func aFileOrALinkThatStaysInsideIsRead() throws {
        defer { folder.remove() }
        try link("box/link.txt", to: "sub/deeper.txt")
        try link("box/sub/up.txt", to: "../inside.txt")
        try link("box/alias", to: "sub")
        #expect(try TextFile.readText(atPath: folder.path("box/inside.txt"), inside: box) == "inside\n")
        #expect(try TextFile.readText(atPath: folder.path("box/link.txt"), inside: box) == "deeper\n")
        #expect(try TextFile.readText(atPath: folder.path("box/sub/up.txt"), inside: box) == "inside\n")
        #expect(try TextFile.readText(atPath: folder.path("box/alias/deeper.txt"), inside: box) == "deeper\n")
    }

    @Test func aLinkToAFileOutsideIsRefused() throws {
        defer { folder.remove() }
        try link("box/Secret.swift", to: "../outside.txt")
        #expect(readError("box/Secret.swift") == outside("box/Secret.swift", to: "outside.txt"))
        #expect(readError("box/Secret.swift")?.kind == .refused)
    }

    @Test func anAbsoluteLinkOutIsRefused() throws {
        defer { folder.remove() }
        try link("box/passwd", to: "/etc/passwd")
        let error = try #require(readError("box/passwd"))
        #expect(error.kind == .refused)
        #expect(error.message.hasSuffix("(to '/etc/passwd'): a template reads only files inside its own folder"))
    }

    @Test func aFileReadThroughALinkedFolderOutsideIsRefused() throws {
        defer { folder.remove() }
        try link("box/linked", to: "../outside")
        #expect(readError("box/linked/file.txt") == outside("box/linked/file.txt", to: "outside/file.txt"))
    }

    @Test func dotDotOutOfTheBoxIsRefusedToo() throws {
        defer { folder.remove() }
        #expect(readError("box/../outside.txt") == outside("box/../outside.txt", to: "outside.txt"))
    }

    @Test func aBoxReachedThroughALinkContainsWhatIsInsideItsRealFolder() throws {
        defer { folder.remove() }
        try link("linkedBox", to: "box")
        let linked = ContainmentFolder(folder.path("linkedBox"))
        #expect(try TextFile.readText(atPath: folder.path("linkedBox/inside.txt"), inside: linked) == "inside\n")
        #expect(try TextFile.readText(atPath: folder.path("box/inside.txt"), inside: linked) == "inside\n")
    }

    @Test func aLoopOfLinksSaysSo() throws {
        defer { folder.remove() }
        try link("box/loop", to: "loop")
        #expect(
            readError("box/loop")
                == FileReadError(path: folder.path("box/loop"), reason: "too many levels of symbolic links"))
    }

    @Test func theWalkFollowsLinksInsideAndListsThemUnderTheirNames() throws {
        defer { folder.remove() }
        try link("box/alias", to: "sub")
        try link("box/copy.txt", to: "inside.txt")
        try link("box/nowhere.txt", to: "missing.txt")
        let listed = try FileWalker.relativeFilePaths(under: folder.url("box"), inside: box)
        #expect(listed == ["alias/deeper.txt", "copy.txt", "inside.txt", "nowhere.txt", "sub/deeper.txt"])
    }

    @Test(arguments: [("box/Secret.swift", "../outside.txt"), ("box/sub/linked", "../../outside")])
    func theWalkRefusesALinkOut(link relativePath: String, to target: String) throws {
        defer { folder.remove() }
        try link(relativePath, to: target)
        let real = target.hasSuffix(".txt") ? "outside.txt" : "outside"
        #expect(throws: outside(relativePath, to: real)) {
            try FileWalker.relativeFilePaths(under: folder.url("box"), inside: box)
        }
    }

    @Test func theWalkRefusesALinkToAFolderThatHoldsIt() throws {
        defer { folder.remove() }
        try link("box/sub/up", to: "..")
        #expect(
            throws: FileReadError.refused(
                path: folder.path("box/sub/up"),
                reason: "is a symbolic link to '\(folder.path("box"))', a folder that holds it (a loop)")
        ) { try FileWalker.relativeFilePaths(under: folder.url("box"), inside: box) }
    }

    /// A folder walked once reads its listed files by the real paths the walk found, and refuses what leads out
    /// exactly as a folder that was not walked: a path it did not list, or a link put in after the walk.
    @Test func aWalkedFolderReadsWhatItListedAndStillRefusesWhatLeadsOut() throws {
        defer { folder.remove() }
        try link("box/alias", to: "sub")
        try link("box/copy.txt", to: "inside.txt")
        let walked = try FileWalker.walkedFolder(folder.url("box"))
        #expect(walked.listedFiles == ["alias/deeper.txt", "copy.txt", "inside.txt", "sub/deeper.txt"])
        #expect(walked.listedFiles == (try FileWalker.relativeFilePaths(under: folder.url("box"), inside: box)))
        let real = try #require(ContainmentFolder.resolve(folder.path("box")))
        #expect(try walked.realPath(of: folder.path("box/alias/deeper.txt"), shownAs: "") == real + "/sub/deeper.txt")
        #expect(try walked.realPath(of: folder.path("box/copy.txt"), shownAs: "") == real + "/inside.txt")
        #expect(try TextFile.readText(atPath: folder.path("box/alias/deeper.txt"), inside: walked) == "deeper\n")

        try link("box/Secret.swift", to: "../outside.txt")
        func readError(_ relativePath: String) -> FileReadError? {
            do {
                _ = try TextFile.readBytes(atPath: folder.path(relativePath), inside: walked)
                return nil
            } catch {
                return error
            }
        }
        #expect(readError("box/Secret.swift") == outside("box/Secret.swift", to: "outside.txt"))
        #expect(readError("box/../outside.txt") == outside("box/../outside.txt", to: "outside.txt"))
    }

    @Test func theWalkOfATemplateStopsAtTheFileLimit() throws {
        defer { folder.remove() }
        // Links to folders of links to folders: over 13,000 files listed from 41 entries on disk.
        try folder.write("box/a/b/c/x.txt", "x\n")
        for index in 1...9 { try link("box/a/b/c/x\(index).txt", to: "x.txt") }
        for index in 1...10 { try link("box/a/b/c\(index)", to: "c") }
        for index in 1...10 { try link("box/a/b\(index)", to: "b") }
        for index in 1...10 { try link("box/a\(index)", to: "a") }
        #expect(
            throws: FileReadError.refused(
                path: folder.path("box"), reason: "holds more than 10000 files, the limit for a template")
        ) { try FileWalker.relativeFilePaths(under: folder.url("box"), inside: box) }
    }
}

/// A template's folder thousands of folders deep (past the system's path limit) is refused in one line as soon as
/// the walk passes `FileWalker.maximumTemplateDepth`, instead of walking ever longer paths for seconds.
@Suite struct FileWalkerDepthTests {
    /// Makes `depth` nested folders `d/d/…` in `root`, with a file at the bottom; folders are made relative to
    /// their parent (`mkdirat`), since their paths are longer than `PATH_MAX`.
    private func makeNested(in root: String, depth: Int) {
        var descriptor = open(root, O_RDONLY | O_DIRECTORY)
        for _ in 0..<depth {
            mkdirat(descriptor, "d", 0o755)
            let next = openat(descriptor, "d", O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
        }
        close(openat(descriptor, "deep.txt", O_WRONLY | O_CREAT, 0o644))
        close(descriptor)
    }

    /// Removes what `makeNested` made, bottom up, also relative to each parent.
    private func removeNested(in root: String, depth: Int) {
        var descriptors = [open(root, O_RDONLY | O_DIRECTORY)]
        for _ in 0..<depth { descriptors.append(openat(descriptors.last!, "d", O_RDONLY | O_DIRECTORY)) }
        unlinkat(descriptors.last!, "deep.txt", 0)
        for index in stride(from: depth, to: 0, by: -1) {
            close(descriptors[index])
            unlinkat(descriptors[index - 1], "d", AT_REMOVEDIR)
        }
        close(descriptors[0])
    }

    @Test(arguments: [2_100, FileWalker.maximumTemplateDepth + 1])
    func aTemplateFolderTooDeepIsRefused(depth: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = folder.path("M.xctemplate")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        makeNested(in: root, depth: depth)
        defer { removeNested(in: root, depth: depth) }
        #expect(
            throws: FileReadError.refused(
                path: root, reason: "holds folders more than 64 deep, the limit for a template")
        ) { try FileWalker.relativeFilePaths(under: URL(fileURLWithPath: root), inside: ContainmentFolder(root)) }
    }

    @Test func aTemplateFolderAtTheLimitIsListed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = folder.path("M.xctemplate")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        makeNested(in: root, depth: FileWalker.maximumTemplateDepth)
        let paths = try FileWalker.relativeFilePaths(under: URL(fileURLWithPath: root), inside: ContainmentFolder(root))
        #expect(paths == [String(repeating: "d/", count: FileWalker.maximumTemplateDepth) + "deep.txt"])
    }
}
