import ModGenKit

/// The process exit codes modgen uses; the values are the BSD `sysexits.h` ones where one fits.
///
/// Only the command knows them: library errors say what went wrong, and the extensions below map each library error
/// type (and case) to its code, one switch per type.
enum ExitCode: Int32, Sendable {
    case success = 0
    /// Conflicting files (nothing written) or differences found by `--check`.
    case differences = 1
    /// EX_USAGE: bad arguments, bad module name, invalid option combination.
    case usage = 64
    /// EX_DATAERR: a template, manifest, config or data file (or `SOURCE_DATE_EPOCH`) is malformed.
    case dataError = 65
    /// EX_NOINPUT: an input file or template does not exist or cannot be read.
    case noInput = 66
    /// EX_UNAVAILABLE: a template repository could not be fetched (no git, no network, no such repository or
    /// branch, the time limit).
    case unavailable = 69
    /// EX_CANTCREAT: an output cannot be created where it goes: something on disk is in the way (a folder where a
    /// file goes, a symbolic link out of the output folder, two paths that reach one file); a dry run or a check
    /// reports it the same way.
    case cannotCreate = 73
    /// EX_IOERR: an I/O error: reading or writing failed, or a system call on the way to a target did.
    case ioError = 74
    /// EX_TEMPFAIL: another run held the output folder for as long as this one waited; trying again may work.
    case temporaryFailure = 75
    /// 128 + the signal's number, as shells report a process a signal ended: the run was rolled back.
    case hangUp = 129
    case interrupt = 130
    case terminate = 143

    /// The code for a run that SIGHUP, SIGINT or SIGTERM stopped (any other signal counts as SIGTERM).
    static func interrupted(by signal: Int32) -> ExitCode {
        switch signal {
        case 1: .hangUp
        case 2: .interrupt
        default: .terminate
        }
    }
}

/// An error the command reports: `modgen: error: <reportedMessage>` and the exit code.
protocol ReportedError: Error {
    var exitCode: ExitCode { get }
    /// The message as the command shows it; library errors that need a flag's name get it here.
    var reportedMessage: String { get }
}

extension ReportedError where Self: ModGenError {
    var reportedMessage: String { message }
}

// The command's own errors (`UsageError`, `ManifestFlagClash`) declare their code beside their message.

extension DataFileError: ReportedError {
    var exitCode: ExitCode { .dataError }
}

/// A template Xcode's bundles cannot express is refused as data that cannot be converted.
extension XcodeExportError: ReportedError {
    var exitCode: ExitCode { .dataError }
}

extension FileReadError: ReportedError {
    var exitCode: ExitCode {
        switch kind {
        case .unreadable: .noInput
        // A link out of a template's folder (or into a loop), too many files: the template is at fault.
        case .refused: .dataError
        }
    }
}

/// A Liquid template that does not parse or render, or a snippet it includes that is missing: the template is at fault.
extension LiquidError: ReportedError {
    var exitCode: ExitCode { .dataError }
    var reportedMessage: String { description }
}

extension MustacheError: ReportedError {
    var exitCode: ExitCode {
        switch kind {
        case .invalidTemplate: .dataError
        case .unreadablePartial: .noInput
        }
    }

    var reportedMessage: String { message }
}

extension GitTemplateError: ReportedError {
    var exitCode: ExitCode {
        switch kind {
        // A URL or ref refused, or a repository over the limits: the config is at fault.
        case .refused: .dataError
        case .unavailable: .unavailable
        case .cache: .ioError
        }
    }
}

extension TemplateFileError: ReportedError {
    var exitCode: ExitCode { .noInput }
}

extension UnknownTemplateError: ReportedError {
    var exitCode: ExitCode { .noInput }
}

extension DuplicateTemplateError: ReportedError {
    var exitCode: ExitCode { .dataError }
}

/// A config or macros file found by walking up that is not the user's alone: like a config that cannot be used.
extension UntrustedFileError: ReportedError {
    var exitCode: ExitCode { .dataError }
}

extension ConfigReferenceError: ReportedError {
    var exitCode: ExitCode { .noInput }
}

extension OptionError: ReportedError {
    /// A value or combination the template does not allow is the user's input.
    var exitCode: ExitCode { .usage }
    /// Options named by their flags.
    var reportedMessage: String { message(.commandLine) }
}

extension EnvironmentValueError: ReportedError {
    var exitCode: ExitCode { .dataError }
}

extension ModuleNameError: ReportedError {
    var exitCode: ExitCode { .usage }
}

extension SnapshotFolderError: ReportedError {
    var exitCode: ExitCode {
        switch self {
        // Nothing recorded to compare with, or a folder that is not ours: like a conflict or a difference.
        case .notASnapshotFolder, .markedForOtherTemplate, .notRecorded, .withoutIndex: .differences
        case .malformedIndex: .dataError
        case .unusableMarker, .removalFailed: .ioError
        }
    }
}

extension WritingError: ReportedError {
    /// The same whether the run writes, lists (`--dry-run`) or compares (`--check`).
    var exitCode: ExitCode {
        switch self {
        // The rendered file list itself is wrong: it comes from a bad manifest or template.
        // Paths differing only in case: what the template renders (from the module name too) collides on macOS.
        case .unsafePath, .duplicatePath, .fileAndDirectory, .pathsDifferOnlyInCase: .dataError
        // The disk is in a state modgen will not write into: not an I/O error, the output cannot go there.
        case .symbolicLinkEscape, .sameTarget, .unusableTarget: .cannotCreate
        // An operation failed.
        case .inaccessible, .writeFailed: .ioError
        case .locked: .temporaryFailure
        case .conflicts, .differencesFound, .keptDifferentFiles: .differences
        // Where a root goes is the user's to say, like --output.
        case .unplacedRoot: .usage
        case .interrupted(let signal, _): .interrupted(by: signal)
        }
    }

    var reportedMessage: String {
        switch self {
        case .conflicts(let paths):
            WritingError.conflictsMessage(paths, remedy: "use --force to overwrite or --skip-existing to keep them")
        case .keptDifferentFiles(let paths, let written):
            WritingError.keptDifferentFilesMessage(
                paths, written: written,
                remedy:
                    "see what differs with --check; 'modgen update' changes a recorded module's options and keeps your edits"
            )
        case .unplacedRoot(let root, let paths):
            WritingError.unplacedRootMessage(
                root: root, paths: paths,
                remedy: "place it with --root \(root)=<dir> or the config's \"roots\": {\"\(root)\": \"<dir>\"}")
        default: message
        }
    }
}

extension XcodeTemplateError: ReportedError {
    var exitCode: ExitCode {
        switch self {
        case .missingInfo: .noInput
        // The bundle, or the team macros file, means something modgen cannot run.
        case .projectTemplate, .missingFolder, .defaultCycle, .macroCycle, .unsafeName, .samePath: .dataError
        // What the bundle or the team macros ask of the macros is more than a run may do.
        case .defaultsTooDeep, .macrosTooDeep, .expansionTooLarge: .dataError
        }
    }
}

extension CombinationLimitError: ReportedError {
    /// The template's options or rules are more than a snapshot can walk.
    var exitCode: ExitCode { .dataError }
}

extension DatePattern.PatternError: ReportedError {
    var exitCode: ExitCode { .dataError }
}

/// A version of a project file the merge driver cannot read is bad data (its file then holds git's line merge).
extension ProjectMergeError: ReportedError {
    var exitCode: ExitCode { .dataError }
}

/// A project that is not there is missing input, one in a format modgen does not edit is bad data, a target name is
/// a usage mistake, and a file the project cannot take as Xcode would add it (outside the project's folder, no group
/// or build phase for it, an entry sharing a line) is the project's content refusing the edit: bad data, not I/O.
extension XcodeProjectError: ReportedError {
    var exitCode: ExitCode {
        switch self {
        case .notAProject: .noInput
        case .unsupportedFormat: .dataError
        case .unknownTarget, .targetNotChosen, .ambiguousTarget, .notATestBundle: .usage
        case .refused: .dataError
        }
    }
}

/// A run asked to record a module where no project folder is known (as `update`'s own refusal), or outside it: the
/// command line's folders are at fault; a module to adopt without files is missing input.
extension ModuleRunError: ReportedError {
    var exitCode: ExitCode {
        switch self {
        case .noRecordsFolder, .outsideProject: .usage
        case .nothingToAdopt: .noInput
        case .editedFiles, .alreadyRecorded: .differences
        }
    }
}

extension ModuleRelocationError: ReportedError {
    var exitCode: ExitCode {
        switch self {
        // As a conflicting file in `new`: nothing was written over it.
        case .destinationTaken: .differences
        case .caseOnlyMove, .unknownRoot: .usage
        case .nothingToMove: .noInput
        case .unpairedFiles: .dataError
        }
    }
}
