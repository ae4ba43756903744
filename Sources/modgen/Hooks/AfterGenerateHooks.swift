import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The config's `"after"` commands, run one by one after a run of `new` or `support` that created or overwrote a
/// file (never after `--dry-run`, `--check`, a run that changed nothing, with `--no-hooks`, or after `export-xcode`,
/// whose bundle is a template rather than code of the project): XcodeGen, `tuist generate`, a formatter. Each runs
/// with `/bin/sh -c` in the config file's folder; what modgen knows reaches it through the environment only (see
/// `HookEnvironment`).
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

    /// With `--quiet`, how much of a hook's output is kept to show if it fails.
    static let quietOutputLimit = 64 * 1024

    /// Runs every hook, if the run wrote anything, printing `run <command>` and the hook's output as it arrives.
    /// With `quiet`, neither is printed unless the hook fails: then the last `quietOutputLimit` bytes of its output
    /// are, before the error. Stops at the first hook that fails, and throws for it.
    func runIfWritten(_ run: Run, io: CommandIO, style: TerminalStyle, quiet: Bool) throws {
        let written = run.report.entries.filter { $0.action == .create || $0.action == .overwrite }
        guard !written.isEmpty, !commands.isEmpty else { return }
        let environment = try HookEnvironment(run: run, written: written, io: io)
        defer { environment.removeFileList() }
        for (index, command) in commands.enumerated() {
            if !quiet { io.writeOutput("\(style.paint("run", .cyan)) \(PrintableText.escaped(command))\n") }
            let process = ShellProcess(
                command: command, environment: environment.variables, directory: directory)
            let kept = QuietOutput(limit: Self.quietOutputLimit)
            let termination = try process.run(output: quiet ? kept.append : io.writeOutput)
            if termination != .exited(0) {
                if quiet { kept.show(command: command, style: style, io: io) }
                throw HookError.failed(
                    command: command, termination: termination, notRun: commands.count - index - 1)
            }
        }
    }
}

/// The output of a hook run with `--quiet`: the last bytes of it, shown only if the hook fails.
private final class QuietOutput {
    private let limit: Int
    private var tail: [UInt8] = []
    private var wasCut = false

    init(limit: Int) {
        self.limit = limit
    }

    func append(_ text: String) {
        tail.append(contentsOf: text.utf8)
        if tail.count > limit {
            tail.removeFirst(tail.count - limit)
            wasCut = true
        }
    }

    func show(command: String, style: TerminalStyle, io: CommandIO) {
        io.writeOutput("\(style.paint("run", .cyan)) \(PrintableText.escaped(command))\n")
        if wasCut { io.writeOutput("… (only the last \(limit / 1024) KiB of its output are shown)\n") }
        // Cutting may have split a character: its continuation bytes are dropped rather than shown as U+FFFD.
        let start = tail.firstIndex { $0 & 0xC0 != 0x80 } ?? tail.endIndex
        io.writeOutput(String(decoding: tail[start...], as: UTF8.self))
    }
}
