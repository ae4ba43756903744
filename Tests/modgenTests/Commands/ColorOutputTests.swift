import Foundation
import TestSupport
import Testing

@testable import modgen

/// `--color auto|always|never`, `NO_COLOR`, `TERM=dumb`: coloured verbs and diffs on a terminal only; in process,
/// with the terminal and the environment as a test sets them.
@Suite struct ColorOutputTests {
    let green = "\u{1B}[32m"
    let reset = "\u{1B}[0m"

    /// Runs modgen in process as if standard output were a terminal (or not), with `environment` as the whole
    /// environment.
    func run(_ arguments: [String], terminal: Bool, environment: [String: String] = [:]) -> ProcessResult {
        let streams = CapturedStreams()
        var io = streams.io
        io.outputIsTerminal = terminal
        io.environment = environment
        let status = Modgen.tool.run(arguments, io: io)
        return ProcessResult(
            status: status, standardOutput: streams.standardOutput, standardError: streams.standardError)
    }

    func dryRun(_ folder: TemporaryFolder, _ extra: [String] = []) -> [String] {
        ["new", "Home", "--dry-run", "-o", folder.path("out"), "--config", folder.path(".modgen.json")] + extra
    }

    @Test func autoColoursATerminalOnly() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let coloured = run(dryRun(folder), terminal: true)
        #expect(coloured.standardOutput.hasPrefix("\(green)would create\(reset) \(folder.path("out"))/Home/"))
        let plain = run(dryRun(folder), terminal: false)
        #expect(plain.standardOutput.hasPrefix("would create \(folder.path("out"))/Home/"))
        #expect(!plain.standardOutput.contains("\u{1B}"))
    }

    @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
    func theEnvironmentTurnsAutoOff(environment: [String: String]) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(!run(dryRun(folder), terminal: true, environment: environment).standardOutput.contains("\u{1B}"))
        // An empty NO_COLOR is unset (no-color.org), and a flag typed for this run wins over the environment.
        #expect(run(dryRun(folder), terminal: true, environment: ["NO_COLOR": ""]).standardOutput.contains(green))
        #expect(
            run(dryRun(folder, ["--color", "always"]), terminal: false, environment: environment).standardOutput
                .contains(green))
        #expect(!run(dryRun(folder, ["--color", "never"]), terminal: true).standardOutput.contains("\u{1B}"))
    }

    @Test func checkDiffsAreColouredLineByLine() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let common = ["-o", folder.path("out"), "--config", folder.path(".modgen.json"), "-q"]
        assertExecute(["new", "Home"] + common)
        let presenter = try #require(folder.read("out/Home/HomePresenter.swift"))
        try folder.write("out/Home/HomePresenter.swift", presenter + "// mine\n")
        let result = run(["new", "Home", "--check", "--color", "always"] + common, terminal: false)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.hasPrefix(
                "\u{1B}[1m--- \(folder.path("out"))/Home/HomePresenter.swift (on disk)\(reset)\n"))
        #expect(result.standardOutput.contains("\n\u{1B}[36m@@ "))
        #expect(result.standardOutput.contains("\n\u{1B}[31m-// mine\(reset)\n"))
    }

    @Test func aBadColorIsAUsageError() {
        let result = assertExecute(["new", "Home", "--color", "sometimes", "--dry-run"], exitCode: 64)
        #expect(result.standardError.hasPrefix("modgen: error: "))
        #expect(result.standardError.contains("sometimes"))
    }
}
