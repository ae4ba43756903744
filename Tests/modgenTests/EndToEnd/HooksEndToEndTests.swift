import Foundation
import TestSupport
import Testing

/// The config's `"after"` hooks, run by the built binary with real `sh` scripts that write files.
@Suite struct HooksEndToEndTests {
    /// A folder whose `.modgen.json` runs `hooks` after writing, and a hook script that records what it was told.
    func project(_ hooks: [String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let list = hooks.map { "\"\($0)\"" }.joined(separator: ", ")
        try folder.write(".modgen.json", "{ \"after\": [\(list)] }\n")
        try folder.write(
            "record.sh",
            """
            printf '%s\\n' "name=$MODGEN_NAME" "template=$MODGEN_TEMPLATE" "output=$MODGEN_OUTPUT" > told.txt
            printf '%s\\n' "$MODGEN_FILES" >> told.txt
            pwd > where.txt
            echo 'the hook says hello'
            echo 'and warns' >&2

            """)
        try folder.write("count.sh", "echo run >> runs.txt\n")
        return folder
    }

    func runs(_ folder: TemporaryFolder) -> Int {
        (folder.read("runs.txt") ?? "").split(separator: "\n").count
    }

    @Test func aHookRunsAfterWritingWithTheRunInItsEnvironmentAndItsOutputShown() throws {
        let folder = try project(["sh record.sh"])
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 0)
        #expect(linesOtherThanNotes(in: result.standardError).isEmpty)
        #expect(
            result.standardOutput
                == actionLines("create", viperDefaultFiles, under: "out")
                + "run sh record.sh\nthe hook says hello\nand warns\n")
        let root = folder.url.standardizedFileURL.path
        let expected =
            ["name=Home", "template=viper", "output=\(root)/out"] + viperDefaultFiles.map { "\(root)/out/\($0)" }
        #expect(folder.read("told.txt") == expected.joined(separator: "\n") + "\n")
        #expect(folder.read("where.txt") == root + "\n")
    }

    @Test func supportHooksGetAnEmptyName() throws {
        let folder = try project(["sh record.sh"])
        defer { folder.remove() }
        #expect(try folder.generate(["support", "viper", "-o", "Support", "--quiet"]).status == 0)
        let told = try #require(folder.read("told.txt"))
        #expect(told.hasPrefix("name=\ntemplate=viper\n"))
        #expect(told.contains("/Support/BaseWireframe.swift\n"))
    }

    @Test func hooksRunOnlyAfterARunThatWroteSomething() throws {
        let folder = try project(["sh count.sh"])
        defer { folder.remove() }
        for mode in [["--dry-run"], ["--check"]] {
            _ = try folder.generate(["new", "Home", "-o", "out"] + mode)
            #expect(runs(folder) == 0, "\(mode)")
        }
        #expect(try folder.generate(["new", "Home", "-o", "out", "--no-hooks"]).status == 0)
        #expect(runs(folder) == 0)
        try folder.delete("out")
        #expect(try folder.generate(["new", "Home", "-o", "out"]).status == 0)
        #expect(runs(folder) == 1)
        // The same run again changes nothing, so the hook does not run.
        let again = try folder.generate(["new", "Home", "-o", "out"])
        #expect(again.status == 0)
        #expect(!again.standardOutput.contains("run sh"))
        #expect(runs(folder) == 1)
        // Overwriting is writing.
        try folder.write("out/Home/HomePresenter.swift", "mine\n")
        #expect(try folder.generate(["new", "Home", "-o", "out", "--force"]).status == 0)
        #expect(runs(folder) == 2)
    }

    @Test func aFailingHookIsReportedWithItsCommandAndStatusAndTheFilesStay() throws {
        let folder = try project(["sh count.sh", "exit 3", "sh count.sh", "sh count.sh"])
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "modgen: error: the after-generate hook 'exit 3' exited with status 3; the 2 hooks after it were "
                + "not run; the generated files stay written\n")
        #expect(runs(folder) == 1)
        for file in viperDefaultFiles { #expect(folder.exists("out/\(file)")) }
    }

    @Test func aHookEndedByASignalSaysSo() throws {
        let folder = try project(["kill -TERM $$"])
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "-o", "out", "-q"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("'kill -TERM $$' was ended by signal 15;"))
    }

    /// Paths reach the hook through the environment only: shell syntax in them is never run.
    @Test func valuesNeverReachTheShellUnquoted() throws {
        let folder = try project(["printf '%s' \\\"$MODGEN_OUTPUT\\\" > output.txt"])
        defer { folder.remove() }
        let hostile = "out $(touch pwned); `touch pwned2` 'x"
        let result = try folder.generate(["new", "Home", "-o", hostile, "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!folder.exists("pwned"))
        #expect(!folder.exists("pwned2"))
        #expect(folder.read("output.txt") == folder.url.standardizedFileURL.path + "/" + hostile)
    }

    @Test func hooksRunInTheConfigFilesFolder() throws {
        let folder = try project([])
        defer { folder.remove() }
        try folder.write("App/.modgen.json", #"{ "output": "Modules", "after": ["pwd > where.txt"] }"#)
        #expect(try folder.generate(["new", "Home", "--config", "App/.modgen.json", "-q"]).status == 0)
        #expect(folder.exists("App/Modules/Home/HomePresenter.swift"))
        #expect(
            folder.read("App/where.txt") == folder.url.appendingPathComponent("App").standardizedFileURL.path + "\n")
    }

    @Test(arguments: [
        (#"{ "after": "make" }"#, #"1:12: "after" must be an array, found a string"#),
        (#"{ "after": ["make", " "] }"#, #"1:21: an "after" command must not be empty"#),
        (#"{ "after": [1] }"#, #"1:13: "after[0]" must be a string, found a number"#),
    ])
    func aBadAfterListIsAConfigError(config: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", config)
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 65)
        #expect(result.standardError == "modgen: error: \(folder.path(".modgen.json")):\(message)\n")
        #expect(!folder.exists("out"))
    }
}
