import Testing

@testable import ModGenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one runner of other programs (hooks' shell, git): what each gets and how it ends.
@Suite struct ChildProcessTests {
    /// Runs `script` with `/bin/sh -c`, collecting each stream.
    private func run(
        _ script: String, environment: [String: String] = ["PATH": "/usr/bin:/bin"], mergesErrors: Bool = false,
        timeLimit: Duration? = nil
    ) throws(ChildProcess.Failure) -> (termination: ChildProcess.Termination, output: String, errors: String) {
        var output: [UInt8] = []
        var errors: [UInt8] = []
        let process = ChildProcess(
            executable: "/bin/sh", arguments: ["sh", "-c", script], environment: environment,
            mergesErrors: mergesErrors, timeLimit: timeLimit)
        let termination = try process.run { stream, chunk in
            if stream == .output { output += chunk } else { errors += chunk }
        }
        return (termination, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    @Test func streamsApartOrMergedAndTheExitStatus() throws {
        let apart = try run("echo out; echo err >&2; exit 3")
        #expect(apart.termination == .exited(3))
        #expect(apart.output == "out\n")
        #expect(apart.errors == "err\n")
        let merged = try run("echo one; echo two >&2; echo three", mergesErrors: true)
        #expect(merged.termination == .exited(0))
        #expect(merged.output == "one\ntwo\nthree\n")
        #expect(merged.errors.isEmpty)
    }

    @Test func argumentsReachTheProgramAsTheyAreWithNoShellBetween() throws {
        var output: [UInt8] = []
        let process = ChildProcess(
            executable: "/bin/sh", arguments: ["sh", "-c", "printf '%s|' \"$@\"", "name", "a b", "$(id)", ";"],
            environment: [:])
        #expect(try process.run { _, chunk in output += chunk } == .exited(0))
        #expect(String(decoding: output, as: UTF8.self) == "a b|$(id)|;|")
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() throws {
        let result = try run("env", environment: ["ONLY": "this one", "PATH": "/usr/bin:/bin"])
        let lines = result.output.split(separator: "\n").filter { !$0.hasPrefix("PWD=") && !$0.hasPrefix("SHLVL=") }
        #expect(lines.sorted() == ["ONLY=this one", "PATH=/usr/bin:/bin"])
    }

    /// Standard input is `/dev/null`: a program that reads gets an end of file at once.
    @Test func standardInputIsEmpty() throws {
        let result = try run("cat; echo \"read: $?\"")
        #expect(result.output == "read: 0\n")
    }

    @Test func aSignalThatEndsItIsReported() throws {
        #expect(try run("kill -TERM $$").termination == .signaled(SIGTERM))
        #expect(ChildProcess.Termination.signaled(SIGTERM).status == 128 + SIGTERM)
    }

    /// A program past its time limit is killed, and the run ends then rather than with the program.
    @Test func theTimeLimitStopsIt() throws {
        let started = ContinuousClock.now
        #expect(throws: ChildProcess.Failure.timedOut) { try run("sleep 10", timeLimit: .milliseconds(300)) }
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// A program that closes its pipes and runs on is waited for (no time limit) or stopped at its time limit, and
    /// its status is its own.
    @Test func aProgramThatClosesItsPipesAndRunsOnIsWaitedForOrStopped() throws {
        let script = "echo early; exec >&- 2>&-; sleep 1; exit 4"
        let waited = try run(script)
        #expect(waited.termination == .exited(4))
        #expect(waited.output == "early\n")
        let limited = try run(script, timeLimit: .seconds(60))
        #expect(limited.termination == .exited(4))
        let started = ContinuousClock.now
        #expect(throws: ChildProcess.Failure.timedOut) {
            try run("exec >&- 2>&-; sleep 10", timeLimit: .milliseconds(300))
        }
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    /// A background process holding the pipe open does not keep the run waiting; what was written is handed over.
    @Test func theRunEndsWhenTheProgramExitsNotWhenThePipeCloses() throws {
        let started = ContinuousClock.now
        let result = try run("echo before; sleep 5 & echo after", mergesErrors: true)
        #expect(result.termination == .exited(0))
        #expect(result.output == "before\nafter\n")
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aProgramThatCannotStartIsReportedWithItsReason() {
        let process = ChildProcess(executable: "/nonexistent/program", arguments: ["program"], environment: [:])
        #expect(throws: ChildProcess.Failure.cannotStart(errorNumber: ENOENT)) { try process.run { _, _ in } }
    }
}
