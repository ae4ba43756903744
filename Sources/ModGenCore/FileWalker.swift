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
    /// The most files a template's folder may hold: far above any template (Xcode's own bundles hold a dozen), far
    /// below what would take long to list; links to folders inside it make the count grow fastest.
    public static let maximumTemplateFiles = 10_000
    /// The deepest a template's files may lie below its folder: far below any template (Xcode's go three or four
    /// folders deep), and a bundle thousands of folders deep would otherwise take seconds of ever longer paths
    /// before the system's path limit stopped it.
    public static let maximumTemplateDepth = 64

    /// The regular files below `root` as `/`-separated paths relative to it, sorted; empty when `root` does not
    /// exist. Symbolic links are listed, not followed. Hidden files are listed too. A folder or file that cannot be
    /// examined (a path longer than the system allows, a folder that cannot be listed) is an error naming it.
    public static func relativeFilePaths(under root: URL) throws(FileReadError) -> [String] {
        var walk = Walk(box: nil)
        try walk.walk(root.standardizedFileURL.path, prefix: "")
        return walk.paths.sorted()
    }

    /// The files below `root` that a template may read, as `relativeFilePaths(under:)` lists them, for a `root`
    /// inside the template's folder `box`: a symbolic link is followed when its real path is inside `box` (a link to
    /// a folder lists that folder's files under the link's name), and refused when it leads outside, or to a folder
    /// that holds it (a loop). A link to nothing is listed: reading it says what is wrong.
    public static func relativeFilePaths(under root: URL, inside box: ContainmentFolder) throws(FileReadError)
        -> [String]
    {
        try walk(root, inside: box).paths.sorted()
    }

    /// The template folder `root` walked once, as `relativeFilePaths(under:inside:)` walks it: the files it lists
    /// (`ContainmentFolder.listedFiles`), and a containment folder that knows each one's real path, so reading them
    /// resolves no path again (`ContainmentFolder.realPath(of:shownAs:)`).
    public static func walkedFolder(_ root: URL) throws(FileReadError) -> ContainmentFolder {
        let box = ContainmentFolder(root.path)
        let walk = try walk(root, inside: box)
        return box.indexed(realFolder: walk.folders[0], realPaths: walk.realPaths, listedFiles: walk.paths.sorted())
    }

    private static func walk(_ root: URL, inside box: ContainmentFolder) throws(FileReadError) -> Walk {
        var walk = Walk(box: box)
        let start = root.standardizedFileURL.path
        let real = try box.realPath(of: start, shownAs: start)
        walk.folders = [real]
        try walk.walk(start, prefix: "", real: real)
        return walk
    }

    private struct Walk {
        let box: ContainmentFolder?
        var paths: [String] = []
        /// The real paths of the folders being walked, outermost first: a link to one of them is a loop.
        var folders: [String] = []
        /// With a `box`, the real path of each listed file that has one (not a link to nothing), by listed path.
        var realPaths: [String: String] = [:]

        /// Appends the files of `directory` (and of its subfolders) as `prefix` + name. With a `box`, `real` is the
        /// real path of `directory`: a folder or file found in it without a link is `real` + name, and only the
        /// links are resolved, once each.
        mutating func walk(_ directory: String, prefix: String, real: String? = nil) throws(FileReadError) {
            guard let stream = opendir(directory) else {
                // A folder gone since it was seen (or a root that does not exist) holds nothing.
                if errno == ENOENT { return }
                throw FileReadError(path: directory, reason: TextFile.systemErrorDescription(errno))
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else {
                    if errno == ENOENT { continue }
                    throw FileReadError(path: path, reason: TextFile.systemErrorDescription(errno))
                }
                let realChild = real.map { $0 == "/" ? "/" + name : $0 + "/" + name }
                switch status.st_mode & S_IFMT {
                case S_IFREG: try append(prefix + name, real: realChild)
                case S_IFDIR: try walkFolder(path, prefix: prefix + name + "/", real: realChild)
                case S_IFLNK:
                    if let box {
                        try followLink(path, prefix: prefix + name, box: box)
                    } else {
                        paths.append(prefix + name)
                    }
                default: break
                }
            }
        }

        private mutating func walkFolder(_ path: String, prefix: String, real: String?) throws(FileReadError) {
            guard let box else { return try walk(path, prefix: prefix) }
            try checkDepth(prefix, box: box)
            guard let real = real ?? ContainmentFolder.resolve(path) else {
                throw FileReadError(path: path, reason: TextFile.openFailureReason(path, errno))
            }
            folders.append(real)
            defer { folders.removeLast() }
            try walk(path, prefix: prefix, real: real)
        }

        private mutating func followLink(_ path: String, prefix: String, box: ContainmentFolder) throws(FileReadError) {
            guard let real = ContainmentFolder.resolve(path) else {
                // A link to nothing, or a loop of links: listed, and reading it says which.
                return try append(prefix)
            }
            guard try box.contains(realPath: real) else { throw box.leadsOutside(path, to: real) }
            guard FileStatus.isDirectory(atPath: real) == true else { return try append(prefix, real: real) }
            if folders.contains(real) {
                throw .refused(path: path, reason: "is a symbolic link to '\(real)', a folder that holds it (a loop)")
            }
            try checkDepth(prefix + "/", box: box)
            folders.append(real)
            defer { folders.removeLast() }
            try walk(path, prefix: prefix + "/", real: real)
        }

        /// Refuses a folder (`prefix`: its path below the root, ending in `/`) deeper than a template may go.
        private func checkDepth(_ prefix: String, box: ContainmentFolder) throws(FileReadError) {
            var depth = 0
            for character in prefix.utf8 where character == UInt8(ascii: "/") { depth += 1 }
            if depth > FileWalker.maximumTemplateDepth {
                throw .refused(
                    path: box.path,
                    reason: "holds folders more than \(FileWalker.maximumTemplateDepth) deep, the limit for a template")
            }
        }

        private mutating func append(_ path: String, real: String? = nil) throws(FileReadError) {
            if let box, paths.count >= FileWalker.maximumTemplateFiles {
                throw .refused(
                    path: box.path,
                    reason: "holds more than \(FileWalker.maximumTemplateFiles) files, the limit for a template")
            }
            paths.append(path)
            if box != nil, let real { realPaths[path] = real }
        }
    }
}
