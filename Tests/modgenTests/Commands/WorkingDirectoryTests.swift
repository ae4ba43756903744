import Foundation
import ModGenKit
import TestSupport
import Testing

@testable import modgen

/// The folder a run's relative paths are taken from (`CommandIO.workingDirectory`), and a run whose folder no
/// longer exists: relative paths are then refused, absolute ones still work.
@Suite struct WorkingDirectoryTests {
    private let project = WorkingDirectory(path: "/work/project/App")

    @Test func aRelativePathIsTakenFromTheFolder() throws {
        #expect(try project.url(forPath: "out/Home").path == "/work/project/App/out/Home")
        #expect(try project.absolutePath("../Config/./modgen.json") == "/work/project/Config/modgen.json")
        #expect(try project.absolutePath("/etc/modgen.json") == "/etc/modgen.json")
    }

    @Test(arguments: [
        ("/work/project/App", "."),
        ("/work/project/App/Sources/Modules", "Sources/Modules"),
        ("/work/project/Sources/Modules", "../Sources/Modules"),
        ("/elsewhere/Templates", "/elsewhere/Templates"),
    ])
    func aPathTheUserDidNotTypeIsShownRelativeToTheFolder(path: String, shown: String) {
        #expect(project.shown(URL(fileURLWithPath: path)) == shown)
    }

    @Test func withoutAFolderOnlyAbsolutePathsResolve() throws {
        let gone = WorkingDirectory(path: nil)
        #expect(try gone.absolutePath("/tmp/out") == "/tmp/out")
        #expect(gone.shown(URL(fileURLWithPath: "/tmp/Templates")) == "/tmp/Templates")
        #expect(gone.libraryPath == "")
        let refusal = FileReadError(path: "out", reason: "it is relative, and the current folder no longer exists")
        #expect(throws: refusal) { try gone.url(forPath: "out") }
    }

    /// Runs `arguments` in process in a working folder that no longer exists.
    private func runWithoutAFolder(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let streams = CapturedStreams()
        var io = streams.io
        io.workingDirectory = WorkingDirectory(path: nil)
        return (Modgen.tool.run(arguments, io: io), streams.standardOutput, streams.standardError)
    }

    @Test(arguments: [
        (["new", "Home", "-o", "out"], Int32(74), "'out': it is relative, and the current folder no longer exists"),
        (["render", "t.mustache"], 66, "cannot read 't.mustache': it is relative, and the current folder no longer"),
        (["list", "--templates", "tpl"], 66, "cannot read 'tpl': it is relative, and the current folder no longer"),
        (["snapshot", "mvvm-fc", "-o", "snap"], 74, "'snap': it is relative, and the current folder no longer exists"),
    ])
    func aRelativePathWithoutAFolderIsAnError(arguments: [String], status: Int32, words: String) {
        let result = runWithoutAFolder(arguments)
        #expect(result.status == status)
        #expect(result.error.hasPrefix("modgen: error: "))
        #expect(result.error.contains(words), "\(result.error)")
        #expect(result.error.filter { $0 == "\n" }.count == 1)
    }

    /// No folder, so no `.modgen.json` is looked for; an absolute output folder is written as usual.
    @Test func anAbsoluteOutputFolderIsWrittenWithoutAFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = runWithoutAFolder(["new", "Home", "-o", folder.path("out"), "--quiet"])
        #expect(result.status == 0, "\(result.error)")
        #expect(folder.files(under: "out").keys.sorted() == viperDefaultFiles.sorted())
    }
}
