#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hidden names modgen gives files beside a target while it writes: a new file before it is renamed into place
/// (`.modgen-<pid>-<random>.tmp`), and an overwritten file's second name until the run completes
/// (`.<name>.modgen-<pid>-<random>.old`).
///
/// Both carry the writing process's id, so a later run can tell a temporary file whose run is gone (killed by
/// SIGKILL, a crash, a power cut) from one a running process is still writing. Only temporary files are ever
/// removed that way: an old file's second name may hold the only copy of a file a killed run had overwritten.
enum TemporaryName {
    enum Kind {
        case newContents
        case previousContents
    }

    /// How every temporary file's name starts.
    static let prefix = ".modgen-"

    /// A fresh name in `directory` (same directory, so renames stay on one file system). The random part makes a
    /// clash practically impossible; creation and linking refuse an existing name anyway.
    static func make(in directory: String, kind: Kind = .newContents, for target: String = "") -> String {
        let unique = "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
        switch kind {
        case .newContents:
            return TargetResolver<LiveFileSystem>.join(directory, "\(prefix)\(unique).tmp")
        case .previousContents:
            // The target's name (shortened to stay well within NAME_MAX) tells a person what the file holds.
            let name = String(String(target.split(separator: "/").last ?? "").unicodeScalars.prefix(100))
            return TargetResolver<LiveFileSystem>.join(directory, ".\(name)\(prefix)\(unique).old")
        }
    }

    /// True for a temporary file of modgen's whose process no longer runs. Names without a process id are from
    /// modgen 0.1, which could not clean up after a signal: they are abandoned too.
    static func isAbandoned(_ name: String) -> Bool {
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return UInt64(parts[0], radix: 16) != nil
        case 2:
            guard let process = Int32(parts[0]), process > 0, UInt64(parts[1], radix: 16) != nil else { return false }
            return process != getpid() && kill(process, 0) != 0 && errno == ESRCH
        default:
            return false
        }
    }
}
