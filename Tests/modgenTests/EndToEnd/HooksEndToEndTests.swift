import Foundation
import ModGenKit
import TestSupport
import Testing

@testable import modgen

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
        // The shell would get the command up to the NUL only.
        (
            #"{ "after": ["make", "rm -rf build\u0000 && make"] }"#,
            #"1:21: an "after" command must not contain a NUL character (\u0000)"#
        ),
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

    /// A file of an output root is where it was written, not under the output folder; each root has its variable.
    @Test func filesOfAnOutputRootAreUnderTheRootAndEachRootHasAVariable() throws {
        let folder = try project([])
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            #"{ "roots": { "tests": "Tests" }, "after": ["sh record.sh", "sh roots.sh", "cp \"$MODGEN_FILES_LIST\" list.txt"] }"#
        )
        try folder.write(
            "roots.sh", #"printf '%s\n' "roots=$MODGEN_ROOTS" "tests=$MODGEN_ROOT_TESTS" > roots.txt"# + "\n")
        let result = try folder.generate(["new", "Home", "-o", "Sources", "--tests", "xctest", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        let root = folder.url.standardizedFileURL.path
        let told = try #require(folder.read("told.txt"))
        #expect(told.contains("\n\(root)/Tests/Home/HomePresenterTests.swift\n"))
        #expect(!told.contains("Sources/Home/HomePresenterTests.swift"))
        #expect(told.contains("\n\(root)/Sources/Home/HomePresenter.swift\n"))
        #expect(folder.read("roots.txt") == "roots=tests\ntests=\(root)/Tests\n")
        // The list file holds the same files as MODGEN_FILES, and is gone once the hooks have run.
        let files = told.split(separator: "\n").dropFirst(3).joined(separator: "\n") + "\n"
        #expect(folder.read("list.txt") == files)
    }

    /// The list file is removed after the last hook, and MODGEN_FILES_LIST names it.
    @Test func theFileListIsRemovedAfterTheHooks() throws {
        let folder = try project([#"printf '%s' \"$MODGEN_FILES_LIST\" > listname.txt"#])
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "-o", "out", "-q"]).status == 0)
        let list = try #require(folder.read("listname.txt"))
        #expect(!list.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: list))
    }

    /// A list too long for the environment is not in MODGEN_FILES, so every run can start its hooks.
    @Test func aLongFileListIsPassedAsAFileOnly() throws {
        let folder = try project([])
        defer { folder.remove() }
        let entries = (0..<3_000).map { WriteEntry(action: .create, path: "Module\($0)/Module\($0)Presenter.swift") }
        let run = AfterGenerateHooks.Run(
            moduleName: "Home", templateID: "viper", outputDirectory: "out", report: WriteReport(entries: entries))
        let io = CapturedStreams(in: folder.url, environment: ["PATH": "/usr/bin:/bin"]).io
        let environment = try HookEnvironment(run: run, written: entries, io: io)
        defer { environment.removeFileList() }
        #expect(environment.variables["MODGEN_FILES"] == nil)
        let listed = try String(contentsOfFile: environment.fileList, encoding: .utf8)
        #expect(listed.split(separator: "\n").count == 3_000)
        #expect(listed.utf8.count > HookEnvironment.inlineFilesLimit)
        let process = ShellProcess(
            command: #"wc -l < "$MODGEN_FILES_LIST""#, environment: environment.variables, directory: folder.url.path)
        var output = ""
        #expect(try process.run { output += $0 } == .exited(0))
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "3000")
        // A short list is in both.
        let short = try HookEnvironment(run: run, written: Array(entries.prefix(2)), io: io)
        defer { short.removeFileList() }
        let output0 = folder.url.standardizedFileURL.path + "/out/"
        #expect(
            short.variables["MODGEN_FILES"]
                == output0 + "Module0/Module0Presenter.swift\n" + output0 + "Module1/Module1Presenter.swift")
    }

    /// `E2BIG` is about the environment far more often than the command: the message says which.
    @Test func aProcessTooLargeToStartNamesItsEnvironment() throws {
        let process = ShellProcess(
            command: "true", environment: ["HUGE": String(repeating: "x", count: 4 * 1024 * 1024)], directory: "/")
        #expect {
            try process.run { _ in }
        } throws: { error in
            let message = (error as? HookError)?.message ?? ""
            return message.hasPrefix("cannot run the after-generate hook 'true': its environment and arguments (")
                && message.contains("bytes, the largest being HUGE (4194309 bytes)) are more than the system lets")
                && message.hasSuffix("(argument list too long); the generated files stay written")
        }
    }

    /// modgen returns when the hook's shell exits, though a process it started in the background holds the pipe.
    @Test func aHooksBackgroundProcessIsNotWaitedFor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let process = ShellProcess(
            command: "sleep 60 & echo $! > pid.txt; echo started", environment: [:], directory: folder.url.path)
        var output = ""
        #expect(try process.run { output += $0 } == .exited(0))
        #expect(output == "started\n")
        let pid = try #require(
            folder.read("pid.txt").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        // Still running: the run above returned without waiting for it.
        #expect(kill(pid, 0) == 0)
        kill(pid, SIGKILL)
    }

    /// A background process that writes without end holds the pipe full: modgen still returns when the shell
    /// exits, having forwarded at most `drainLimit` bytes more.
    @Test func aBackgroundProcessThatNeverStopsWritingIsNotWaitedFor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let process = ShellProcess(
            // `yes` is ended after 10 s whatever happens, so a modgen that waited for it fails instead of hanging.
            command: "yes & p=$!; echo $p > pid.txt; (sleep 10; kill $p) > /dev/null 2>&1 & sleep 1",
            environment: ["PATH": "/usr/bin:/bin"],
            directory: folder.url.path)
        var count = 0
        #expect(try process.run { count += $0.utf8.count } == .exited(0))
        let pid = try #require(
            folder.read("pid.txt").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        #expect(kill(pid, 0) == 0)
        kill(pid, SIGKILL)
        #expect(count > 0)
    }

    /// Output without line breaks is handed on as it arrives: the hook waits for modgen to have seen its first
    /// words before it writes the rest, which it could not if modgen waited for a line break or the end.
    @Test func outputIsForwardedAsItArrives() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let process = ShellProcess(
            command: "printf 'started '; i=0; while [ ! -e seen ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; "
                + "[ -e seen ] && printf 'and went on'",
            environment: [:], directory: folder.url.path)
        var output = ""
        let termination = try process.run { text in
            output += text
            if output.hasPrefix("started") {
                _ = FileManager.default.createFile(atPath: folder.url("seen").path, contents: nil)
            }
        }
        #expect(termination == .exited(0))
        #expect(output == "started and went on\n")
    }

    /// A long output without a line break arrives whole, in pieces no larger than a read.
    @Test func aLongLineArrivesWholeInBoundedPieces() throws {
        let process = ShellProcess(
            command: "head -c 20000000 /dev/zero | tr '\\0' x", environment: ["PATH": "/usr/bin:/bin"], directory: "/")
        var count = 0
        var largest = 0
        var onlyX = true
        #expect(
            try process.run { text in
                count += text.utf8.count
                largest = max(largest, text.utf8.count)
                if text != "\n" { onlyX = onlyX && text.utf8.allSatisfy { $0 == UInt8(ascii: "x") } }
            } == .exited(0))
        #expect(count == 20_000_001)
        #expect(largest <= 65_536)
        #expect(onlyX)
    }

    @Test func aCharacterCutBetweenTwoReadsIsKeptWhole() {
        var received = ""
        var forwarder = OutputForwarder { received += $0 }
        let bytes = Array("aé€😀".utf8)
        for byte in bytes { forwarder.forward([byte][...]) }
        forwarder.finish()
        #expect(received == "aé€😀\n")
    }

    /// With --quiet a hook that succeeds prints nothing; one that fails shows its output before the error.
    @Test func quietHidesHooksUnlessOneFails() throws {
        let folder = try project(["sh record.sh"])
        defer { folder.remove() }
        let quiet = try folder.generate(["new", "Home", "-o", "out", "-q"])
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput.isEmpty)
        #expect(folder.exists("told.txt"))
        try folder.write(".modgen.json", #"{ "after": ["echo checking; echo broken >&2; exit 2"] }"#)
        let failing = try folder.generate(["new", "Other", "-o", "out", "-q"])
        #expect(failing.status == 1)
        #expect(failing.standardOutput == "run echo checking; echo broken >&2; exit 2\nchecking\nbroken\n")
        #expect(failing.standardError.hasPrefix("modgen: error: the after-generate hook 'echo checking;"))
    }

    /// Decided: export-xcode writes a template for Xcode, not code of the project, and runs no hook.
    @Test func exportXcodeRunsNoHooks() throws {
        let folder = try project(["sh count.sh"])
        defer { folder.remove() }
        let result = try folder.generate(["export-xcode", "mvvm-fc", "-o", "Xcode", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.exists("Xcode/mvvm-fc.xctemplate/TemplateInfo.plist"))
        #expect(runs(folder) == 0)
        let refused = try folder.generate(["export-xcode", "mvvm-fc", "-o", "Xcode", "--no-hooks"])
        #expect(refused.status == 64)
    }
}
