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

    /// The path of the nearest entry named `name` (`entryExists`) in the absolute folder `folder` or one of the
    /// folders above it, up to `/`; `nil` when there is none, or when `folder` is relative: that means the working
    /// folder could not be found (it was deleted), and climbing `..` from there never ends. The folders are cut at
    /// their last slash as bytes, one `lstat` each: no `URL` per level (appending to a file URL asks the file
    /// system whether the result is a folder, a second `stat`), no `Character`s split and joined.
    package static func nearestEntry(named name: String, inOrAbove folder: String) -> String? {
        guard folder.hasPrefix("/") else { return nil }
        var folder = Array(folder.utf8)
        while true {
            while folder.last == UInt8(ascii: "/") { folder.removeLast() }
            let candidate = String(decoding: folder, as: UTF8.self) + "/" + name
            if entryExists(atPath: candidate) { return candidate }
            guard let slash = folder.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            folder.removeSubrange(slash...)
        }
    }

    /// The size of the regular file at `path`, not following a symbolic link there; `nil` for anything else.
    package static func regularFileSize(atPath path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
