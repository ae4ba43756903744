import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A team's `IDETemplateMacros.plist`: macros (a `FILEHEADER` above all) that replace or add to Xcode's own.
enum XcodeMacrosFile {
    static let fileName = "IDETemplateMacros.plist"

    /// The file for a run writing into `outputDirectory` (SPEC §3): in the nearest folder, walking up from the
    /// output folder, that holds an `.xcodeproj` or `.xcworkspace` with `xcshareddata/IDETemplateMacros.plist`
    /// (projects before workspaces), else `configured`. Never one in the home folder: output must not depend on
    /// the machine.
    static func locate(outputDirectory: String?, configured: String?) -> String? {
        if let outputDirectory {
            let start = URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
            var folders = start.split(separator: "/").map(String.init)
            while true {
                let folder = "/" + folders.joined(separator: "/")
                if let found = candidate(in: folder) { return found }
                if folders.isEmpty { break }
                folders.removeLast()
            }
        }
        return configured
    }

    private static func candidate(in folder: String) -> String? {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for suffix in [".xcodeproj", ".xcworkspace"] {
            for entry in entries where entry.hasSuffix(suffix) {
                let path = (folder == "/" ? "" : folder) + "/\(entry)/xcshareddata/\(fileName)"
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
