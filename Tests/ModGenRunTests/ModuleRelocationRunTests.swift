import Foundation
import ModGenCore
import ModGenGeneration
import ModGenRun
import ModGenTemplates
import ModGenWriting
import ModGenXcodeProject
import TestSupport
import Testing

/// `move` and `rename` as run requests: files, project references and record together, or nothing.
@Suite struct ModuleRelocationRunTests {
    typealias Project = ModuleRunTests.Project

    private func referenced(_ project: Project, under folder: String) throws -> [String] {
        let loaded = try XcodeProject.load(at: project.folder.path("App.xcodeproj"), currentDirectory: "/")
        let root = try TemporaryFolder.realPath(project.folder.path)
        return loaded.referencedFiles(under: root + "/" + folder).map { String($0.dropFirst(root.count + 1)) }
    }

    private func record(_ project: Project, _ name: String) throws -> ModuleRecord {
        try #require(try project.records.record(module: name))
    }

    @Test func moveCarriesEditedFilesReferencesAndRecord() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        let edited = try #require(project.folder.read("App/Alpha/AlphaView.swift")) + "// mine\n"
        try project.folder.write("App/Alpha/AlphaView.swift", edited)
        let result = try project.run(.apply).carryOut([
            .move(
                record: try record(project, "Alpha"), outputDirectory: project.folder.url("Features"),
                rootDirectories: [:])
        ])
        #expect(result.isApplied)
        #expect(result.requests[0].move?.files.map(\.outcome) == [.moved])
        #expect(project.folder.read("Features/Alpha/AlphaView.swift") == edited, "byte for byte, the edit kept")
        #expect(!project.folder.exists("App/Alpha"), "the folder the move left empty goes")
        #expect(try record(project, "Alpha").output == "Features")
        #expect(try record(project, "Alpha").project?.path == "App.xcodeproj")
        #expect(try referenced(project, under: "Features") == ["Features/Alpha/AlphaView.swift"])
        #expect(try referenced(project, under: "App/Alpha").isEmpty)
        let text = try #require(project.folder.read("App.xcodeproj/project.pbxproj"))
        #expect(text.contains("AlphaView.swift in Sources"), "still in its target")
    }

    @Test func moveAdoptsFilesAlreadyMovedByHand() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        try FileManager.default.createDirectory(
            at: project.folder.url("Features"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: project.folder.url("App/Alpha"), to: project.folder.url("Features/Alpha"))
        let before = project.folder.read("Features/Alpha/AlphaView.swift")
        let result = try project.run(.apply).carryOut([
            .move(
                record: try record(project, "Alpha"), outputDirectory: project.folder.url("Features"),
                rootDirectories: [:])
        ])
        #expect(result.requests[0].move?.files.map(\.outcome) == [.adopted])
        #expect(result.requests[0].plan.entries.isEmpty && result.requests[0].vacated?.entries.isEmpty == true)
        #expect(project.folder.read("Features/Alpha/AlphaView.swift") == before)
        #expect(try record(project, "Alpha").output == "Features")
        #expect(try referenced(project, under: "Features") == ["Features/Alpha/AlphaView.swift"])
        #expect(try referenced(project, under: "App/Alpha").isEmpty)
        // The recorded module is now where its record says: an update finds it and changes nothing.
        let update = try project.run(.check).carryOut([
            .update(record: try record(project, "Alpha"), template: try project.template, changes: .init())
        ])
        #expect(update.requests[0].update?.files.map(\.outcome) == [.unchanged])
        #expect(update.projects.allSatisfy { !$0.edit.changesProject })
    }

    @Test func moveRemovesTheOldCopyOfAFileAlreadyCopiedThere() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        let bytes = try #require(project.folder.read("App/Alpha/AlphaView.swift"))
        try project.folder.write("Features/Alpha/AlphaView.swift", bytes)
        let result = try project.run(.apply).carryOut([
            .move(
                record: try record(project, "Alpha"), outputDirectory: project.folder.url("Features"),
                rootDirectories: [:])
        ])
        #expect(result.requests[0].move?.files.map(\.outcome) == [.alreadyCopied])
        #expect(!project.folder.exists("App/Alpha/AlphaView.swift"))
        #expect(project.folder.read("Features/Alpha/AlphaView.swift") == bytes)
        #expect(try referenced(project, under: "Features") == ["Features/Alpha/AlphaView.swift"])
    }

    @Test func moveRefusesAnotherFileAtTheDestinationAndChangesNothing() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        try project.folder.write("Features/Alpha/AlphaView.swift", "someone else's\n")
        let before = project.folder.listing()
        let projectBefore = project.folder.read("App.xcodeproj/project.pbxproj")
        #expect(throws: ModuleRelocationError.self) {
            try project.run(.apply).carryOut([
                .move(
                    record: try record(project, "Alpha"), outputDirectory: project.folder.url("Features"),
                    rootDirectories: [:])
            ])
        }
        #expect(project.folder.listing() == before)
        #expect(project.folder.read("App.xcodeproj/project.pbxproj") == projectBefore)
        #expect(project.folder.read("Features/Alpha/AlphaView.swift") == "someone else's\n")
    }

    @Test func renameMergesTheEditIntoTheNewNameAndMovesEverything() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        let original = try #require(project.folder.read("App/Alpha/AlphaView.swift"))
        try project.folder.write("App/Alpha/AlphaView.swift", original + "// mine, about Alpha\n")
        let result = try project.run(.apply).carryOut([
            .rename(record: try record(project, "Alpha"), newName: "Beta", template: try project.template)
        ])
        #expect(result.isApplied)
        let renamed = try #require(project.folder.read("App/Beta/BetaView.swift"))
        // The template's lines follow the name; the developer's line is carried as written.
        #expect(renamed.contains("final class BetaView"))
        #expect(!renamed.contains("final class AlphaView"))
        #expect(renamed.hasSuffix("}\n// mine, about Alpha\n"))
        #expect(!project.folder.exists("App/Alpha"))
        #expect(try project.records.record(module: "Alpha") == nil)
        #expect(try record(project, "Beta").output == "App")
        #expect(try record(project, "Beta").project?.path == "App.xcodeproj")
        #expect(try referenced(project, under: "App/Beta") == ["App/Beta/BetaView.swift"])
        #expect(try referenced(project, under: "App/Alpha").isEmpty)
        // What the merge gives equals git merge-file's answer on the same three sides.
        let base = original
        let theirs = try project.session.renderer(for: try project.template).renderModule(
            GenerationRequest(moduleName: "Beta", options: try project.template.optionValues(explicit: [:])))[0]
        guard GitMergeFile.isAvailable else { return }
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let expected = try GitMergeFile(folder: scratch, yoursLabel: "yours", theirsLabel: "template").merge(
            base: base, yours: original + "// mine, about Alpha\n",
            theirs: String(decoding: theirs.bytes, as: UTF8.self))
        #expect(expected.conflicts == 0)
        #expect(renamed == expected.text)
    }

    @Test func renameRefusesATakenNameAndAnotherFileAtANewPath() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha"), project.newModule("Beta")])
        #expect(throws: ModuleRunError.alreadyRecorded(module: "Beta")) {
            try project.run(.apply).carryOut([
                .rename(record: try record(project, "Alpha"), newName: "Beta", template: try project.template)
            ])
        }
        try project.folder.write("App/Gamma/GammaView.swift", "not the module's\n")
        let before = project.folder.listing()
        #expect(throws: ModuleRelocationError.self) {
            try project.run(.apply).carryOut([
                .rename(record: try record(project, "Alpha"), newName: "Gamma", template: try project.template)
            ])
        }
        #expect(project.folder.listing() == before)
    }

    /// A moved or renamed file keeps its permission bits, as `mv` and `git mv` keep them, not the umask's.
    @Test(arguments: ["move", "rename"])
    func movedAndRenamedFilesKeepTheirMode(_ command: String) throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o754], ofItemAtPath: project.folder.path("App/Alpha/AlphaView.swift"))
        let request: ModuleRequest =
            command == "move"
            ? .move(
                record: try record(project, "Alpha"), outputDirectory: project.folder.url("Features"),
                rootDirectories: [:])
            : .rename(record: try record(project, "Alpha"), newName: "Beta", template: try project.template)
        #expect(try project.run(.apply).carryOut([request]).isApplied)
        let moved = command == "move" ? "Features/Alpha/AlphaView.swift" : "App/Beta/BetaView.swift"
        #expect(try project.folder.permissions(moved) == 0o754)
    }

    /// The project file is written last: with its folder made immutable (which holds for root too), the run
    /// fails after the module's files, the record and the template store were written, and must undo all of it.
    @Test(
        .enabled(if: ImmutableFolder.isSupported, "needs chattr +i (Linux) or chflags uchg (macOS) to take here"),
        arguments: ["move", "rename"])
    func aFailureAtTheProjectFileRollsEverythingBack(_ command: String) throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        try project.folder.write(
            "App/Alpha/AlphaView.swift", project.folder.read("App/Alpha/AlphaView.swift")! + "// mine\n")
        let before = project.folder.listing()
        let contents = before.map { project.folder.read($0) }
        let folder = project.folder.path("App.xcodeproj")
        try #require(ImmutableFolder.set(folder))
        defer { ImmutableFolder.clear(folder) }
        let request: ModuleRequest =
            command == "move"
            ? .move(
                record: try record(project, "Alpha"), outputDirectory: project.folder.url("Features"),
                rootDirectories: [:])
            : .rename(record: try record(project, "Alpha"), newName: "Beta", template: try project.template)
        #expect(throws: WritingError.self) { try project.run(.apply).carryOut([request]) }
        ImmutableFolder.clear(folder)
        #expect(project.folder.listing() == before)
        #expect(before.map { project.folder.read($0) } == contents)
    }
}

/// A folder no one can add a file to, root included: `chattr +i` on Linux, `chflags uchg` on macOS.
enum ImmutableFolder {
    /// Whether the attribute takes on the file system temporary folders are on.
    static let isSupported: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        defer { folder.remove() }
        let supported = set(folder.path)
        clear(folder.path)
        return supported
    }()

    static func set(_ path: String) -> Bool {
        #if os(Linux)
            guard run("/usr/bin/chattr", ["+i", path]) || run("/bin/chattr", ["+i", path]) else { return false }
        #else
            guard run("/usr/bin/chflags", ["uchg", path]) else { return false }
        #endif
        // Only an attribute that refuses a new file counts.
        let probe = path + "/.probe"
        if FileManager.default.createFile(atPath: probe, contents: Data()) {
            try? FileManager.default.removeItem(atPath: probe)
            clear(path)
            return false
        }
        return true
    }

    static func clear(_ path: String) {
        #if os(Linux)
            _ = run("/usr/bin/chattr", ["-i", path]) || run("/bin/chattr", ["-i", path])
        #else
            _ = run("/usr/bin/chflags", ["nouchg", path])
        #endif
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
