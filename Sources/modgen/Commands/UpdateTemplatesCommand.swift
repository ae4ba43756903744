import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Moves every template repository the config or Rambafile names to its newest commit (of its branch or tag, else
/// its default branch) and writes the commits to the project's `modgen.lock`, as `swift package update` does
/// `Package.resolved`. Every other command uses the lock's commits.
///
/// `modgen update-templates [--config <file>] [--dry-run]`
struct UpdateTemplatesCommand: FixedOptionsCommand {
    static let dryRun = OptionSpec.flag(
        "dry-run", help: "Fetch and list what would change, without writing modgen.lock.")

    static let configuration = CommandSpec(
        name: "update-templates",
        abstract: "Move templates from git to their newest commits and record them in modgen.lock.",
        discussion: """
            Fetches every repository the config's "templates" or the Rambafile's git: templates and catalogs name, \
            at the newest commit of its branch (else its default branch), and writes the commits to modgen.lock \
            beside the config. Other commands use the commits modgen.lock names, from the cache when it holds them.
            """,
        options: SessionOptions.options + [dryRun]
    )

    var sessionOptions: SessionOptions
    var isDryRun: Bool

    init(_ parsed: ParsedArguments) {
        sessionOptions = SessionOptions(parsed)
        isDryRun = parsed.isSet(Self.dryRun)
    }

    func run(io: CommandIO) throws -> ExitCode {
        let session = try sessionOptions.session(in: io.workingDirectory, environment: io.environment, gitMode: .newest)
        guard let git = session.gitTemplates, !git.lock.pins.isEmpty else {
            io.writeOutput("no templates from git: the config and Rambafile name no repository\n")
            return .success
        }
        let lockShown = io.workingDirectory.shown(git.lockFile)
        var lines: [String] = []
        for change in git.changes {
            let to = String(change.to.prefix(12))
            lines.append(
                change.from.map { "\(change.remote.shown): \($0.prefix(12)) -> \(to)\n" }
                    ?? "\(change.remote.shown): pinned at \(to)\n")
        }
        let unchanged = git.lock.pins.count - git.changes.count
        if unchanged > 0 { lines.append("\(unchanged) unchanged\n") }
        io.writeOutput(PrintableText.escapedLines(lines.joined()))
        guard let (folder, file) = session.templateLockFile else {
            io.writeOutput("\(lockShown) is up to date\n")
            return .success
        }
        if isDryRun {
            io.writeOutput("would write \(lockShown)\n")
            return .success
        }
        try OutputFolderLock.withLock(.exclusive, on: folder.path, in: io.workingDirectory.libraryPath) {
            let plan = try WritePlan(
                files: [file], outputDirectory: folder.path, policy: .overwrite,
                currentDirectory: io.workingDirectory.libraryPath)
            _ = try WritePlan.apply([plan])
        }
        io.writeOutput("wrote \(lockShown)\n")
        return .success
    }
}
