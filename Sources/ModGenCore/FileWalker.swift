import Foundation

/// Lists files below a folder. The one place modgen walks a directory tree.
public enum FileWalker {
    /// The regular files below `root` as `/`-separated paths relative to it, sorted; empty when `root` does not
    /// exist. Symbolic links are listed, not followed.
    public static func relativeFilePaths(under root: URL) -> [String] {
        let rootPath = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: rootPath) else { return [] }
        var paths: [String] = []
        while let relative = walker.nextObject() as? String {
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeRegular || type == .typeSymbolicLink { paths.append(relative) }
        }
        return paths.sorted()
    }
}
