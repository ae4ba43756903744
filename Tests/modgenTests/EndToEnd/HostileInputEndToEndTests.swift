import Foundation
import TestSupport
import Testing

/// What a shell makes of modgen's surroundings: closed or full standard streams, a deleted working folder, FIFOs,
/// devices and symbolic links where files are expected, and values with control characters. Each case ends with a
/// one-line error and an exit code, never a crash or a hang.
@Suite struct HostileInputEndToEndTests {
    /// The first line of a run's standard error, which must be all of its error message.
    private static func firstLine(_ text: String) -> Substring {
        text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    }

    // MARK: - Standard streams

    /// `/dev/full` is Linux's: macOS has no device that always reports a full disk.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"))
    func aFullStandardOutputIsAnErrorNotACrash() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.shell(#""$M" list >/dev/full"#)
        #expect(result.status == 74)
        #expect(result.standardError.hasPrefix("modgen: error: cannot write to standard output: no space left"))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test func aClosedStandardOutputKeepsTheModuleItWrote() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.shell(#""$M" new Home -o out >&-"#)
        #expect(result.status == 74)
        #expect(
            linesOtherThanNotes(in: result.standardError).first?.hasPrefix(
                "modgen: error: cannot write to standard output: bad file descriptor") == true)
        let reference = try folder.generate(["new", "Home", "-o", "reference", "--quiet"])
        #expect(reference.status == 0)
        #expect(!folder.files(under: "out").isEmpty)
        #expect(folder.files(under: "out") == folder.files(under: "reference"))
    }

    @Test func aClosedStandardErrorStillGivesTheErrorsExitCode() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.shell(#""$M" new 1Bad 2>&-"#)
        #expect(result.status == 64)
    }

    @Test func aReaderThatClosesThePipeEarlyEndsTheRunQuietly() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        // A pipe with no reader left, made without a race: a FIFO opened read-write, then for writing, then the
        // reading side closed. Every write to it fails with EPIPE, as `modgen list | head -1` does once head exits.
        let result = try folder.shell(
            #"mkfifo pipe && exec 4<>pipe 5>pipe 4<&- && "$M" list >&5; status=$?; exec 5>&-; exit $status"#)
        #expect(result.status == 0)
        #expect(result.standardError == "")
    }

    @Test(arguments: [
        (#"<&-"#, "bad file descriptor"),
        (#"< /"#, "is a directory"),
        (#"< /dev/zero"#, "is larger than 16 MiB, the limit for input files"),
    ])
    func aFailedReadOfStandardInputNamesIt(redirection: String, reason: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write("t.mustache", "{{x}}\n")
        // The redirection is made by the shell that becomes modgen: perl, which sets the time limit, would open
        // /dev/null on a closed standard input.
        let result = try folder.shell(#"limited sh -c 'exec "$M" render t.mustache --data - "# + redirection + "'")
        #expect(result.status == 66)
        #expect(result.standardError == "modgen: error: cannot read standard input: \(reason)\n")
    }

    // MARK: - Working folder

    @Test func aDeletedWorkingFolderFindsNoConfigAndDoesNotHang() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.shell(
            #"out="$PWD/out"; mkdir gone && cd gone && rmdir ../gone && limited "$M" new Home -o "$out" --quiet"#
        )
        #expect(result.status == 0)
        #expect(folder.files(under: "out").keys.sorted() == viperDefaultFiles.sorted())
        // A relative output folder has nothing to be relative to once the folder is gone: an error, not a loop,
        // and not a folder under `/` (where Foundation resolves relative paths without a working folder).
        let name = "modgen-deleted-cwd-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: "/" + name) }
        let relative = try folder.shell(
            #"mkdir gone && cd gone && rmdir ../gone && limited "$M" new Home -o "# + name)
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
        #expect(relative.status == 74)
        #expect(relative.standardError.hasPrefix("modgen: error: "))
        #expect(relative.standardError.filter { $0 == "\n" }.count == 1)
    }

    // MARK: - Files that are not regular files

    /// A FIFO where modgen reads a file: (what to set up, the FIFO's path, the command).
    static let fifoCases: [(setup: String, fifo: String, command: String)] = [
        ("", ".modgen.json", "list"),
        ("mkdir -p tpl/mine", "tpl/mine/template.json", "list --templates tpl"),
        (
            #"mkdir -p tpl/mine/partials && printf '{"id":"mine","summary":"s","files":[{"template":"F.mustache","path":"{{name}}.txt"}]}' > tpl/mine/template.json && printf '{{> p}}' > tpl/mine/F.mustache"#,
            "tpl/mine/partials/p.mustache", "new Home --templates tpl --template mine -o out"
        ),
        (
            #"mkdir -p tpl/mine && printf '{"id":"mine","summary":"s","files":[{"template":"F.mustache","path":"{{name}}.txt"}]}' > tpl/mine/template.json"#,
            "tpl/mine/F.mustache", "new Home --templates tpl --template mine -o out"
        ),
        ("printf '{{> p}}' > t.mustache", "p.mustache", "render t.mustache"),
        ("", "config.json", "list --config config.json"),
    ]

    @Test(arguments: fifoCases)
    func aFIFOIsRefusedNotWaitedOn(setup: String, fifo: String, command: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let prepare = setup.isEmpty ? "" : setup + " && "
        let result = try folder.shell(
            prepare + "rm -f \(fifo) && mkfifo \(fifo) && limited \"$M\" \(command)")
        #expect(result.status == 66, "\(command)")
        #expect(result.standardError.hasPrefix("modgen: error: "), "\(command)")
        #expect(result.standardError.contains("\(fifo)"), "\(command)")
        #expect(Self.firstLine(result.standardError).hasSuffix("is not a regular file (a FIFO)"), "\(command)")
    }

    /// `render`'s files are named by the user: a pipe is what they mean (`--data <(jq …)`), so it is read, and a
    /// named FIFO is waited on for its writer, as `cat` would.
    @Test(arguments: [
        #"printf '{{x}}' > t.mustache && limited "$M" render t.mustache --data <(printf '{"x":"piped"}')"#,
        #"printf '{{x}}' > t.mustache && mkfifo d.json && { printf '{"x":"piped"}' > d.json & } "#
            + #"&& limited "$M" render t.mustache --data d.json"#,
        #"limited "$M" render <(printf '{{x}}') --data <(printf '{"x":"piped"}')"#,
    ])
    func aPipeTheUserNamesIsRead(script: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.shell(script)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "piped")
    }

    @Test func aPipeTheUserNamesIsReadOnlyUpToTheSizeLimit() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.shell(
            #"printf '{{x}}' > t.mustache && limited "$M" render t.mustache --data <(yes)"#)
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("modgen: error: cannot read '/dev/fd/"))
        #expect(result.standardError.hasSuffix("': is larger than 16 MiB, the limit for input files\n"))
    }

    @Test(arguments: [
        ("render t.mustache --data /dev/zero", "is not a regular file (a character device)"),
        ("render t.mustache --data /dev/urandom", "is not a regular file (a character device)"),
        ("list --config /dev/zero", "is not a regular file (a character device)"),
        ("render t.mustache --data folder", "is a directory"),
        ("list --config folder", "is a directory"),
        ("render t.mustache --data socket", "is not a regular file (a socket)"),
        ("render t.mustache --data big.json", "is larger than 16 MiB, the limit for input files"),
    ])
    func anInputThatIsNoRegularFileOrTooLargeIsRefused(command: String, reason: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write("t.mustache", "{{x}}\n")
        try folder.write("folder/x", "")
        let setup =
            #"python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("socket"); open("big.json", "wb").truncate(17 << 20)'"#
        let result = try folder.shell(setup + " && limited \"$M\" \(command)")
        #expect(result.status == 66, "\(command)")
        #expect(result.standardError.hasPrefix("modgen: error: cannot read "), "\(command)")
        #expect(result.standardError.hasSuffix("\(reason)\n"), "\(command)")
    }

    // MARK: - Symbolic links named .modgen.json

    @Test(arguments: [
        ("ln -s nowhere sub/.modgen.json", "is a symbolic link to 'nowhere', which does not exist"),
        ("ln -s .modgen.json sub/.modgen.json", "too many levels of symbolic links"),
    ])
    func aBrokenConfigLinkIsAnErrorNotSkipped(link: String, reason: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "template": "mvvm-fc" }"#)
        let result = try folder.shell("mkdir sub && \(link) && cd sub && \"$M\" new Home --dry-run")
        #expect(result.status == 66)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "modgen: error: cannot read '\(folder.path("sub/.modgen.json"))': \(reason)\n")
    }

    // MARK: - Control characters in values

    @Test(arguments: [
        ("Ho\nme", #"Ho\nme"#),
        ("\u{1B}[31mX", #"\u{1B}[31mX"#),
        ("A\u{9B}1m", #"A\u{9B}1m"#),
    ])
    func aModuleNameWithControlCharactersIsQuotedEscaped(name: String, escaped: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", name, "-o", "out"])
        #expect(result.status == 64)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)  // the error, the usage line, the help hint, and the final empty piece
        #expect(lines.first?.hasPrefix("modgen: error: invalid module name '\(escaped)'") == true)
        #expect(!result.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
        #expect(!folder.exists("out"))
    }

    @Test func aHeaderFieldWithALineBreakIsRefusedOnTheCommandLine() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--set", "project=Shop\nimport Evil", "-o", "out"])
        #expect(result.status == 64)
        #expect(
            Self.firstLine(result.standardError)
                == #"modgen: error: --set project='Shop\nimport Evil': header field 'project' cannot contain a line break"#
        )
        #expect(!folder.exists("out"))
    }

    @Test(arguments: [
        ("{\n  \"header\": { \"project\": \"Shop\\nimport Evil\" }\n}\n", "2:26", "project"),
        ("{\n  \"header\": {\n    \"company\": \"A\\u001bB\" }\n}\n", "3:16", "company"),
        ("{\n  \"set\": { \"author\": \"Me\\r\\nimport Evil\" }\n}\n", "2:22", "author"),
    ])
    func aHeaderFieldWithAControlCharacterIsRefusedInTheConfig(config: String, position: String, field: String)
        throws
    {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(".modgen.json", config)
        let result = try folder.generate(["new", "Home", "-o", "out"])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("modgen: error: \(folder.path(".modgen.json")):\(position): "))
        #expect(result.standardError.contains("header field '\(field)' cannot contain a "))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        #expect(!folder.exists("out"))
    }
}

extension TemporaryFolder {
    /// Runs `script` with bash in this folder, `$M` naming the modgen executable: for what only a shell can set up
    /// (closed or redirected streams, a deleted working folder, FIFOs). Without `SOURCE_DATE_EPOCH`, and without
    /// crash backtraces, which would only slow a failing run down. Streams go through files, as in
    /// `ModgenProcess.run`.
    ///
    /// A hang is cut short by `limited command…`, which runs the command with an alarm 20 s away: stock macOS has
    /// no `timeout` (a GNU tool), so perl (on both systems, `perl-base` on Debian) unblocks SIGALRM, whose default
    /// action ends the process, sets the alarm, and becomes the command (an alarm survives `exec`). Not SIGTERM:
    /// processes the test runner starts have it blocked. A command cut short exits with 142 (128 + SIGALRM).
    fileprivate func shell(_ script: String) throws -> ProcessResult {
        guard let executable = ModgenProcess.executableURL else {
            Issue.record("the modgen executable was not found")
            return ProcessResult(status: -1, standardOutput: "", standardError: "")
        }
        let streams = FileManager.default.temporaryDirectory
            .appendingPathComponent("modgen-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: streams, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: streams) }
        let outputURL = streams.appendingPathComponent("stdout")
        let errorURL = streams.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["M"] = executable.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", Self.limitedFunction + "\n" + script]
        process.currentDirectoryURL = url
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }

    private static let limitedFunction = #"""
        limited() {
            perl -MPOSIX -e 'sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGALRM)); $SIG{ALRM} = "DEFAULT";
                alarm 20; exec { $ARGV[0] } @ARGV or die "cannot run $ARGV[0]: $!\n"' "$@"
        }
        """#
}

/// A folder whose path is longer than the system allows (`PATH_MAX`): no command can use it as the base of a
/// relative path, and every one says that in one line instead of calling the folder gone; absolute paths work.
@Suite struct LongFolderPathEndToEndTests {
    @Test func aFolderPastPathMaxIsNamedForWhatItIs() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        // 300 folders of 20 characters: about 6,300 bytes, made one `cd` at a time; removed the same way.
        let deep =
            #"start=$PWD; for i in $(seq 300); do mkdir d1234567890123456789 && cd d1234567890123456789 || exit 9; "#
            + #"done; "#
        let result = try folder.shell(
            deep + #"limited "$M" new Home -o out; status=$?; "#
                + #"limited "$M" new Home -o "$start/abs" --config "$start/.modgen.json" >/dev/null; "#
                + #"second=$?; cd "$start" && rm -rf d1234567890123456789; echo "second $second" >&2; exit $status"#)
        #expect(result.status == 74, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("modgen: error: "), "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "'out': it is relative, and the current folder no longer exists or its path "
                    + "is longer than the system allows"), "\(result.standardError)")
        // A path modgen resolves itself names the long path alone.
        let render = try folder.shell(
            deep + #"limited "$M" render t.mustache; status=$?; "#
                + #"cd "$start" && rm -rf d1234567890123456789; exit $status"#)
        #expect(render.status == 66, "\(render.standardError)")
        #expect(
            render.standardError.hasPrefix(
                "modgen: error: cannot read 't.mustache': it is relative, and the current folder's path is longer "
                    + "than the system allows"), "\(render.standardError)")
        #expect(result.standardError.contains("second 0"), "\(result.standardError)")
        #expect(folder.exists("abs/Home/HomePresenter.swift"))
    }
}
