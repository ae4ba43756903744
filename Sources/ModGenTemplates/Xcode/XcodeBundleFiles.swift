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

    /// The files that make the template for a run (SPEC §4), each with the path it has below that template: all of
    /// them when `folder` is `nil`, else those in `folder`. A folder the bundle lacks is found in another letter
    /// case when exactly one matches, as on the Mac's case-insensitive disks where Xcode runs.
    public func selection(folder: String?, bundle: String) throws(XcodeTemplateError) -> [(
        file: String, relative: String
    )] {
        guard let folder else { return paths.map { ($0, $0) } }
        let existing = folders
        let matches = existing.contains(folder) ? [folder] : existing.filter { $0.lowercased() == folder.lowercased() }
        guard matches.count == 1, let chosen = matches.first else {
            throw .missingFolder(bundle: bundle, folder: folder, existing: existing)
        }
        let prefix = chosen + "/"
        return paths.filter { $0.hasPrefix(prefix) }.map { ($0, String($0.dropFirst(prefix.count))) }
    }
}
