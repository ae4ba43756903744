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
///
/// A folder walked once (`FileWalker.walkedFolder(_:)`, as an Xcode bundle is when it is read) knows the real path
/// of every file the walk listed, found with one `lstat` per entry and one `realpath` per link: reading those files
/// resolves nothing again (`realpath` costs a `readlink` per component of the path). Any other path is resolved
/// as for a folder that was not walked.
public struct ContainmentFolder: Sendable, Equatable {
    /// The template's folder, as messages name it.
    public let path: String
    /// What a walk of the folder found; `nil` when it was not walked.
    private var index: Index?

    private struct Index: Sendable, Equatable {
        /// The folder's real path.
        var realFolder: String
        /// The real path of each listed file (inside the folder), by its path relative to the folder.
        var realPaths: [String: String]
        /// The walk's list: relative paths, sorted.
        var listedFiles: [String]
    }

    public init(_ path: String) {
        self.path = path
    }

    /// This folder with what a walk of it found.
    func indexed(realFolder: String, realPaths: [String: String], listedFiles: [String]) -> ContainmentFolder {
        var folder = self
        folder.index = Index(realFolder: realFolder, realPaths: realPaths, listedFiles: listedFiles)
        return folder
    }

    /// The files below the folder, relative and sorted, as the walk listed them (`FileWalker.walkedFolder(_:)`);
    /// `nil` for a folder that was not walked.
    public var listedFiles: [String]? { index?.listedFiles }

    /// The real path of `location` (every symbolic link resolved), when that is inside the folder. Errors name
    /// `location` as `shownAs`: one that cannot be resolved says why (no such file, a link to nothing, a loop of
    /// links), one that leads outside says where it leads.
    public func realPath(of location: String, shownAs shown: String) throws(FileReadError) -> String {
        if let index, let relative = relativePath(of: location), let real = index.realPaths[relative] { return real }
        guard let real = Self.resolve(location) else {
            throw FileReadError(path: shown, reason: TextFile.openFailureReason(location, errno))
        }
        guard try contains(realPath: real) else { throw leadsOutside(shown, to: real) }
        return real
    }

    /// `location` relative to the folder when it is written as a path below it, byte for byte.
    private func relativePath(of location: String) -> String? {
        // Compared as contiguous bytes: the generic `starts(with:)` of two UTF-8 views costs tens of instructions a
        // byte, for every file a bundle reads.
        var folder = path
        var full = location
        return folder.withUTF8 { folder in
            full.withUTF8 { full in
                guard full.count > folder.count + 1, full[folder.count] == UInt8(ascii: "/"),
                    folder.elementsEqual(UnsafeBufferPointer(rebasing: full[..<folder.count]))
                else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: full[(folder.count + 1)...]), as: UTF8.self)
            }
        }
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
        guard let folder = index?.realFolder ?? Self.resolve(path) else {
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
