import Foundation
import TestSupport
import Testing

/// The few runs of the built binary that an in-process run cannot stand in for: the exit code as the shell sees it
/// (`exit` in `main`), the process's own current folder and environment read at start-up, and a real standard
/// input. Everything else runs in process; signals, concurrent processes, closed descriptors and a full disk have
/// their own process tests (`ConcurrentRunsEndToEndTests`, `HostileInputEndToEndTests`, the `fullDisk` cases).
@Suite struct ProcessEndToEndTests {
    /// One run per documented exit code: (what to set up, the command line, the exit code, a word of the error).
    static let exitCodeCases: [(setUp: [String: String], arguments: [String], status: Int32, error: String?)] = [
        ([:], ["new", "Home", "-o", "out", "--quiet"], 0, nil),
        ([:], ["new", "1Home", "-o", "out"], 64, "invalid module name '1Home'"),
        ([".modgen.json": "{ \"template\": 1 }"], ["new", "Home", "-o", "out"], 65, ".modgen.json:1:15"),
        ([:], ["render", "missing.mustache"], 66, "cannot read 'missing.mustache'"),
        (["out/Home/HomePresenter.swift": "// edited\n"], ["new", "Home", "-o", "out"], 1, "use --force"),
    ]

    @Test(arguments: exitCodeCases)
    func theShellSeesTheDocumentedExitCode(
        setUp: [String: String], arguments: [String], status: Int32, error: String?
    ) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        for (path, contents) in setUp { try folder.write(path, contents) }
        let result = try folder.runProcess(arguments, environment: Self.environment)
        #expect(result.status == status, "\(result.standardError)")
        if let error {
            #expect(result.standardError.hasPrefix("modgen: error: "))
            #expect(result.standardError.contains(error), "\(result.standardError)")
        } else {
            #expect(result.standardError == "")
        }
    }

    /// The binary takes its current folder from the process, and looks for `.modgen.json` from there up: from a
    /// subfolder, the config above decides the output folder, and lines show it relative to the subfolder.
    @Test func relativePathsResolveAgainstTheProcesssCurrentFolder() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "output": "Sources/Modules" }"#)
        try folder.makeFolder("App/Screens")
        let result = try ModgenProcess.run(
            ["new", "Home", "--dry-run"], environment: Self.environment,
            in: folder.url.appendingPathComponent("App/Screens"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == actionLines("would create", viperDefaultFiles, under: "../../Sources/Modules")
                + "dry run: nothing was written (5 files would be created)\n")
        let written = try ModgenProcess.run(
            ["new", "Home", "-o", "out", "--quiet"], environment: Self.environment,
            in: folder.url.appendingPathComponent("App"))
        #expect(written.status == 0, "\(written.standardError)")
        #expect(folder.files(under: "App/out").keys.sorted() == viperDefaultFiles.sorted())
    }

    /// The binary reads SOURCE_DATE_EPOCH from its own environment.
    @Test func theProcesssEnvironmentGivesTheDate() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        var environment = Self.environment
        environment["SOURCE_DATE_EPOCH"] = "981158400"
        let result = try folder.runProcess(["new", "Home", "-o", "out", "--quiet"], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        // 981158400 seconds after the epoch is 2001-02-03 in UTC.
        #expect(folder.read("out/Home/HomePresenter.swift")?.contains("//  Created on 2001-02-03.\n") == true)
    }

    /// `--data -` reads the process's real standard input (a file here), not a test's stand-in.
    @Test func dataFromARealStandardInput() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write("t.mustache", "Hello {{who}}\n")
        let result = try folder.runProcess(
            ["render", "t.mustache", "--data", "-"], input: #"{ "who": "stdin" }"#, environment: Self.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Hello stdin\n")
    }

    /// The test process's environment without SOURCE_DATE_EPOCH, which would change the headers.
    private static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = nil
        return environment
    }
}
