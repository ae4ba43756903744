#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, following symbolic links as `FileManager.fileExists(atPath:isDirectory:)` does.
package enum FileStatus {
    /// `true` for a directory, `false` for anything else that exists, `nil` when nothing (reachable) is there.
    package static func isDirectory(atPath path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything is at `path`, not following a symbolic link there: a link to nothing, or one of a loop,
    /// counts, so that reading it says what is wrong where skipping it would leave the user guessing.
    package static func entryExists(atPath path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The size of the regular file at `path`, not following a symbolic link there; `nil` for anything else.
    package static func regularFileSize(atPath path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
