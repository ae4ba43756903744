import Foundation
import Testing

/// `modgen snapshot` run as a process: recording, `--check`, the marker that keeps recording from deleting files
/// it does not own, and config files that must not change a snapshot unless `--config` names one.
///
/// The template is mvvm-fc, the built-in template with the fewest combinations (6), so each run is quick.
@Suite struct SnapshotEndToEndTests {
    static let combinations = [
        "builder", "closures", "closures+builder", "default", "view-state", "view-state+builder",
    ]
    /// What recording writes for mvvm-fc: 35 files in 6 combinations, and the marker.
    static let summary = "6 combinations, 35 files in snap\n"
    static let marker = ".modgen-snapshot"

    /// A temporary folder holding a recorded mvvm-fc snapshot in `snap/`.
    func recorded() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    @Test func recordingIntoANewFolderWritesEveryCombinationAndTheMarker() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 35 + 1 + 1 + 1, "a create line per file, the marker, the summary, a final newline")
        #expect(result.standardOutput.hasSuffix("create snap/.modgen-snapshot\n" + Self.summary))
        #expect(result.standardOutput.contains("create snap/default/Home/HomeViewModel.swift\n"))
        #expect(folder.text("snap/.modgen-snapshot") == "template: mvvm-fc\n")
        let files = folder.files(under: "snap")
        #expect(files.count == 36)
        let folders = Set(files.keys.filter { $0 != Self.marker }.map { String($0.prefix { $0 != "/" }) })
        #expect(folders == Set(Self.combinations))
        #expect(folder.exists("snap/view-state+builder/Support/DependencyManager.swift"))
    }

    @Test func recordingAgainChangesNothing() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try folder.backdate("snap/default/Home/HomeViewModel.swift")
        let before = folder.files()
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap"])
        #expect(result.status == 0)
        #expect(result.standardOutput == Self.summary)
        #expect(result.standardError.isEmpty)
        #expect(folder.files() == before)
        #expect(try folder.modificationDate("snap/default/Home/HomeViewModel.swift") == TemporaryFolder.longAgo)
    }

    @Test func checkOfAnUpToDateFolderSucceeds() throws {
        let folder = try recorded()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "6 combinations up to date in snap\n")
        #expect(result.standardError.isEmpty)
        let quiet = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check", "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput.isEmpty)
    }

    @Test func checkPrintsADiffForAnEditedFileAndFails() throws {
        let folder = try recorded()
        defer { folder.remove() }
        let path = "snap/default/Home/HomeViewModel.swift"
        let original = try #require(folder.text(path))
        try folder.write(path, original.replacingOccurrences(of: "final class", with: "class"))
        let before = folder.files()
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("--- a/\(path)\n+++ b/\(path)\n@@ "))
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
        #expect(record.standardOutput == "remove snap/closures/Home/HomeOld.swift\n" + Self.summary)
        #expect(!folder.exists("snap/closures/Home/HomeOld.swift"))
        #expect(folder.exists("snap/closures/Home/HomeViewModel.swift"))
        #expect(try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"]).status == 0)
    }

    /// The data-loss case: `--output .` inside a project used to delete every file the template does not generate.
    @Test func aForeignFolderIsRefusedAndNothingInItIsTouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project/README", "read me\n")
        try folder.write("project/src/keep.swift", "let kept = true\n")
        let before = folder.files()
        let errors = try [[], ["--check"]].map { (extra: [String]) in
            try ModgenProcess.run(
                ["snapshot", "mvvm-fc", "--output", "."] + extra, in: folder.url.appendingPathComponent("project"))
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
                + "with 'modgen snapshot mvvm-fc --output .'\n")
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
                + "with 'modgen snapshot mvvm-fc --output empty'\n")
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
        #expect(record.standardOutput == Self.summary, "nothing to write, the marker left as it is")
        #expect(folder.text("snap/\(Self.marker)") == "template: mvvm-fc \r\n")
    }

    @Test func aDeletedFileIsMissing() throws {
        let folder = try recorded()
        defer { folder.remove() }
        try folder.delete("snap/closures/Home/HomeViewModel.swift")
        let result = try folder.generate(["snapshot", "mvvm-fc", "--output", "snap", "--check"])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("--- /dev/null\n+++ b/snap/closures/Home/HomeViewModel.swift\n"))
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
        let viewModel = try #require(folder.text("configured/default/Home/HomeViewModel.swift"))
        #expect(viewModel.contains("Leaky"))
        #expect(viewModel.contains("2001"))
        #expect(folder.text("snap/default/Home/HomeViewModel.swift")?.contains("Leaky") == false)
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
        #expect(folder.text("snap/default/Profile/ProfileViewModel.swift")?.contains("ProfileViewModel") == true)
    }

    @Test func aMissingOutputIsAUsageError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try folder.generate(["snapshot", "mvvm-fc"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: missing expected argument '--output <dir>'\n"
                    + "Usage: modgen snapshot <template> --output <dir> [--name <Name>] [--check] "))
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
        #expect(result.standardError.hasPrefix("modgen: error: no template 'nope' (available: "))
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
        #expect(help.contains("no .modgen.json is read unless --config names one"))
        #expect(help.contains("SOURCE_DATE_EPOCH is ignored"))
    }
}
