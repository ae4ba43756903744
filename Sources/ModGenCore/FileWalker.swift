#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists files below a folder. The one place modgen walks a directory tree.
public enum FileWalker {
    /// The regular files below `root` as `/`-separated paths relative to it, sorted; empty when `root` does not
    /// exist. Symbolic links are listed, not followed. Hidden files are listed too.
    public static func relativeFilePaths(under root: URL) -> [String] {
        var paths: [String] = []
        walk(root.standardizedFileURL.path, prefix: "", into: &paths)
        return paths.sorted()
    }

    /// Appends the files of `directory` (and of its subfolders, not through links) as `prefix` + name.
    private static func walk(_ directory: String, prefix: String, into paths: inout [String]) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG, S_IFLNK: paths.append(prefix + name)
            case S_IFDIR: walk(path, prefix: prefix + name + "/", into: &paths)
            default: break
            }
        }
    }
}
