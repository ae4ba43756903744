#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder whose files are read only when they really are inside it: a template is a closed box.
///
/// A path below a template's folder can still lead out of it through a symbolic link (`Secret.swift ->
/// /etc/passwd`, `partials -> ~/.ssh`), and a template someone else wrote must not copy the user's files into what
/// it generates. So every link on the way is resolved, and a file whose real path is not below the folder's real
/// path is refused. Links that stay inside keep working, and the folder itself may be reached through a link.
public struct ContainmentFolder: Sendable, Equatable {
    /// The template's folder, as messages name it.
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    /// The real path of `location` (every symbolic link resolved), when that is inside the folder. Errors name
    /// `location` as `shownAs`: one that cannot be resolved says why (no such file, a link to nothing, a loop of
    /// links), one that leads outside says where it leads.
    public func realPath(of location: String, shownAs shown: String) throws(FileReadError) -> String {
        guard let real = Self.resolve(location) else {
            throw FileReadError(path: shown, reason: TextFile.openFailureReason(location, errno))
        }
        guard try contains(realPath: real) else { throw leadsOutside(shown, to: real) }
        return real
    }

    /// The error for `shown`, whose real path `real` is outside the folder.
    func leadsOutside(_ shown: String, to real: String) -> FileReadError {
        .refused(
            path: shown,
            reason: "leads outside the template folder '\(path)' (to '\(real)'): a template reads only files inside "
                + "its own folder")
    }

    /// Whether an already resolved path is the folder or below it.
    func contains(realPath real: String) throws(FileReadError) -> Bool {
        guard let folder = Self.resolve(path) else {
            throw FileReadError(path: path, reason: TextFile.openFailureReason(path, errno))
        }
        return real == folder || real.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// `realpath`: the absolute path with every `.`, `..` and symbolic link resolved; `nil` (with `errno` set)
    /// when some part of it does not exist or cannot be searched.
    package static func resolve(_ location: String) -> String? {
        guard let resolved = realpath(location, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
