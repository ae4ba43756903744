import Foundation
import TestSupport
import Testing

/// `Tests/CompileCheck/expand-snapshot.sh`, which the README tells users to copy into their CI: a hand-edited
/// `combinations.txt` must not read from outside the snapshot folder or write outside the destination. Every case
/// runs under bash and under `bash --posix`: the script is for any CI, a Mac's bash 3.2 included (its bash 4
/// features are kept out by Tests/Portability/check.py).
@Suite struct ExpandSnapshotScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("CompileCheck/expand-snapshot.sh").path

    static let shells = [["/bin/bash"], ["/bin/bash", "--posix"]]

    /// Runs the script with `shell` on `snap` into `out` in `folder`; standard error is collected in a file, as the
    /// script may write any amount.
    private func expand(in folder: TemporaryFolder, with shell: [String]) throws -> (status: Int32, error: String) {
        let errorURL = folder.url("stderr")
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell[0])
        process.arguments = shell.dropFirst() + [Self.script, "snap", "out"]
        process.currentDirectoryURL = folder.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        let error = try String(contentsOf: errorURL, encoding: .utf8)
        try FileManager.default.removeItem(at: errorURL)
        return (process.terminationStatus, error)
    }

    /// A snapshot folder with one stored file `v/A.swift`, an index whose first line is good and whose second is
    /// `line`, and a secret beside it.
    private func snapshot(secondLine line: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("snap/v/A.swift", "let a = 1\n")
        try folder.write("snap/combinations.txt", "default A.swift v\n\(line)\n")
        try folder.write("secret.txt", "the user's secret\n")
        return folder
    }

    @Test(arguments: [
        ("default ../../secret.txt v", "'../../secret.txt'"),
        ("default /etc/passwd v", "'/etc/passwd'"),
        ("../escaped A.swift v", "'../escaped'"),
        ("/tmp/escaped A.swift v", "'/tmp/escaped'"),
        ("default A.swift ../snap/v", "'../snap/v'"),
        ("default sub/../../../secret.txt v", "'sub/../../../secret.txt'"),
    ])
    func aPathThatLeavesItsFolderIsRefusedBeforeAnythingIsWritten(line: String, named: String) throws {
        for shell in Self.shells {
            let folder = try snapshot(secondLine: line)
            defer { folder.remove() }
            let result = try expand(in: folder, with: shell)
            #expect(result.status == 1, "\(shell)")
            #expect(
                result.error
                    == "snap/combinations.txt:2: \(named) would leave its folder (an absolute path or a '..' component)\n"
            )
            #expect(!folder.exists("out"), "nothing written, not even the first line's file")
            #expect(!folder.exists("escaped"))
        }
    }

    @Test func aSymbolicLinkInTheSnapshotFolderIsRefused() throws {
        for shell in Self.shells {
            let folder = try snapshot(secondLine: "default B.swift v")
            defer { folder.remove() }
            try FileManager.default.createSymbolicLink(
                atPath: folder.path("snap/v/B.swift"), withDestinationPath: "../../secret.txt")
            let result = try expand(in: folder, with: shell)
            #expect(result.status == 1, "\(shell)")
            #expect(
                result.error
                    == "expand-snapshot.sh: snap/v/B.swift is a symbolic link: a recorded snapshot holds none\n")
            #expect(!folder.exists("out"))
        }
    }

    @Test func aGoodIndexIsExpandedInFull() throws {
        for shell in Self.shells {
            let folder = try snapshot(secondLine: "rx Sub Folder/A.swift v")
            defer { folder.remove() }
            try folder.write("snap/v/Sub Folder/A.swift", "let b = 2\n")
            let result = try expand(in: folder, with: shell)
            #expect(result.status == 0, "\(shell): \(result.error)")
            #expect(folder.read("out/default/A.swift") == "let a = 1\n")
            #expect(folder.read("out/rx/Sub Folder/A.swift") == "let b = 2\n")
        }
    }
}
