import ModGenCore

/// Why writing a module's files was refused or failed.
///
/// The case says where the problem lies (the command maps it to an exit code), and is the same whether the run
/// writes, lists (a dry run) or compares (a check): a dry run or a check answers "would it work?" with the error the
/// real run would give. Every error but `.writeFailed` comes before anything is written.
/// - the rendered file list itself is wrong (a path that leaves the output directory, a path rendered twice): it
///   comes from a bad manifest or template;
/// - the disk is in a state modgen will not write into (a symbolic link leading out of the output directory,
///   a directory where a file should go, an unreadable file) or an operation failed. A symbolic link is part of
///   the disk, not of the manifest, so its escapes count here too, also in a dry run or a check, which refuse it as
///   the real run would;
/// - files exist with other contents and no policy says what to do with them, or a check finds files that
///   differ or are missing.
public enum WritingError: ModGenError, Equatable {
    /// A rendered path is not a plain relative path inside the output directory.
    case unsafePath(path: String, reason: String)
    /// Two rendered files have the same path.
    case duplicatePath(path: String)
    /// One rendered path is needed both as a file and as a directory holding other rendered files.
    case fileAndDirectory(path: String)
    /// An existing symbolic link on the way to a target points outside the output directory.
    case symbolicLinkEscape(path: String, link: String, destination: String)
    /// Two rendered paths reach the same file on disk: through a symbolic link, or from two roots in one folder.
    case sameTarget(path: String, otherPath: String)
    /// Two files of one run whose paths differ only in letter case: one file on a case-insensitive file system
    /// (macOS's default), so refused on every platform.
    case pathsDifferOnlyInCase(path: String, otherPath: String)
    /// Something on disk is in the way: a directory where a file belongs, a file where a directory belongs,
    /// a dangling symbolic link.
    case unusableTarget(path: String, reason: String)
    /// The system failed an operation on a target or a folder on its way, before anything was written: it could
    /// not be read, looked at, created or locked (`reason` is the system's error), or the current folder is gone.
    case inaccessible(path: String, reason: String)
    /// Files exist with other contents and the policy is `.refuse`; nothing was written.
    case conflicts(paths: [String])
    /// Files exist with other contents and the policy is `.skip`: they were kept, so the module may not be
    /// consistent (a new file may need what a kept one lacks). `written`: whether the other files were written (a
    /// dry run only tells).
    case keptDifferentFiles(paths: [String], written: Bool)
    /// `--check` found files that differ, in order; `missing` of them do not exist, `stale` of them are on disk
    /// but no longer generated (a snapshot folder's leftovers).
    case differencesFound(paths: [String], missing: Int = 0, stale: Int = 0)
    /// An operation failed while writing; everything this run did was undone (or `rollbackProblem` says what
    /// could not be).
    case writeFailed(path: String, reason: String, rollbackProblem: String?)
    /// Another run held the output folder for longer than this run waited; nothing was written.
    case locked(directory: String, waitedSeconds: Int)
    /// Files go to a named output root (a manifest file's `"root"`) that nobody placed; nothing was written.
    case unplacedRoot(root: String, paths: [String])
    /// SIGINT, SIGTERM or SIGHUP arrived while writing; everything this run did was undone (or `rollbackProblem`
    /// says what could not be).
    case interrupted(signal: Int32, rollbackProblem: String?)

    public var message: String {
        switch self {
        case .unsafePath(let path, let reason):
            return "rendered path '\(Self.printable(path))' is not allowed: \(reason)"
        case .duplicatePath(let path):
            return "two files render to the same path '\(path)'"
        case .fileAndDirectory(let path):
            return "'\(path)' is rendered as a file but other rendered files need it as a directory"
        case .symbolicLinkEscape(let path, let link, let destination):
            return "refusing '\(path)': '\(link)' is a symbolic link to '\(destination)', "
                + "outside the output directory; nothing was written"
        case .sameTarget(let path, let otherPath):
            return "'\(path)' and '\(otherPath)' are the same file on disk (through a symbolic link, or two roots "
                + "placed in one folder)"
        case .pathsDifferOnlyInCase(let path, let otherPath):
            return "'\(Self.printable(path))' and '\(Self.printable(otherPath))' differ only in letter case: they "
                + "would be one file on a case-insensitive file system (macOS's default); nothing was written"
        case .unusableTarget(let path, let reason), .inaccessible(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .conflicts(let paths):
            return Self.conflictsMessage(paths, remedy: nil)
        case .keptDifferentFiles(let paths, let written):
            return Self.keptDifferentFilesMessage(paths, written: written, remedy: nil)
        case .differencesFound(let paths, let missing, let stale):
            let one = paths.count == 1
            // The message says what the check found, "or are missing" only when some are.
            var ways: [String] = []
            if paths.count > stale {
                ways.append(one ? "differs from what would be generated" : "differ from what would be generated")
            }
            if missing > 0 { ways.append(one ? "is missing" : "are missing") }
            if stale > 0 { ways.append(one ? "is no longer generated" : "are no longer generated") }
            let joined =
                ways.count == 1 ? ways[0] : ways.dropLast().joined(separator: ", ") + " or " + (ways.last ?? "")
            return "\(one ? "1 file" : "\(paths.count) files") \(joined): " + Self.list(paths)
        case .writeFailed(let path, let reason, let rollbackProblem):
            let undone =
                rollbackProblem.map { "; roll-back incomplete: \($0)" } ?? "; nothing was changed"
            return "cannot write '\(path)': \(reason)\(undone)"
        case .locked(let directory, let seconds):
            return "another modgen run has been writing into '\(directory)' for \(seconds) s; nothing was written "
                + "(try again when it has finished)"
        case .unplacedRoot(let root, let paths):
            return Self.unplacedRootMessage(root: root, paths: paths, remedy: nil)
        case .interrupted(let signal, let rollbackProblem):
            let undone =
                rollbackProblem.map { "; roll-back incomplete: \($0)" } ?? "; nothing was changed"
            return "interrupted by \(Self.signalName(signal))\(undone)"
        }
    }

    /// `.conflicts`' message, with `remedy` (how to resolve them, in the words of the caller's interface) in
    /// parentheses before the list of paths.
    public static func conflictsMessage(_ paths: [String], remedy: String?) -> String {
        let files = paths.count == 1 ? "1 file exists" : "\(paths.count) files exist"
        return "\(files) with different contents, nothing was written"
            + (remedy.map { " (\($0))" } ?? "") + ": " + list(paths)
    }

    /// `.keptDifferentFiles`' message, the one place it is worded, with `remedy` (how to bring the files in line,
    /// in the words of the caller's interface) before the list of paths.
    public static func keptDifferentFilesMessage(_ paths: [String], written: Bool, remedy: String?) -> String {
        let files = paths.count == 1 ? "1 existing file differs" : "\(paths.count) existing files differ"
        let outcome = !written ? "would be kept" : paths.count == 1 ? "was kept" : "were kept"
        return "\(files) from what these options generate and \(outcome), so the module may not be consistent "
            + "(it may not compile)" + (remedy.map { "; \($0)" } ?? "") + ": " + list(paths)
    }

    /// `.unplacedRoot`'s message, with `remedy` (how to place the root, in the words of the caller's interface).
    public static func unplacedRootMessage(root: String, paths: [String], remedy: String?) -> String {
        let files = paths.count == 1 ? "1 file goes" : "\(paths.count) files go"
        return "\(files) to output root '\(root)', which is not placed, nothing was written"
            + (remedy.map { " (\($0))" } ?? "") + ": " + list(paths)
    }

    /// How many paths a message lists; the commands print every path on standard output before the error
    /// (`conflict <path>` lines, diff headers), so the one-line message stays short.
    static let listedPathCount = 5

    /// The first paths, then how many more there are, as every message that lists paths shows them.
    public static func listed(_ paths: [String]) -> String { list(paths) }

    /// The first paths, then how many more there are: `a, b, c, d, e … and 3 more`.
    private static func list(_ paths: [String]) -> String {
        let shown = paths.prefix(listedPathCount).joined(separator: ", ")
        return paths.count > listedPathCount ? "\(shown) … and \(paths.count - listedPathCount) more" : shown
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 15: "SIGTERM"
        default: "signal \(signal)"
        }
    }

    /// A rejected path may hold control characters; show them escaped so the message stays on one line.
    private static func printable(_ path: String) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
