import Foundation
import TestSupport
import Testing

/// `modgen snapshot` run as a process: recording, `--check`, the marker that keeps recording from deleting files
/// it does not own, and config files that must not change a snapshot unless `--config` names one.
///
/// The template is mvvm-fc, the built-in template with the fewest combinations (18), so each run is quick.
@Suite struct SnapshotEndToEndTests {
    /// The 6 combinations of mvvm-fc's other options, each without tests and with each of the two test frameworks.
    static let combinations = [
        "builder", "closures", "closures+builder", "default", "view-state", "view-state+builder",
    ]
    .flatMap { base in
        [base] + ["tests-xctest", "tests-swift-testing"].map { base == "default" ? $0 : "\(base)+\($0)" }
    }
    /// mvvm-fc's 18 combinations generate 117 files together: 35 for each tests value (4 module files and
    /// DependencyManager.swift each, and HomeBuilder.swift with --builder, ViewStateHandler.swift with --view-state),
    /// and the view model's tests in the 12 combinations with tests.
    static let generatedFiles = 117
    static let marker = ".modgen-snapshot"
    static let index = "combinations.txt"

    /// The summary line recording prints for the snapshot in `snap/`: how many distinct files it stores is
    /// counted on disk, leaving out the marker and the index.
    static func summary(_ folder: TemporaryFolder, _ directory: String = "snap") -> String {
        let stored = folder.files(under: directory).keys.filter { $0 != marker && $0 != index }.count
        return
            "\(combinations.count) combinations (\(generatedFiles) files) stored as \(stored) distinct files and the index "
            + "\(index) in \(directory)\n"
    }

    /// A temporary folder holding a recorded mvvm-fc snapshot in `snap/`.
    func recorded() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    /// The index's lines, `<combination> <path> <variant>`, split in three (mvvm-fc's paths have no spaces).
    func indexLines(_ folder: TemporaryFolder, _ directory: String = "snap") -> [[String]] {
        (folder.read("\(directory)/\(Self.index)") ?? "").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
    }

    @Test func recordingIntoANewFolderStoresEachDistinctFileOnceAndIndexesEveryCombination() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let files = folder.files(under: "snap")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == files.count + 1 + 1, "a create line per file and the marker, the summary, a newline")
        #expect(result.standardOutput.hasSuffix("create snap/.modgen-snapshot\n" + Self.summary(folder)))
        #expect(result.standardOutput.contains("create snap/default/Home/HomeViewModel.swift\n"))
        #expect(folder.read("snap/.modgen-snapshot") == "template: mvvm-fc\n")

        let entries = indexLines(folder)
        #expect(entries.count == Self.generatedFiles)
        #expect(entries.allSatisfy { $0.count == 3 })
        #expect(Set(entries.map { $0[0] }) == Set(Self.combinations))
        // Every stored file is used by some combination, and every combination's file is stored.
        let stored = Set(files.keys).subtracting([Self.marker, Self.index])
        #expect(Set(entries.map { "\($0[2])/\($0[1])" }) == stored)
        #expect(stored.count < Self.generatedFiles)
        // The support file no option changes is stored once, not once per combination.
        #expect(entries.filter { $0[1] == "Support/DependencyManager.swift" }.count == Self.combinations.count)
        #expect(
            stored.filter { $0.hasSuffix("/DependencyManager.swift") } == ["default/Support/DependencyManager.swift"])
        #expect(!folder.exists("snap/view-state+builder/Support/DependencyManager.swift"))
    }

    @Test func recordingAgainChangesNothing() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try folder.backdate("snap/default/Home/HomeViewModel.swift")
        let before = folder.files()
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(result.status == 0)
        #expect(result.standardOutput == Self.summary(folder))
        #expect(result.standardError.isEmpty)
        #expect(folder.files() == before)
        #expect(try folder.modificationDate("snap/default/Home/HomeViewModel.swift") == TemporaryFolder.longAgo)
    }

    @Test func checkOfAnUpToDateFolderSucceeds() throws {
        let folder = try recorded()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "18 combinations up to date in snap\n")
        #expect(result.standardError.isEmpty)
        let quiet = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check", "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput.isEmpty)
    }

    @Test func checkPrintsADiffForAnEditedFileAndFails() throws {
        let folder = try recorded()
        defer { folder.remove() }
        let path = "snap/default/Home/HomeViewModel.swift"
        let original = try #require(folder.read(path))
        try folder.write(path, original.replacingOccurrences(of: "final class", with: "class"))
        let before = folder.files()
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("--- \(path) (recorded)\n+++ \(path) (generated)\n@@ "))
        #expect(result.standardOutput.contains("\n-class "))
        #expect(result.standardOutput.contains("\n+final class "))
        #expect(
            result.standardError == "modgen: error: 1 file differs from what would be generated: \(path)\n")
        #expect(folder.files() == before, "--check writes nothing")
    }

    @Test func anExtraFileIsReportedByCheckAndRemovedByRecording() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try folder.write("snap/closures/Home/HomeOld.swift", "// left over\n")
        let check = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(check.status == 1)
        #expect(check.standardOutput == "only in snap: closures/Home/HomeOld.swift (no longer generated)\n")
        #expect(
            check.standardError == "modgen: error: 1 file is no longer generated: snap/closures/Home/HomeOld.swift\n")
        #expect(folder.exists("snap/closures/Home/HomeOld.swift"))

        let record = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(record.status == 0)
        #expect(record.standardOutput == "remove snap/closures/Home/HomeOld.swift\n" + Self.summary(folder))
        #expect(!folder.exists("snap/closures/Home/HomeOld.swift"))
        #expect(folder.exists("snap/closures/Home/HomeViewModel.swift"))
        #expect(try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"]).status == 0)
    }

    @Test func anEditedIndexIsADifference() throws {
        let folder = try recorded()
        defer { folder.remove() }
        let path = "snap/\(Self.index)"
        let original = try #require(folder.read(path))
        let removed = try #require(indexLines(folder).last).joined(separator: " ")
        try folder.write(path, original.replacingOccurrences(of: removed + "\n", with: ""))
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("--- \(path) (recorded)\n+++ \(path) (generated)\n@@ "))
        #expect(result.standardOutput.contains("\n+\(removed)\n"))
        #expect(result.standardError == "modgen: error: 1 file differs from what would be generated: \(path)\n")
    }

    /// Writes `snap`'s snapshot into `old` in the layout before the index, one full folder per combination (as
    /// Tests/CompileCheck/expand-snapshot.sh does), with the marker.
    func writeOlderLayout(_ folder: TemporaryFolder) throws {
        for entry in indexLines(folder) {
            let contents = try #require(folder.read("snap/\(entry[2])/\(entry[1])"))
            try folder.write("old/\(entry[0])/\(entry[1])", contents)
        }
        try folder.write("old/\(Self.marker)", "template: mvvm-fc\n")
    }

    @Test func checkingAFolderInTheOlderLayoutSaysThatRecordingMigratesIt() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try writeOlderLayout(folder)
        let before = folder.files()
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "old", "--check"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty, "not a diff of every file")
        #expect(
            result.standardError
                == "modgen: error: old has no index combinations.txt: it holds a snapshot in the layout of an older "
                + "modgen (one folder per combination); record it again, which moves it to the current layout, and "
                + "commit the result: modgen snapshot mvvm-fc --output old\n")
        #expect(folder.files() == before)
    }

    @Test func recordingMigratesAFolderInTheOlderLayoutInOneCommand() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try writeOlderLayout(folder)
        #expect(folder.files(under: "old").count == Self.generatedFiles + 1)
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "old"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("create old/\(Self.index)\n"))
        #expect(result.standardOutput.contains("remove old/view-state+builder/Support/DependencyManager.swift\n"))
        #expect(result.standardOutput.hasSuffix(Self.summary(folder, "old")))
        #expect(folder.files(under: "old") == folder.files(under: "snap"), "the same as a fresh recording")
        // A combination that is no file's variant had its folder emptied, and removed.
        let unused = Set(Self.combinations).subtracting(indexLines(folder).map { $0[2] })
        #expect(!unused.isEmpty)
        #expect(unused.allSatisfy { !folder.exists("old/\($0)") })
        #expect(try folder.generate(["snapshot", "mvvm-fc", "--output", "old", "--check"]).status == 0)
    }

    /// The data-loss case: `--output .` inside a project used to delete every file the template does not generate.
    @Test func aForeignFolderIsRefusedAndNothingInItIsTouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project/README", "read me\n")
        try folder.write("project/src/keep.swift", "let kept = true\n")
        let before = folder.files()
        let errors = [[], ["--check"]].map { (extra: [String]) in
            execute(["snapshot", "mvvm-fc", "--output", "."] + extra, in: folder.url.appendingPathComponent("project"))
        }
        for result in errors {
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        }
        #expect(
            errors[0].standardError.hasPrefix(
                "modgen: error: '.' is not a snapshot folder: it is not empty and has no .modgen-snapshot marker"))
        #expect(
            errors[1].standardError == "modgen: error: . holds no recorded snapshot of 'mvvm-fc'; record it first "
                + "with: modgen snapshot mvvm-fc --output .\n")
        #expect(folder.files() == before)
    }

    /// Checking a folder nothing was recorded into used to print a diff of every file against /dev/null and an
    /// error line naming all of them: one line says what is wrong instead.
    @Test(arguments: [false, true])
    func checkingAFolderWithoutASnapshotSaysSoInOneLine(folderExists: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        if folderExists {
            try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: false)
        }
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "empty", "--check"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == "modgen: error: empty holds no recorded snapshot of 'mvvm-fc'; record it first "
                + "with: modgen snapshot mvvm-fc --output empty\n")
        #expect(folder.exists("empty") == folderExists, "--check writes nothing")
    }

    /// A checkout that turns line ends into CRLF (or an editor that leaves spaces) must not break the check.
    @Test func aMarkerWithCRLFStillMarksTheFolder() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try folder.write("snap/\(Self.marker)", "template: mvvm-fc \r\n")
        let check = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(check.status == 0)
        #expect(check.standardError.isEmpty)
        let record = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(record.standardOutput == Self.summary(folder), "nothing to write, the marker left as it is")
        #expect(folder.read("snap/\(Self.marker)") == "template: mvvm-fc \r\n")
    }

    @Test func aDeletedFileIsMissing() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try folder.delete("snap/closures/Home/HomeViewModel.swift")
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.hasPrefix("--- /dev/null\n+++ snap/closures/Home/HomeViewModel.swift (generated)\n"))
        #expect(
            result.standardError == "modgen: error: 1 file differs from what would be generated or is missing: "
                + "snap/closures/Home/HomeViewModel.swift\n")
    }

    @Test func aFolderMarkedForAnotherTemplateIsRefused() throws {
        let folder = try recorded()
        defer { folder.remove() }
        let before = folder.files()
        let result = try folder.generate(["snapshot", "viper-s", "--output", "snap"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == "modgen: error: 'snap/.modgen-snapshot' marks a snapshot of template 'mvvm-fc', "
                + "not 'viper-s'; nothing was written\n")
        #expect(folder.files() == before)
    }

    /// The header fields, date and `set` values of a `.modgen.json` above the snapshot folder must not leak into
    /// it (the golden tests render without one), unless `--config` asks for them.
    @Test func aConfigFileIsReadOnlyWhenGivenWithConfig() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            #"{ "header": { "project": "Leaky", "company": "Leak Inc" }, "date": "2001-02-03" }"#)
        let plain = try TemporaryFolder()
        defer { plain.remove() }
        #expect(try plain.generate(["snapshot", "mvvm-fc", "--output", "snap"]).status == 0)

        let ignored = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(ignored.status == 0, "\(ignored.standardError)")
        #expect(folder.files(under: "snap") == plain.files(under: "snap"))

        let given = try folder.generate(["snapshot", "mvvm-fc", "--output", "configured", "--config", ".modgen.json"])
        #expect(given.status == 0, "\(given.standardError)")
        let viewModel = try #require(folder.read("configured/default/Home/HomeViewModel.swift"))
        #expect(viewModel.contains("Leaky"))
        #expect(viewModel.contains("2001"))
        #expect(folder.read("snap/default/Home/HomeViewModel.swift")?.contains("Leaky") == false)
    }

    @Test func sourceDateEpochIsIgnored() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"]).status == 0)
        let result = try folder.generate(
            ["snapshot", "mvvm-fc", "--output", "snap", "--check"], environment: ["SOURCE_DATE_EPOCH": "981158400"])
        #expect(result.status == 0, "\(result.standardOutput)")
    }

    @Test func nameRenamesTheModule() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--name", "Profile"])
        #expect(result.status == 0)
        #expect(folder.exists("snap/default/Profile/ProfileViewModel.swift"))
        #expect(!folder.exists("snap/default/Home"))
        #expect(folder.read("snap/default/Profile/ProfileViewModel.swift")?.contains("ProfileViewModel") == true)
    }

    @Test func aMissingOutputIsAUsageError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "mvvm-fc"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: missing expected argument '--output <dir>'\n"
                    + "Usage: modgen snapshot <template> --output <dir> [--name <Name>] [--combinations <set>] [--check] "
            ))
        #expect(folder.files().isEmpty)
        // The argument is reported first, as usage lists it first.
        let neither = try folder.generate(["snapshot"])
        #expect(neither.standardError.hasPrefix("modgen: error: missing expected argument '<template>'\n"))
        let help = try folder.generate(["help", "snapshot"])
        #expect(help.standardOutput.contains("\nUSAGE: modgen snapshot <template> --output <dir> [--name <Name>] "))
        #expect(help.standardOutput.contains("\n  -o, --output <dir>      The snapshot folder"))
    }

    @Test func anUnknownTemplateIsMissingInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "nope", "--output", "snap"])
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("modgen: error: no template 'nope'; did you mean 'viper'? (available: "))
        #expect(!folder.exists("snap"))
    }

    @Test func helpExplainsTheMarkerAndTheConfigRule() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "--help"])
        #expect(result.status == 0)
        let help = result.standardOutput.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(help.contains(".modgen-snapshot"))
        #expect(help.contains("of the nearest .modgen.json only its template folders are read"))
        #expect(help.contains("SOURCE_DATE_EPOCH is ignored"))
    }
}
