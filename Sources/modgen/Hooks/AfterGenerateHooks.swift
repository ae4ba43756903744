import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The config's `"after"` commands, run one by one after a run of `new` or `support` that created or overwrote a
/// file (never after `--dry-run`, `--check`, a run that changed nothing, or with `--no-hooks`): XcodeGen, `tuist
/// generate`, a formatter. Each runs with `/bin/sh -c` in the config file's folder; what modgen knows reaches it
/// through the environment only:
///
/// - `MODGEN_NAME`: the module name (empty for `support`)
/// - `MODGEN_TEMPLATE`: the template id
/// - `MODGEN_OUTPUT`: the output folder, absolute
/// - `MODGEN_FILES`: the files created or overwritten, absolute, one a line
/// - `MODGEN_CONFIG_DIR`: the folder the hook runs in
/// - `MODGEN_XCODEPROJ`: the Xcode project the files were added to (`--xcodeproj`), absolute; empty without one
struct AfterGenerateHooks {
    var commands: [String]
    /// The folder the config file is in, else the current one.
    var directory: String

    init(session: GenerationSession, workingDirectory: WorkingDirectory) {
        commands = session.config.afterCommands
        directory = session.config.file?.deletingLastPathComponent().path ?? workingDirectory.libraryPath
    }

    /// What a hook learns about the run.
    struct Run {
        var moduleName: String?
        var templateID: String
        /// The output folder as shown (relative to the current folder, or absolute).
        var outputDirectory: String
        var report: WriteReport
        /// The `.xcodeproj` the files were added to, absolute.
        var xcodeProject: String? = nil
    }

    /// Runs every hook, if the run wrote anything, printing `run <command>` (unless `quiet`) and the hook's output.
    /// Stops at the first hook that fails, and throws for it.
    func runIfWritten(_ run: Run, io: CommandIO, style: TerminalStyle, quiet: Bool) throws {
        let written = run.report.entries.filter { $0.action == .create || $0.action == .overwrite }
        guard !written.isEmpty, !commands.isEmpty else { return }
        let output = try io.workingDirectory.url(forPath: run.outputDirectory).standardizedFileURL
        var environment = io.environment
        environment["MODGEN_NAME"] = run.moduleName ?? ""
        environment["MODGEN_TEMPLATE"] = run.templateID
        environment["MODGEN_OUTPUT"] = output.path
        environment["MODGEN_XCODEPROJ"] = run.xcodeProject ?? ""
        environment["MODGEN_FILES"] = written.map { output.appendingPathComponent($0.path).path }
            .joined(separator: "\n")
        for (index, command) in commands.enumerated() {
            if !quiet { io.writeOutput("\(style.paint("run", .cyan)) \(PrintableText.escaped(command))\n") }
            let process = ShellProcess(command: command, environment: environment, directory: directory)
            let termination = try process.run(output: io.writeOutput)
            if termination != .exited(0) {
                throw HookError.failed(
                    command: command, termination: termination, notRun: commands.count - index - 1)
            }
        }
    }
}
