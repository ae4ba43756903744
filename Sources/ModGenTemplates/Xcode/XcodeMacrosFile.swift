import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A team's `IDETemplateMacros.plist`: macros (a `FILEHEADER` above all) that replace or add to Xcode's own.
enum XcodeMacrosFile {
    static let fileName = "IDETemplateMacros.plist"

    /// The file for a run writing into `outputDirectory` (SPEC §3): walking up from the output folder, the first
    /// `<name>.xcodeproj/xcshareddata/IDETemplateMacros.plist`, then `<name>.xcworkspace/…`, where `<name>` is the
    /// project's name (the header field `project`, Xcode's `PROJECTNAME`) or else the folder's own name (Xcode's
    /// default layout, `App/App.xcodeproj`); without one, `configured`. Never one in the home folder: output must
    /// not depend on the machine.
    ///
    /// Only these names are looked at, never a folder's listing: the output folder fills up with modules, and
    /// listing every folder up to `/` on each run made the n-th module into one folder cost O(n).
    static func locate(outputDirectory: String?, project: String, configured: String?) -> String? {
        if let outputDirectory {
            var folder = URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
            while true {
                let folderName = folder.split(separator: "/").last.map(String.init)
                if let found = candidate(in: folder, names: [project, folderName ?? ""]) { return found }
                guard let parentEnd = folder.lastIndex(of: "/"), folder != "/" else { break }
                folder = parentEnd == folder.startIndex ? "/" : String(folder[..<parentEnd])
            }
        }
        return configured
    }

    private static func candidate(in folder: String, names: [String]) -> String? {
        let prefix = folder == "/" ? "" : folder
        for suffix in [".xcodeproj", ".xcworkspace"] {
            var tried: Set<String> = []
            // A name with a slash would step into another folder; an empty one names nothing.
            for name in names where !name.isEmpty && !name.contains("/") && tried.insert(name).inserted {
                let path = "\(prefix)/\(name)\(suffix)/xcshareddata/\(fileName)"
                if FileStatus.isDirectory(atPath: path) == false { return path }
            }
        }
        return nil
    }

    /// Refuses a file `locate` found by walking up when it is not the user's alone (`FoundFileTrust`): its
    /// `FILEHEADER` would fill every generated file. The file the config names (`configured`) is trusted.
    static func checkTrusted(_ path: String, configured: String?) throws(UntrustedFileError) {
        guard let problem = FoundFileTrust.problem(atPath: path) else { return }
        if let configured, ContainmentFolder.resolve(configured) == ContainmentFolder.resolve(path) { return }
        throw UntrustedFileError(
            path: path, problem: problem,
            remedy: "to use it anyway, name it in the config's \"xcodeMacros\"")
    }

    /// The macros of the file at `path`: a dictionary whose values are strings (numbers and booleans read as
    /// their text); anything else is an error naming the file and line.
    static func read(atPath path: String) throws -> [String: String] {
        let root = try PropertyList.read(atPath: path)
        guard let entries = root.entries else {
            throw DataFileError(
                fileName: path, position: root.position,
                reason: "expected a dictionary of macros, found \(root.kindName)")
        }
        var macros: [String: String] = [:]
        for entry in entries {
            guard let text = entry.value.scalarText else {
                throw DataFileError(
                    fileName: path, position: entry.value.position,
                    reason: "macro '\(entry.key)' must be a string, found \(entry.value.kindName)")
            }
            macros[entry.key] = text
        }
        return macros
    }
}
