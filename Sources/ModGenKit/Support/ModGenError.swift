/// An error meant for the person running modgen: a one-line message and the exit code it maps to.
///
/// The command prints `modgen: error: <message>` on standard error and exits with `exitCode`; library code
/// never prints or exits by itself.
public protocol ModGenError: Error, CustomStringConvertible {
    /// One line, naming the file (and line and column) where there is one.
    var message: String { get }
    var exitCode: ExitCode { get }
}

extension ModGenError {
    public var description: String { message }
}

/// The process exit codes modgen uses; the values are the BSD `sysexits.h` ones where one fits.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// Conflicting files (nothing written) or differences found by `--check`.
    case differences = 1
    /// EX_USAGE: bad arguments, bad module name, invalid option combination.
    case usage = 64
    /// EX_DATAERR: a template, manifest, config or data file (or `SOURCE_DATE_EPOCH`) is malformed.
    case dataError = 65
    /// EX_NOINPUT: an input file or template does not exist or cannot be read.
    case noInput = 66
    /// EX_IOERR: writing output failed, or would (a target on disk modgen refuses to write through; a dry run
    /// or a check reports it the same way).
    case ioError = 74
    /// 128 + the signal's number, as shells report a process a signal ended: the run was rolled back.
    case hangUp = 129
    case interrupt = 130
    case terminate = 143

    /// The code for a run that SIGHUP, SIGINT or SIGTERM stopped (any other signal counts as SIGTERM).
    public static func interrupted(by signal: Int32) -> ExitCode {
        switch signal {
        case 1: .hangUp
        case 2: .interrupt
        default: .terminate
        }
    }
}
