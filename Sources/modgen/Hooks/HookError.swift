import ModGenKit

/// An after-generate hook that could not start or did not succeed (exit 1), or the file list the hooks read could not
/// be written (exit 74). The files the run wrote stay written:
/// the hook ran after them, and they are what the user asked for.
enum HookError: ModGenError, ReportedError, Equatable {
    case cannotStart(command: String, reason: String)
    /// `notRun`: how many later hooks were not run, since the one before them failed.
    case failed(command: String, termination: ShellProcess.Termination, notRun: Int)
    /// The `MODGEN_FILES_LIST` file could not be written (exit 74); no hook was run.
    case fileListNotWritten(path: String, reason: String)

    var message: String {
        switch self {
        case .cannotStart(let command, let reason):
            return "cannot run the after-generate hook '\(command)': \(reason); the generated "
                + "files stay written"
        case .failed(let command, let termination, let notRun):
            let ending =
                switch termination {
                case .exited(let status): "exited with status \(status)"
                case .signaled(let signal): "was ended by signal \(signal)"
                }
            let skipped =
                switch notRun {
                case 0: ""
                case 1: "; the hook after it was not run"
                default: "; the \(notRun) hooks after it were not run"
                }
            return "the after-generate hook '\(command)' \(ending)\(skipped); the generated files stay written"
        case .fileListNotWritten(let path, let reason):
            return "cannot write the list of generated files for the after-generate hooks to '\(path)': \(reason); "
                + "no hook was run, and the generated files stay written"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .cannotStart, .failed: .differences
        case .fileListNotWritten: .ioError
        }
    }
}
