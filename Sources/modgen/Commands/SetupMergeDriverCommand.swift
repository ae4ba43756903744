import ModGenKit

/// Makes git merge project files with `modgen merge-project`: `*.pbxproj merge=modgen` in the repository's
/// `.gitattributes` (committed, so the whole team's merges name the driver) and `merge.modgen.driver` in the
/// repository's own git config, which git never copies into a clone: every clone runs this once. Both steps are
/// idempotent.
///
/// `modgen setup-merge-driver [--quiet]`
struct SetupMergeDriverCommand: FixedOptionsCommand {
    static let attributesLine = "*.pbxproj merge=modgen"
    static let driver = "modgen merge-project %O %A %B %P"
    static let driverName = "modgen: Xcode project files, both sides' additions kept"

    static let configuration = CommandSpec(
        name: "setup-merge-driver",
        abstract: "Make git merge *.pbxproj files with 'modgen merge-project'.",
        discussion: """
            Adds the line '\(attributesLine)' to the .gitattributes at the top of the repository the current \
            folder is in (once), and runs 'git config merge.modgen.driver "\(driver)"' (and merge.modgen.name) in \
            it. git keeps that setting in the repository's .git/config, which a clone does not copy: run this once \
            in every clone. git then finds modgen on the PATH when it merges a project file.
            """,
        options: [WriteFlags.quiet]
    )

    var isQuiet: Bool

    init(_ parsed: ParsedArguments) throws {
        isQuiet = parsed.isSet(WriteFlags.quiet)
    }

    func run(io: CommandIO) throws -> ExitCode {
        let currentDirectory = io.workingDirectory.libraryPath
        let topLevel = String(
            try git(["rev-parse", "--show-toplevel"], in: currentDirectory, io: io).prefix { $0 != "\n" })
        let attributes = topLevel + "/.gitattributes"
        let added = try OutputFolderLock.withLock(.exclusive, on: topLevel, in: currentDirectory) { () throws -> Bool in
            let existing =
                FileStatus.entryExists(atPath: attributes) ? try TextFile.readBytes(atPath: attributes) : []
            let text = String(decoding: existing, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // The same words with other spacing are the same attribute.
            let words = Self.attributesLine.split(separator: " ")
            if lines.contains(where: { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) == words }) {
                return false
            }
            let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
            let file = RenderedFile(path: ".gitattributes", contents: text + separator + Self.attributesLine + "\n")
            let plan = try WritePlan(
                files: [file], outputDirectory: topLevel, policy: .overwrite, currentDirectory: currentDirectory)
            try plan.apply()
            return true
        }
        _ = try git(["config", "merge.modgen.name", Self.driverName], in: topLevel, io: io)
        _ = try git(["config", "merge.modgen.driver", Self.driver], in: topLevel, io: io)
        if !isQuiet {
            let verb = added ? "added" : "kept"
            io.writeOutput(
                "\(verb) '\(Self.attributesLine)' in \(PrintableText.escaped(attributes))\n"
                    + "set merge.modgen.driver to '\(Self.driver)' in the repository's git config\n")
        }
        return .success
    }

    /// Runs `git arguments…` in `directory` and returns what it printed. The arguments reach git through the
    /// environment, never pasted into the shell's command line (see `ShellProcess`).
    private func git(_ arguments: [String], in directory: String, io: CommandIO) throws -> String {
        var environment = io.environment
        environment[ShellProcess.directoryVariable] = directory
        var words: [String] = []
        for (index, argument) in arguments.enumerated() {
            environment["MODGEN_GIT_ARGUMENT_\(index)"] = argument
            words.append("\"$MODGEN_GIT_ARGUMENT_\(index)\"")
        }
        let command = "git " + words.joined(separator: " ")
        let collected = CollectedOutput()
        let termination: ShellProcess.Termination
        do {
            termination = try ShellProcess(command: command, environment: environment, directory: directory)
                .run(output: collected.append)
        } catch {
            throw MergeDriverSetupError(command: "git " + arguments.joined(separator: " "), output: error.message)
        }
        guard termination == .exited(0) else {
            throw MergeDriverSetupError(command: "git " + arguments.joined(separator: " "), output: collected.text)
        }
        return collected.text
    }
}

/// What a child process printed, gathered as it arrives.
private final class CollectedOutput: @unchecked Sendable {
    private let lock = Lock()
    private var parts: [String] = []

    func append(_ text: String) { lock.withLock { parts.append(text) } }

    var text: String { lock.withLock { parts.joined() } }
}

/// git could not run, or refused (the current folder is in no repository): its words, on one line (exit 66).
struct MergeDriverSetupError: ModGenError, ReportedError {
    var command: String
    var output: String

    var message: String {
        let said = output.split(whereSeparator: \.isNewline).first.map { ": \(PrintableText.escaped(String($0)))" }
        return "'\(command)' failed\(said ?? ""); run modgen setup-merge-driver inside a git repository"
    }
    var exitCode: ExitCode { .noInput }
}
