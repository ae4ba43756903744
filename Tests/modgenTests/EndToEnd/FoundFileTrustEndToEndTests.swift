import Foundation
import TestSupport
import Testing

/// A `.modgen.json` or an `IDETemplateMacros.plist` modgen finds by walking up is used only when it is the user's
/// alone: one of another user's, or one anybody can change, is refused with how to use it anyway, and a file named
/// explicitly (`--config`, the config's `"xcodeMacros"`) is used whoever owns it.
@Suite struct FoundFileTrustEndToEndTests {
    /// A config one level above the working folder `work`, whose `after` command (run in the config's folder) would
    /// leave a file `ran` beside it.
    private static func plantConfig(in folder: TemporaryFolder) throws {
        try folder.write(".modgen.json", #"{ "after": ["touch ran"] }"#)
        try folder.makeFolder("work")
    }

    private func run(_ arguments: [String], in folder: TemporaryFolder, at relativePath: String = "work")
        -> ProcessResult
    {
        var variables = ProcessInfo.processInfo.environment
        variables["SOURCE_DATE_EPOCH"] = nil
        return execute(arguments, in: folder.url(relativePath), environment: variables)
    }

    private func expectRefused(_ result: ProcessResult, path: String, problem: String, remedy: String) {
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "modgen: error: '\(path)' \(problem); modgen uses a file it finds in a folder above only when it is "
                + "yours and only you can change it: \(remedy)\n")
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func aConfigOfAnotherUserIsRefusedUnlessNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.plantConfig(in: folder)
        #expect(chown(folder.path(".modgen.json"), 65534, 65534) == 0)
        for arguments in [["new", "Home", "-o", "out"], ["snapshot", "viper", "-o", "snap"], ["describe", "viper"]] {
            let result = run(arguments, in: folder)
            expectRefused(
                result, path: folder.path(".modgen.json"),
                problem: "is owned by uid 65534 (nobody), not by you (uid 0 (root))",
                remedy: "to use it anyway, pass it with --config '\(folder.path(".modgen.json"))'")
        }
        #expect(!folder.exists("work/out") && !folder.exists("work/snap"))
        #expect(!folder.exists("ran"), "the planted after command did not run")
        let named = run(["new", "Home", "-o", "out", "-q", "--config", "../.modgen.json"], in: folder)
        #expect(named.status == 0, "\(named.standardError)")
        #expect(folder.exists("ran"), "a config named with --config is used, its after command too")
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func aLinkOfAnotherUserOrToAFileOfAnotherUserIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.makeFolder("work")
        try folder.write("theirs.json", "{}")
        #expect(chown(folder.path("theirs.json"), 65534, 65534) == 0)
        try folder.makeLink(".modgen.json", to: "theirs.json")
        expectRefused(
            run(["new", "Home", "-o", "out"], in: folder), path: folder.path(".modgen.json"),
            problem: "points to a file that is owned by uid 65534 (nobody), not by you (uid 0 (root))",
            remedy: "to use it anyway, pass it with --config '\(folder.path(".modgen.json"))'")
        try folder.write("mine.json", "{}")
        try folder.delete(".modgen.json")
        try folder.makeLink(".modgen.json", to: "mine.json")
        #expect(lchown(folder.path(".modgen.json"), 65534, 65534) == 0)
        expectRefused(
            run(["new", "Home", "-o", "out"], in: folder), path: folder.path(".modgen.json"),
            problem: "is owned by uid 65534 (nobody), not by you (uid 0 (root))",
            remedy: "to use it anyway, pass it with --config '\(folder.path(".modgen.json"))'")
    }

    @Test func aConfigEveryoneCanWriteIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.plantConfig(in: folder)
        try folder.setPermissions(".modgen.json", 0o666)
        expectRefused(
            run(["new", "Home", "-o", "out"], in: folder), path: folder.path(".modgen.json"),
            problem: "is writable by every user",
            remedy: "to use it anyway, pass it with --config '\(folder.path(".modgen.json"))'")
        #expect(!folder.exists("work/out") && !folder.exists("ran"))
    }

    @Test func aConfigInAFolderEveryoneCanWriteIsRefusedUnlessTheFolderIsSticky() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.plantConfig(in: folder)
        try folder.setPermissions(".", 0o777)
        expectRefused(
            run(["new", "Home", "-o", "out"], in: folder), path: folder.path(".modgen.json"),
            problem: "is in '\(folder.path)', a folder every user can write to (and not sticky)",
            remedy: "to use it anyway, pass it with --config '\(folder.path(".modgen.json"))'")
        #expect(!folder.exists("work/out"))
        // Sticky, as /tmp is: only the owner of a file can replace it, and the file is ours.
        try folder.setPermissions(".", 0o1777)
        let result = run(["new", "Home", "-o", "out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.exists("ran"))
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func aTeamMacrosFileOfAnotherUserIsRefusedUnlessTheConfigNamesIt() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.writeBundle(bundlePlist(""), files: ["___FILEBASENAME___.swift": "//___FILEHEADER___\n"])
        let macros = "App.xcodeproj/xcshareddata/IDETemplateMacros.plist"
        try folder.write(macros, #"{ FILEHEADER = " planted"; }"#)
        #expect(chown(folder.path(macros), 65534, 65534) == 0)
        // The project's name is how the macros file is found (no folder is listed on the way up).
        let refused = try folder.generate(newBundle + ["--set", "project=App"])
        expectRefused(
            refused, path: folder.path(macros), problem: "is owned by uid 65534 (nobody), not by you (uid 0 (root))",
            remedy: "to use it anyway, name it in the config's \"xcodeMacros\"")
        #expect(!folder.exists("out"))
        try folder.write(".modgen.json", #"{ "xcodeMacros": "\#(macros)" }"#)
        let named = try folder.generate(newBundle)
        #expect(named.status == 0, "\(named.standardError)")
        #expect(folder.read("out/Home.swift") == "// planted\n")
    }

    @Test func aConfigOfTheUserInAnOrdinaryFolderIsUsed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.plantConfig(in: folder)
        let result = run(["new", "Home", "-o", "out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.exists("ran"))
    }
}
