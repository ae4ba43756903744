import Foundation
import TestSupport
import Testing

@testable import modgen

/// Output roots end to end, in process: a user template `mine` with a module file and a file of root `tests`
/// (written only with `--tests-on`), placed with `--root` or the config's `roots`.
@Suite struct OutputRootsTests {
    static let manifest = """
        { "id": "mine", "summary": "Mine",
          "options": [{ "name": "testsOn", "kind": "flag", "help": "Tests." }],
          "files": [
            { "template": "A.mustache", "path": "{{name}}/{{name}}.swift" },
            { "template": "T.mustache", "path": "{{name}}/{{name}}Tests.swift", "root": "tests", "when": "testsOn" }
          ] }
        """

    let folder: TemporaryFolder
    var out: String { folder.path("Sources") }
    var tests: String { folder.path("Tests/AppTests") }

    init() throws {
        folder = try TemporaryFolder.isolated()
        try folder.write("t/mine/template.json", Self.manifest)
        try folder.write("t/mine/A.mustache", "module {{name}}\n")
        try folder.write("t/mine/T.mustache", "tests of {{name}}\n")
    }

    func new(_ extra: [String]) -> [String] {
        [
            "new", "Home", "--template", "mine", "--templates", folder.path("t"), "-o", out,
            "--config", folder.path(".modgen.json"),
        ] + extra
    }

    @Test func rootFilesGoToTheFolderTheRootOptionNames() {
        defer { folder.remove() }
        assertExecute(
            new(["--tests-on", "--root", "tests=\(tests)"]),
            expecting: "create \(out)/Home/Home.swift\ncreate \(tests)/Home/HomeTests.swift\n", error: "")
        #expect(folder.read("Sources/Home/Home.swift") == "module Home\n")
        #expect(folder.read("Tests/AppTests/Home/HomeTests.swift") == "tests of Home\n")
        // Unchanged on the second run, and --check finds both files up to date.
        assertExecute(
            new(["--tests-on", "--root", "tests=\(tests)", "--check"]),
            expecting: "2 files are up to date in \(out) and \(tests)\n", error: "")
    }

    /// Without a file of the root in the run (the option that adds it is off), nobody has to place it.
    @Test func aRootWithNoFileInTheRunNeedsNoPlace() {
        defer { folder.remove() }
        assertExecute(new([]), expecting: "create \(out)/Home/Home.swift\n", error: "")
        #expect(!folder.exists("Tests"))
    }

    @Test func theConfigPlacesRootsRelativeToItsFolderAndTheOptionWins() throws {
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "roots": { "tests": "Tests/FromConfig" } }"#)
        assertExecute(new(["--tests-on", "--quiet"]), expecting: "", error: "")
        #expect(folder.read("Tests/FromConfig/Home/HomeTests.swift") == "tests of Home\n")
        assertExecute(new(["--tests-on", "--quiet", "--root", "tests=\(tests)"]), expecting: "", error: "")
        #expect(folder.read("Tests/AppTests/Home/HomeTests.swift") == "tests of Home\n")
    }

    @Test func dryRunAndCheckCoverTheRootsFiles() throws {
        defer { folder.remove() }
        let placed = ["--tests-on", "--root", "tests=\(tests)"]
        assertExecute(
            new(placed + ["--dry-run"]),
            expecting: "would create \(out)/Home/Home.swift\nwould create \(tests)/Home/HomeTests.swift\n"
                + "dry run: nothing was written (2 files would be created)\n", error: "")
        #expect(!folder.exists("Sources") && !folder.exists("Tests"), "a dry run writes no folder")
        try folder.write("Tests/AppTests/Home/HomeTests.swift", "edited\n")
        let check = assertExecute(new(placed + ["--check"]), exitCode: 1)
        #expect(
            check.standardOutput.contains(
                "--- \(tests)/Home/HomeTests.swift (on disk)\n+++ \(tests)/Home/HomeTests.swift (generated)\n"))
        #expect(check.standardError.contains("\(tests)/Home/HomeTests.swift"))
        let conflict = assertExecute(new(placed), exitCode: 1)
        #expect(conflict.standardOutput == "conflict \(tests)/Home/HomeTests.swift\n")
        #expect(!folder.exists("Sources/Home/Home.swift"), "a conflict in one root writes nothing in any")
    }

    @Test func describeShowsTheRoots() {
        defer { folder.remove() }
        let result = assertExecute(
            ["describe", "mine", "--templates", folder.path("t"), "--config", folder.path(".modgen.json")], error: "")
        #expect(
            result.standardOutput.contains(
                "OUTPUT ROOTS (place each with --root <name>=<dir> or the config's \"roots\"):\n"
                    + "  tests  (1 file, shown as tests:<path>)\n"))
        #expect(result.standardOutput.contains("  tests:Home/HomeTests.swift  when testsOn\n"))
    }

    /// A snapshot keeps a root's files under the root's name inside each combination.
    @Test func snapshotsStoreRootFilesUnderTheRootsName() {
        defer { folder.remove() }
        let snapshot = folder.path("snap")
        assertExecute(
            ["snapshot", "mine", "--templates", folder.path("t"), "-o", snapshot, "--quiet"], expecting: "", error: "")
        #expect(folder.read("snap/tests-on/tests/Home/HomeTests.swift") == "tests of Home\n")
        let index = folder.read("snap/combinations.txt") ?? ""
        #expect(index.contains("\ntests-on tests/Home/HomeTests.swift tests-on\n"))
        #expect(index.contains("\ntests-on Home/Home.swift default\n"))
    }
}
