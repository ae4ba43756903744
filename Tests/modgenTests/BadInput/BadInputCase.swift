import Foundation
import TestSupport
import Testing

/// One bad command line or bad file, and everything modgen must answer to it: the exit code, one error line with
/// the words that explain it (and the file, line and column where there is one), and a file tree left as it was —
/// or changed in exactly the expected paths, for the few cases that legitimately write.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// Where the error points: `file` is relative to the case's folder; `absolute` when modgen names it by its
    /// absolute path (config files, manifests and templates), not as typed (`render`'s files).
    struct Position: Sendable {
        var file: String
        var line: Int
        var column: Int
        var absolute = true
    }

    var name: String
    var arguments: [String]
    var input: String?
    var environment: [String: String] = [:]
    /// The working directory, relative to the case's folder.
    var directory = "."
    var setUp: @Sendable (TemporaryFolder) throws -> Void = { _ in }
    /// Undoes what `setUp` did that removing the folder cannot (a mount), also when the case fails.
    var tearDown: @Sendable (TemporaryFolder) -> Void = { _ in }
    var status: Int32
    /// Words the error line must contain, beyond `modgen: error: ` and the position.
    var words: [String]
    var position: Position?
    /// The paths the run may add, change or remove; everything else in the case's folder must stay as it was.
    var changes: Set<String> = []
    /// Lines that standard output must hold, in order (conflicts list their files there).
    var outputLines: [String]?
    /// Runs that could hang (FIFOs) are abandoned (in process) or killed (a process) after this long, and fail.
    var timeout: Duration = .seconds(20)

    var testDescription: String { name }

    init(
        _ name: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        directory: String = ".", status: Int32, words: [String], position: Position? = nil,
        changes: Set<String> = [], outputLines: [String]? = nil, timeout: Duration = .seconds(20),
        setUp: @escaping @Sendable (TemporaryFolder) throws -> Void = { _ in },
        tearDown: @escaping @Sendable (TemporaryFolder) -> Void = { _ in }
    ) {
        self.name = name
        self.arguments = arguments
        self.input = input
        self.environment = environment
        self.directory = directory
        self.status = status
        self.words = words
        self.position = position
        self.changes = changes
        self.outputLines = outputLines
        self.timeout = timeout
        self.setUp = setUp
        self.tearDown = tearDown
    }

    /// The subcommands whose usage errors print that command's usage; any other first word gets the tool's.
    private static let subcommands: Set = ["new", "support", "list", "describe", "snapshot", "render", "export-xcode"]

    /// How a case runs: in this process, through `CommandIO` (the folder as its working folder), or as the built
    /// binary, for what only a real process meets (a full disk's `ENOSPC` while a process writes).
    enum Runner {
        case inProcess
        case process
    }

    /// Sets the case up in a fresh folder (with an empty `.modgen.json`, so no config above it counts), runs it,
    /// and checks every promise. The folder is removed afterwards.
    func check(_ runner: Runner = .inProcess) throws {
        let folder = try TemporaryFolder.isolated()
        defer {
            tearDown(folder)
            folder.remove()
        }
        try setUp(folder)
        let before = TreeSnapshot(of: folder.url)
        var variables = ProcessInfo.processInfo.environment
        variables["SOURCE_DATE_EPOCH"] = nil
        // A crash is a failure either way; without the backtracer it fails in milliseconds, not seconds.
        variables["SWIFT_BACKTRACE"] = "enable=no"
        variables.merge(environment) { _, new in new }
        let workingDirectory = folder.url.appendingPathComponent(directory)
        let result =
            switch runner {
            case .inProcess:
                execute(
                    arguments, input: input ?? "", in: workingDirectory, environment: variables, timeout: timeout)
            case .process:
                try ModgenProcess.run(
                    arguments, input: input, environment: variables, in: workingDirectory, timeout: timeout)
            }
        let after = TreeSnapshot(of: folder.url)

        #expect(!result.timedOut, "modgen still ran after \(timeout) and was abandoned")
        #expect(result.status == status, "exit code; standard error: \(result.standardError)")
        checkStandardError(result.standardError, root: folder.url.path)
        // A run that writes a module also writes its record in `.modgen/` (the update tests check those): the
        // catalogue is about the module's own files.
        let changed = before.changes(to: after).filter { !$0.key.hasPrefix(".modgen") }
        #expect(Set(changed.keys) == changes, "changes on disk: \(changed.sorted { $0.key < $1.key })")
        if let outputLines {
            #expect(
                result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    .map(String.init) == outputLines)
        }
    }

    private func checkStandardError(_ text: String, root: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "standard error ends with a newline: \(text.debugDescription)")
        lines.removeLast()
        if status == 0 {
            #expect(
                linesOtherThanNotes(in: text).isEmpty, "a successful run prints no error: \(text.debugDescription)")
            return
        }
        let hintLines = status == 64 ? 2 : 0
        guard lines.count == 1 + hintLines else {
            Issue.record("expected \(1 + hintLines) lines of standard error, got: \(text.debugDescription)")
            return
        }
        let error = lines[0]
        var prefix = "modgen: error: "
        if let position {
            let file = position.absolute ? root + "/" + position.file : position.file
            prefix += "\(file):\(position.line):\(position.column): "
        }
        #expect(error.hasPrefix(prefix), "error line: \(error.debugDescription)")
        for word in words {
            #expect(error.contains(word), "error line lacks \(word.debugDescription): \(error.debugDescription)")
        }
        // One line means one line on a terminal too: no raw control characters, which could also rewrite it.
        let control = error.unicodeScalars.filter { $0.properties.generalCategory == .control }
        #expect(control.isEmpty, "raw control characters in \(error.debugDescription)")
        if hintLines > 0 {
            let command = arguments.first.flatMap { Self.subcommands.contains($0) ? $0 : nil }
            let usage = "Usage: modgen " + (command ?? "<subcommand>")
            #expect(lines[1].hasPrefix(usage), "usage line: \(lines[1].debugDescription)")
            let help = command.map { "modgen \($0) --help" } ?? "modgen --help"
            #expect(lines[2] == "  See '\(help)' for more information.")
        }
    }
}
