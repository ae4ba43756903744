import Foundation
import TestSupport
import Testing

@testable import ModGenCore

/// The one file reader: regular files only, at most `sizeLimit` bytes, and errors that say what is at the path.
@Suite struct TextFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func readError(_ path: String) -> FileReadError? {
        do {
            _ = try TextFile.readBytes(atPath: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRegularFileIsReadWhole() throws {
        defer { folder.remove() }
        let text = String(repeating: "line of text\n", count: 20_000)
        try folder.write("file.txt", text)
        #expect(try TextFile.readText(atPath: folder.url("file.txt").path) == text)
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        defer { folder.remove() }
        let path = folder.url("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        // Without O_NONBLOCK the open alone would wait here forever.
        let error = readError(path)
        #expect(error == FileReadError(path: path, reason: "is not a regular file (a FIFO)"))
    }

    @Test(arguments: [
        ("/dev/zero", "is not a regular file (a character device)"),
        ("/dev/null", "is not a regular file (a character device)"),
        ("/", "is a directory"),
    ])
    func aDeviceOrFolderIsRefused(path: String, reason: String) {
        #expect(readError(path) == FileReadError(path: path, reason: reason))
    }

    @Test func aFileOverTheSizeLimitIsRefused() throws {
        defer { folder.remove() }
        let path = folder.url("big").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(TextFile.sizeLimit + 1)) == 0)
        #expect(readError(path)?.reason == "is larger than 16 MiB, the limit for input files")
        #expect(truncate(path, off_t(TextFile.sizeLimit)) == 0)
        #expect(try TextFile.readBytes(atPath: path).count == TextFile.sizeLimit)
    }

    @Test func aSymbolicLinkToNothingSaysSo() throws {
        defer { folder.remove() }
        let path = folder.url("link").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "missing.json")
        #expect(readError(path)?.reason == "is a symbolic link to 'missing.json', which does not exist")
        #expect(readError(folder.url("absent").path)?.reason == "no such file or directory")
    }

    @Test func standardInputIsNamedInWords() {
        let error = FileReadError.standardInput(reason: "bad file descriptor")
        #expect(error.message == "cannot read standard input: bad file descriptor")
        #expect(
            FileReadError(path: "a.json", reason: "is a directory").message == "cannot read 'a.json': is a directory")
    }
}
