import ModGenCore

/// The template files of a bundle: every file below it (relative paths, sorted), minus what is not a template file:
/// `TemplateInfo.plist` and the icons beside it, and Finder's `.DS_Store`.
public struct XcodeBundleFiles: Equatable, Sendable {
    public var paths: [String]

    public init(allPaths: [String]) {
        paths = allPaths.filter { path in
            // The name after the last slash, found in the bytes: splitting `Character`s costs a grapheme check each.
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
                return path != ".DS_Store" && path != "TemplateInfo.plist" && !path.hasPrefix("TemplateIcon")
            }
            return path.utf8[path.utf8.index(after: slash)...].elementsEqual(".DS_Store".utf8) == false
        }
    }

    /// The folders directly in the bundle that hold template files, sorted.
    public var folders: [String] {
        Array(Set(paths.compactMap { path in path.firstIndex(of: "/").map { String(path[..<$0]) } })).sorted()
    }

    /// The folder of the bundle that option values spelling `name` select: the folder of that name, else the one
    /// folder whose name differs from it only in letter case, as on the Mac's case-insensitive disks where Xcode
    /// runs; nil when there is none, or several. `new` (`selection`) and `describe` (`folderConditions`) both ask
    /// this, so they agree on which files a combination writes.
    public func folder(selectedBy name: String) -> String? {
        let existing = folders
        if existing.contains(name) { return name }
        let matches = existing.filter { $0.lowercased() == name.lowercased() }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The files that make the template for a run (SPEC §4), each with the path it has below that template: all of
    /// them when `folder` is `nil`, else those in the folder it selects (`folder(selectedBy:)`).
    public func selection(folder: String?, bundle: String) throws(XcodeTemplateError) -> [(
        file: String, relative: String
    )] {
        guard let folder else { return paths.map { ($0, $0) } }
        guard let chosen = self.folder(selectedBy: folder) else {
            throw .missingFolder(bundle: bundle, folder: folder, existing: folders)
        }
        let prefix = chosen + "/"
        return paths.filter { $0.hasPrefix(prefix) }.map { ($0, String($0.dropFirst(prefix.count))) }
    }
}
