#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a file system tells two names apart when they differ only in letter case.
///
/// macOS's APFS is case-insensitive and case-preserving by default: `Home.swift` and `HOME.swift` are one file
/// there, two on Linux. Wherever the writer asks "is this the same file" or "is this inside the output folder",
/// the answer comes from the file system (device and inode, or both sides resolved by `realpath`), and where
/// spellings must still be compared (a path against a resolved folder), they are compared under the folder's
/// rule, never byte for byte alone.
enum CaseRule: Equatable, Sendable {
    case sensitive
    case insensitive

    /// The rule of the file system that holds `existingPath`. Darwin answers per volume (`pathconf` with
    /// `_PC_CASE_SENSITIVE`; a volume that cannot say is taken as APFS's default, insensitive). Linux is taken as
    /// sensitive: its case-folding folders (ext4's and f2fs's `casefold`, `chattr +F`) are not asked about.
    static func ofFileSystem(holding existingPath: String) -> CaseRule {
        #if canImport(Darwin)
            return pathconf(existingPath, _PC_CASE_SENSITIVE) == 1 ? .sensitive : .insensitive
        #else
            return .sensitive
        #endif
    }

    /// The spelling two names share when this rule makes them one (Unicode lowercase; Swift's `String` equality
    /// already treats composed and decomposed accents alike, as APFS does).
    func key(_ path: String) -> String {
        self == .sensitive ? path : path.lowercased()
    }

    func same(_ path: String, _ other: String) -> Bool {
        key(path) == key(other)
    }

    /// Whether `path` is `folder` or inside it; both absolute and free of `.`, `..` and doubled slashes.
    func isInside(_ path: String, folder: String) -> Bool {
        if folder == "/" { return true }
        let path = key(path)
        let folder = key(folder)
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// Whether two paths name one file on a case-insensitive file system (such as macOS's) although their
    /// spellings differ: a run that writes both would overwrite one with the other there, so it is refused on
    /// every platform, and a Linux CI refuses what a Mac would get wrong.
    static func differOnlyInCase(_ path: String, _ other: String) -> Bool {
        path != other && CaseRule.insensitive.same(path, other)
    }
}
