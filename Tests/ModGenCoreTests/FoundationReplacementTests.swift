import Foundation
import TestSupport
import Testing

@testable import ModGenCore

/// The library links FoundationEssentials only; these check that what replaced Foundation's calls gives the same
/// answers as Foundation does.
@Suite struct FoundationReplacementTests {
    @Test(arguments: ["", " ", "\t x \t", "x", "  a b  ", "\u{00A0}x\u{2003}", "x\n", "\u{3000}\u{3000}"])
    func trimmingSpacesMatchesFoundation(_ text: String) {
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func zeroPaddingMatchesStringFormat() {
        for (number, width) in [(0, 4), (7, 2), (12, 2), (2024, 4), (123, 2), (9999, 4), (1, 4)] {
            #expect(String.zeroPadded(number, width: width) == String(format: "%0\(width)d", number))
        }
    }

    @Test func fileWalkerListsWhatFileManagerLists() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for file in ["a.txt", ".hidden", "sub/b.txt", "sub/deeper/c.txt"] {
            try folder.write(file, "x")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.url("link").path, withDestinationPath: "sub")
        let expected = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { path in
            let type = try? FileManager.default.attributesOfItem(atPath: folder.url(path).path)[.type]
            return (type as? FileAttributeType) == .typeRegular || (type as? FileAttributeType) == .typeSymbolicLink
        }
        let listed = try FileWalker.relativeFilePaths(under: URL(fileURLWithPath: folder.path))
        #expect(listed == expected.sorted())
        #expect(listed.contains("link") && !listed.contains("link/b.txt"))
        #expect(try FileWalker.relativeFilePaths(under: folder.url("missing")).isEmpty)
    }

    @Test func fileStatusTellsFoldersFromFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("f", "x")
        #expect(FileStatus.isDirectory(atPath: folder.path) == true)
        #expect(FileStatus.isDirectory(atPath: folder.url("f").path) == false)
        #expect(FileStatus.isDirectory(atPath: folder.url("none").path) == nil)
    }
}
