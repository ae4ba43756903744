import Foundation
import TestSupport
import Testing

/// `modgen new` writing into a folder: nothing lost, nothing half-written, the same command twice a no-op.
@Suite struct NewWritingEndToEndTests {
    @Test func writesTheModuleAndListsEveryFile() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--output", "Sources/Modules"])
        #expect(result.status == 0)
        // No support files in the project yet: the one line on standard error says so.
        #expect(
            result.standardError
                == "modgen: note: the module needs support files not found in or beside its folder (ViewInterface.swift, "
                + "PresenterInterface.swift, InteractorInterface.swift, …); write them once with: modgen support viper "
                + "--output Sources/Modules/Support\n")
        #expect(result.standardOutput == actionLines("create", viperDefaultFiles, under: "Sources/Modules"))
        #expect(folder.files(under: "Sources/Modules").keys.sorted() == viperDefaultFiles.sorted())
        let presenter = try #require(folder.read("Sources/Modules/Home/HomePresenter.swift"))
        #expect(presenter.hasPrefix("//\n//  HomePresenter.swift\n"))
        #expect(presenter.contains("HomePresenter"))
    }

    @Test func withoutOutputItWritesIntoTheCurrentFolder() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home"])
        #expect(result.status == 0)
        #expect(result.standardOutput == viperDefaultFiles.map { "create \($0)\n" }.joined())
        #expect(viperDefaultFiles.allSatisfy(folder.exists))
    }

    @Test func quietPrintsNothing() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "-o", "out", "--quiet"])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.isEmpty)
        #expect(folder.exists("out/Home/HomePresenter.swift"))
    }

    @Test func theSameCommandTwiceChangesNothing() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        for file in viperDefaultFiles { try folder.backdate("out/" + file) }
        let before = folder.files()
        let again = try folder.generate(["new", "Home", "-o", "out"])
        #expect(again.status == 0)
        #expect(linesOtherThanNotes(in: again.standardError).isEmpty)
        #expect(again.standardOutput == actionLines("unchanged", viperDefaultFiles, under: "out"))
        #expect(folder.files() == before)
        for file in viperDefaultFiles {
            #expect(try folder.modificationDate("out/" + file) == TemporaryFolder.longAgo, "\(file)")
        }
    }

    @Test func anEditedFileStopsTheRunAndNothingIsWritten() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        try folder.write("out/Home/HomePresenter.swift", "// my own presenter\n")
        // A missing file would be created by a run that went ahead: it must stay missing.
        try folder.delete("out/Home/HomeInteractor.swift")
        let before = folder.files()
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "conflict out/Home/HomePresenter.swift\n")
        #expect(
            result.standardError == "modgen: error: 1 file exists with different contents, nothing was written "
                + "(use --force to overwrite or --skip-existing to keep them): out/Home/HomePresenter.swift\n")
        #expect(folder.files() == before)
        #expect(!folder.exists("out/Home/HomeInteractor.swift"))
        let quiet = try folder.generate(["new", "Home", "-o", "out", "--quiet"])
        #expect(quiet.status == 1)
        #expect(quiet.standardOutput.isEmpty)
        #expect(quiet.standardError == result.standardError)
    }

    /// Every conflict is on standard output; the one-line error names the first five and counts the rest.
    @Test func manyConflictsAreListedOnStandardOutputAndCountedInTheError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let files = viperDefaultFiles + ["Home/HomeFormatter.swift"]
        for file in files { try folder.write("out/" + file, "mine\n") }
        let result = try folder.generate(["new", "Home", "-o", "out", "--formatter"])
        #expect(result.status == 1)
        #expect(result.standardOutput == actionLines("conflict", files, under: "out"))
        #expect(
            result.standardError.hasSuffix(
                ": " + files.prefix(5).map { "out/" + $0 }.joined(separator: ", ") + " … and 1 more\n"))
        #expect(result.standardError.hasPrefix("modgen: error: 6 files exist with different contents"))
        #expect(folder.files(under: "out").values.allSatisfy { $0 == Data("mine\n".utf8) })
    }

    @Test func everyConflictingFileIsListed() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        try folder.write("out/Home/HomePresenter.swift", "edited\n")
        try folder.write("out/Home/HomeWireframe.swift", "edited\n")
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("modgen: error: 2 files exist with different contents"))
        #expect(result.standardError.hasSuffix(": out/Home/HomePresenter.swift, out/Home/HomeWireframe.swift\n"))
    }

    @Test func forceOverwritesEditedFiles() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        let generated = folder.files(under: "out")
        try folder.write("out/Home/HomePresenter.swift", "edited\n")
        let result = try folder.generate(["new", "Home", "-o", "out", "--force"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("overwrite out/Home/HomePresenter.swift\n"))
        #expect(result.standardOutput.contains("unchanged out/Home/HomeWireframe.swift\n"))
        #expect(folder.files(under: "out") == generated)
    }

    @Test func skipExistingKeepsEditedFilesAndWritesTheRest() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        let generated = folder.files(under: "out")
        try folder.write("out/Home/HomePresenter.swift", "edited\n")
        try folder.delete("out/Home/HomeInteractor.swift")
        let result = try folder.generate(["new", "Home", "-o", "out", "--skip-existing"])
        #expect(
            result.standardOutput == """
                unchanged out/Home/HomeInterfaces.swift
                skip out/Home/HomePresenter.swift
                unchanged out/Home/HomeWireframe.swift
                unchanged out/Home/HomeViewController.swift
                create out/Home/HomeInteractor.swift

                """)
        // The module is recorded with these options: what the kept file differs by is the developer's edit.
        #expect(result.status == 0)
        #expect(!result.standardError.contains("error"))
        #expect(folder.read("out/Home/HomePresenter.swift") == "edited\n")
        #expect(folder.files(under: "out")["Home/HomeInteractor.swift"] == generated["Home/HomeInteractor.swift"])

        // Without a record nothing tells an edit from another version: the exit code says the kept file may not
        // fit the rest.
        try FileManager.default.removeItem(atPath: folder.path(".modgen"))
        let unrecorded = try folder.generate(["new", "Home", "-o", "out", "--skip-existing"])
        #expect(unrecorded.status == 1)
        #expect(
            unrecorded.standardError
                == "modgen: error: 1 existing file differs from what these options generate and was kept, so the "
                + "module may not be consistent (it may not compile); see what differs with --check; 'modgen update' changes a recorded module's options and keeps your edits: "
                + "out/Home/HomePresenter.swift\n")
        #expect(folder.read("out/Home/HomePresenter.swift") == "edited\n")
        #expect(folder.files(under: "out")["Home/HomeInteractor.swift"] == generated["Home/HomeInteractor.swift"])
    }

    /// The reproducer: an option added with `--skip-existing` writes a formatter whose interface the kept
    /// interfaces file lacks. The run says so and fails, in a dry run too, as the real run would.
    @Test func skipExistingAfterChangingOptionsSaysTheModuleIsNotConsistent() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Cart", "-o", "out"]).status == 0)
        // A recorded module with other options is `update`'s work, whatever the policy.
        let recorded = try folder.generate(["new", "Cart", "-o", "out", "--formatter", "--skip-existing"])
        #expect(recorded.status == 1)
        #expect(recorded.standardError.contains("use 'modgen update Cart'"))
        #expect(!folder.exists("out/Cart/CartFormatter.swift"))
        // A module made before records (or whose record was removed) keeps its files and says so.
        try FileManager.default.removeItem(atPath: folder.path(".modgen"))
        let dryRun = try folder.generate(["new", "Cart", "-o", "out", "--formatter", "--skip-existing", "--dry-run"])
        #expect(dryRun.status == 1)
        #expect(
            dryRun.standardError.contains("3 existing files differ from what these options generate and would be kept"))
        #expect(!folder.exists("out/Cart/CartFormatter.swift"))
        let result = try folder.generate(["new", "Cart", "-o", "out", "--formatter", "--skip-existing"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("skip out/Cart/CartInterfaces.swift\n"))
        #expect(result.standardOutput.contains("create out/Cart/CartFormatter.swift\n"))
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: 3 existing files differ from what these options generate and were kept"))
        #expect(result.standardError.contains("out/Cart/CartInterfaces.swift"))
        #expect(result.standardError.hasSuffix("\n") && result.standardError.split(separator: "\n").count == 1)
    }

    @Test func forceAndSkipExistingTogetherIsAUsageError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "-o", "out", "--force", "--skip-existing"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: '--force' and '--skip-existing' cannot be used together\nUsage: modgen new "))
        #expect(!folder.exists("out"))
    }

    @Test func dryRunListsAndWritesNothing() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let fresh = try folder.generate(["new", "Home", "-o", "out", "--dry-run"])
        #expect(fresh.status == 0)
        #expect(
            fresh.standardOutput
                == actionLines("would create", viperDefaultFiles, under: "out")
                + "dry run: nothing was written (5 files would be created)\n")
        #expect(!folder.exists("out"))

        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        try folder.write("out/Home/HomePresenter.swift", "edited\n")
        try folder.delete("out/Home/HomeInteractor.swift")
        let before = folder.files()
        let forced = try folder.generate(["new", "Home", "-o", "out", "--dry-run", "--force"])
        #expect(forced.status == 0)
        #expect(forced.standardOutput.contains("\nwould overwrite out/Home/HomePresenter.swift\n"))
        #expect(forced.standardOutput.contains("\nwould create out/Home/HomeInteractor.swift\n"))
        #expect(forced.standardOutput.contains("\nunchanged out/Home/HomeWireframe.swift\n"))
        #expect(
            forced.standardOutput.hasSuffix(
                "\ndry run: nothing was written (1 file would be created, 1 file would be overwritten, "
                    + "3 files unchanged)\n"))
        // Without --force the dry run shows the conflict and fails as the real run would.
        let refused = try folder.generate(["new", "Home", "-o", "out", "--dry-run"])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("conflict out/Home/HomePresenter.swift\n"))
        #expect(
            refused.standardOutput.hasSuffix(
                "dry run: nothing was written (1 file would be created, 3 files unchanged, 1 file in conflict)\n"))
        #expect(refused.standardError.contains("out/Home/HomePresenter.swift"))
        #expect(folder.files() == before)
    }

    @Test func checkReportsDifferencesAsDiffsAndWritesNothing() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        let upToDate = try folder.generate(["new", "Home", "-o", "out", "--check"])
        #expect(upToDate.status == 0)
        #expect(upToDate.standardOutput == "5 files are up to date in out\n")
        #expect(upToDate.standardError.isEmpty)

        let presenter = try #require(folder.read("out/Home/HomePresenter.swift"))
        try folder.write("out/Home/HomePresenter.swift", presenter + "// added by hand\n")
        try folder.delete("out/Home/HomeInteractor.swift")
        let before = folder.files()
        let result = try folder.generate(["new", "Home", "-o", "out", "--check"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "--- out/Home/HomePresenter.swift (on disk)\n+++ out/Home/HomePresenter.swift (generated)\n"))
        #expect(result.standardOutput.contains("\n-// added by hand\n"))
        #expect(result.standardOutput.contains("--- /dev/null\n+++ out/Home/HomeInteractor.swift (generated)\n"))
        #expect(!result.standardOutput.contains("HomeWireframe.swift"))
        #expect(
            result.standardError
                == "modgen: error: 2 files differ from what would be generated or are missing: "
                + "out/Home/HomePresenter.swift, out/Home/HomeInteractor.swift\n")
        #expect(folder.files() == before)
    }

    @Test func checkOfAModuleNeverGeneratedFails() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "-o", "out", "--check", "--quiet"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("--- /dev/null\n+++ out/Home/HomeInterfaces.swift (generated)\n"))
        #expect(!folder.exists("out"))
    }

    @Test func dryRunAndCheckTogetherIsAUsageError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--dry-run", "--check"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("modgen: error: '--dry-run' and '--check' cannot be used together\n"))
    }

    @Test func aFileWhereTheModuleFolderMustGoStopsEverything() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write("out/Home", "I am a file\n")
        let before = folder.files()
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 73)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("modgen: error: cannot write 'out/Home/"))
        #expect(result.standardError.contains("'out/Home' is a file"))
        #expect(folder.files() == before)
    }

    @Test func aFolderWhereAFileMustGoStopsEverything() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            atPath: folder.path("out/Home/HomeWireframe.swift"), withIntermediateDirectories: true)
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 73)
        #expect(
            result.standardError == "modgen: error: cannot write 'out/Home/HomeWireframe.swift': it is a directory\n")
        #expect(folder.files(under: "out").isEmpty)
    }

    /// A symbolic link out of the output folder is refused the same way whether the run writes, lists or checks:
    /// the same exit code (73, the output cannot be created there) and a message that claims nothing was written, because nothing
    /// was; a link to nothing outside is named as leading outside too.
    @Test(arguments: [true, false])
    func aSymbolicLinkOutOfTheOutputFolderIsRefusedInEveryMode(destinationExists: Bool) throws {
        let folder = try TemporaryFolder.isolated()
        let outside = try TemporaryFolder()
        defer {
            folder.remove()
            outside.remove()
        }
        let destination = outside.url.appendingPathComponent(destinationExists ? "real" : "gone").path
        if destinationExists {
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: false)
        }
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/Home"), withDestinationPath: destination)
        let outsideBefore = outside.files()
        for mode in [[], ["--dry-run"], ["--check"], ["--force"]] {
            let result = try folder.generate(["new", "Home", "-o", "out"] + mode)
            #expect(result.status == 73, "\(mode)")
            #expect(result.standardOutput.isEmpty, "\(mode)")
            #expect(
                result.standardError.hasPrefix(
                    "modgen: error: refusing 'out/Home/HomeInterfaces.swift': 'out/Home' is a "
                        + "symbolic link to '"), "\(mode)")
            #expect(result.standardError.hasSuffix("', outside the output directory; nothing was written\n"), "\(mode)")
        }
        #expect(outside.files() == outsideBefore)
        #expect(FileManager.default.fileExists(atPath: destination) == destinationExists)
    }

    @Test func twoRunsIntoTwoFoldersGiveTheSameBytes() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let options = ["--interface", "storyboard", "--formatter", "--rx", "--flow-controller", "--date", "2024-02-29"]
        #expect(try folder.generate(["new", "Home", "-o", "first"] + options).status == 0)
        #expect(try folder.generate(["new", "Home", "-o", "second/deeper"] + options).status == 0)
        let first = folder.files(under: "first")
        #expect(first.count == 8)
        #expect(first == folder.files(under: "second/deeper"))
    }
}
