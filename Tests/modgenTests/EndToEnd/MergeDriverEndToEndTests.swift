import Foundation
import TestSupport
import Testing

/// `modgen setup-merge-driver` and real `git merge` runs with `modgen merge-project` as the driver, which git finds
/// on the PATH (the built binary's folder). Skipped, saying why, where git is not installed.
@Suite struct MergeDriverEndToEndTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    /// A repository holding the small project, the driver set up and committed, on branch `main`.
    private func repository() throws -> (TemporaryFolder, [String: String]) {
        let folder = try TemporaryFolder.isolated()
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = nil
        let binaryFolder = try #require(ModgenProcess.executableURL).deletingLastPathComponent().path
        environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "Test"
            environment["GIT_\(role)_EMAIL"] = "test@example.com"
        }
        try folder.write(Self.project, SmallXcodeProject.text)
        try git(["init", "-q", "-b", "main"], in: folder, environment)
        let setup = try folder.run(["setup-merge-driver"], environment: environment)
        #expect(setup.status == 0, "\(setup.standardError)")
        try commit("base", in: folder, environment)
        return (folder, environment)
    }

    @discardableResult
    private func git(_ arguments: [String], in folder: TemporaryFolder, _ environment: [String: String]) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(GitMergeFile.executable))
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func commit(_ message: String, in folder: TemporaryFolder, _ environment: [String: String]) throws {
        try git(["add", "-A"], in: folder, environment)
        try git(["commit", "-qm", message], in: folder, environment)
    }

    /// On a new branch from main: `modgen new <name>` into the project, committed.
    private func branch(
        _ branch: String, adding module: String, in folder: TemporaryFolder, _ environment: [String: String]
    ) throws {
        try git(["checkout", "-q", "-b", branch, "main"], in: folder, environment)
        let result = try folder.run(
            [
                "new", module, "--output", "App/Modules", "--interface", "xib", "--tests", "xctest", "--root",
                "tests=AppTests/Modules", "--xcodeproj", "App.xcodeproj", "-q",
            ], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        try commit(module, in: folder, environment)
    }

    private func unmerged(in folder: TemporaryFolder, _ environment: [String: String]) throws -> [String] {
        try git(["diff", "--name-only", "--diff-filter=U"], in: folder, environment).output
            .split(separator: "\n").map(String.init)
    }

    @Test func branchesAddingModulesMergeCleanlyRecordsAndTemplateStoreIncluded() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let (folder, environment) = try repository()
        defer { folder.remove() }
        try branch("cart", adding: "Cart", in: folder, environment)
        try branch("feed", adding: "Feed", in: folder, environment)
        try git(["checkout", "-q", "cart"], in: folder, environment)
        let merge = try git(["merge", "--no-edit", "feed"], in: folder, environment)
        #expect(merge.status == 0, "\(merge.output)")
        #expect(try unmerged(in: folder, environment).isEmpty)
        let merged = try #require(folder.read(Self.project))
        #expect(!merged.contains("<<<<<<<"))
        // Every line of the base is still there, in order, and both modules' files are in the project once.
        #expect(SmallXcodeProject.insertedLines(original: SmallXcodeProject.text, edited: merged) != nil)
        for module in ["Cart", "Feed"] {
            for file in ["\(module)Presenter.swift", "\(module)ViewController.xib", "\(module)PresenterTests.swift"] {
                #expect(
                    merged.components(separatedBy: "/* \(file) */ = {isa = PBXFileReference;").count == 2, "\(file)")
                #expect(merged.components(separatedBy: "/* \(file) in ").count == 3, "\(file)")
            }
            #expect(folder.exists(".modgen/modules/\(module).json"))
        }
        let check = try folder.run(["update", "--all", "--check"], environment: environment)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test func theSameModuleOnBothBranchesIsReferencedOnce() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let (folder, environment) = try repository()
        defer { folder.remove() }
        try branch("a", adding: "Home", in: folder, environment)
        // Branch b adds the same module after another one, so its project differs from a's.
        try branch("b", adding: "Feed", in: folder, environment)
        let home = try folder.run(
            [
                "new", "Home", "--output", "App/Modules", "--interface", "xib", "--tests", "xctest", "--root",
                "tests=AppTests/Modules", "--xcodeproj", "App.xcodeproj", "-q",
            ], environment: environment)
        #expect(home.status == 0)
        try commit("Home too", in: folder, environment)
        try git(["checkout", "-q", "a"], in: folder, environment)
        let merge = try git(["merge", "--no-edit", "b"], in: folder, environment)
        #expect(merge.status == 0, "\(merge.output)")
        let merged = try #require(folder.read(Self.project))
        #expect(merged.components(separatedBy: "/* HomePresenter.swift */ = {isa = PBXFileReference;").count == 2)
        #expect(merged.components(separatedBy: "/* HomePresenter.swift in Sources */,").count == 2)
        #expect(merged.components(separatedBy: "/* FeedPresenter.swift in Sources */,").count == 2)
    }

    /// A clone that never ran setup-merge-driver (no `merge.modgen` settings, the attribute committed): git merges
    /// the project as text and conflicts; its side taken, `modgen update --all` puts every recorded module back.
    @Test func withoutTheDriverOneSideAndUpdateAllRestoreEveryModule() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let (folder, environment) = try repository()
        defer { folder.remove() }
        try branch("cart", adding: "Cart", in: folder, environment)
        try branch("feed", adding: "Feed", in: folder, environment)
        try git(["config", "--remove-section", "merge.modgen"], in: folder, environment)
        try git(["checkout", "-q", "cart"], in: folder, environment)
        let merge = try git(["merge", "--no-edit", "feed"], in: folder, environment)
        #expect(merge.status != 0)
        #expect(try unmerged(in: folder, environment) == [Self.project])
        try git(["checkout", "--theirs", Self.project], in: folder, environment)
        let update = try folder.run(["update", "--all", "-q"], environment: environment)
        #expect(update.status == 0, "\(update.standardError)")
        let merged = try #require(folder.read(Self.project))
        for module in ["Cart", "Feed"] {
            #expect(merged.components(separatedBy: "/* \(module)Presenter.swift in Sources */,").count == 2)
            #expect(merged.components(separatedBy: "/* \(module)PresenterTests.swift in Sources */,").count == 2)
        }
        let check = try folder.run(["update", "--all", "--check"], environment: environment)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    /// The project's one setting (the small project has no build settings) changed on both branches, differently.
    @Test func aSettingChangedTwoWaysIsAConflictWithMarkers() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let (folder, environment) = try repository()
        defer { folder.remove() }
        let line = "\t\t\tprojectDirPath = \"\";"
        #expect(SmallXcodeProject.text.contains(line))
        for name in ["a", "b"] {
            try git(["checkout", "-q", "-b", name, "main"], in: folder, environment)
            try folder.write(
                Self.project,
                SmallXcodeProject.text.replacingOccurrences(of: line, with: "\t\t\tprojectDirPath = \(name);"))
            try commit(name, in: folder, environment)
        }
        try git(["checkout", "-q", "a"], in: folder, environment)
        let merge = try git(["merge", "--no-edit", "b"], in: folder, environment)
        #expect(merge.status != 0)
        #expect(try unmerged(in: folder, environment) == [Self.project])
        let merged = try #require(folder.read(Self.project))
        #expect(
            merged.contains(
                "<<<<<<< ours\n\t\t\tprojectDirPath = a;\n=======\n\t\t\tprojectDirPath = b;\n>>>>>>> theirs\n"))
    }

    @Test func setupIsIdempotentAndKeepsTheAttributesThere() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try git(["init", "-q"], in: folder, ProcessInfo.processInfo.environment)
        try folder.write(".gitattributes", "*.png binary")
        try folder.write("Sub/.keep", "")
        let first = try folder.run(["setup-merge-driver"], environment: nil)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("added '*.pbxproj merge=modgen' in "))
        // From a sub-folder: the repository's top-level file, unchanged the second time.
        let second = execute(
            ["setup-merge-driver"], in: folder.url.appendingPathComponent("Sub"),
            environment: ProcessInfo.processInfo.environment)
        #expect(second.status == 0)
        #expect(second.standardOutput.hasPrefix("kept '*.pbxproj merge=modgen' in "))
        #expect(folder.read(".gitattributes") == "*.png binary\n*.pbxproj merge=modgen\n")
        let driver = try git(["config", "merge.modgen.driver"], in: folder, ProcessInfo.processInfo.environment)
        #expect(driver.output == "modgen merge-project %O %A %B %P\n")
    }

    @Test func setupOutsideARepositoryIsOneLine() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        var environment = ProcessInfo.processInfo.environment
        // git would otherwise find a repository above the temporary folder.
        environment["GIT_CEILING_DIRECTORIES"] = folder.parent
        let result = try folder.run(["setup-merge-driver"], environment: environment)
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("modgen: error: 'git rev-parse --show-toplevel' failed: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!folder.exists(".gitattributes"))
    }

    /// A damaged version: one line with file, line and column; `<ours>` holds the plain line merge (exit 65).
    @Test func aDamagedVersionLeavesThePlainMerge() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let base = SmallXcodeProject.text
        let ours = base.replacingOccurrences(of: "SWIFT_VERSION = 5.0;", with: "SWIFT_VERSION = 6.0;")
        try folder.write("base", base)
        try folder.write("ours", ours)
        try folder.write("theirs", String(base.prefix(base.count / 2)))
        let result = try folder.run(["merge-project", "base", "ours", "theirs", "App.xcodeproj/project.pbxproj"])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("modgen: error: App.xcodeproj/project.pbxproj:"))
        #expect(result.standardError.contains("(theirs version)"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        if GitMergeFile.isAvailable {
            let git = try GitMergeFile(folder: TemporaryFolder(), yoursLabel: "ours", theirsLabel: "theirs").merge(
                base: base, yours: ours, theirs: String(base.prefix(base.count / 2)))
            #expect(folder.read("ours") == git.text)
        }
    }
}
