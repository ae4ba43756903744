import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The folder a run's relative paths are taken from: every path typed on the command line (`--output`,
/// `--config`, `--templates`, `render`'s files) is resolved against it before it reaches the library, and paths
/// the user did not type are shown relative to it. The process's current folder, read once at start-up
/// (`CommandIO.standard`); tests give each in-process run its own, so runs in parallel threads never share one.
struct WorkingDirectory: Sendable, Equatable {
    /// Absolute; `nil` when the folder modgen was started in no longer exists (deleted while a shell sat in it).
    /// Relative paths are then an error rather than paths under `/`, where Foundation would resolve them.
    let path: String?

    /// `path` must be absolute, or `nil` for a folder that no longer exists.
    init(path: String?) {
        precondition(path?.hasPrefix("/") ?? true, "a working directory is absolute")
        self.path = path
    }

    /// The process's current folder. `getcwd` fails for a folder that was deleted, and Foundation then gives a
    /// path that is not absolute.
    static func ofProcess() -> WorkingDirectory {
        let current = FileManager.default.currentDirectoryPath
        return WorkingDirectory(path: current.hasPrefix("/") ? current : nil)
    }

    var url: URL? {
        path.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// What the library takes as its current directory: a path that is not absolute (empty) stands for a
    /// folder that no longer exists, and the library refuses relative paths against it.
    var libraryPath: String { path ?? "" }

    /// A path typed on the command line as a URL: absolute as typed, else relative to this folder, as the process
    /// would have resolved it in this folder (the URL keeps `path` as typed in `relativePath`).
    func url(forPath path: String) throws(FileReadError) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        guard let base = url else {
            throw FileReadError(path: path, reason: "it is relative, and the current folder no longer exists")
        }
        return URL(fileURLWithPath: path, relativeTo: base)
    }

    /// A path typed on the command line, made absolute; for library calls that take a path to open.
    func absolutePath(_ path: String) throws(FileReadError) -> String {
        try url(forPath: path).path
    }

    /// A path the user did not type (the config's output folder, a template folder) as messages show it: relative
    /// to this folder (`Sources/Modules`, `../../Sources/Modules`), so output lines read like the ones for
    /// `--output` and stay short from a subfolder of the project; absolute when only `/` is shared, or when this
    /// folder no longer exists.
    func shown(_ url: URL) -> String {
        guard let base = self.url else { return url.standardizedFileURL.path }
        let target = url.standardizedFileURL.pathComponents
        let current = base.standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(target.count, current.count), target[shared] == current[shared] { shared += 1 }
        // Sharing nothing but `/`, a climb to the root says less than the absolute path.
        if shared <= 1, current.count > 1 { return url.standardizedFileURL.path }
        let parts = Array(repeating: "..", count: current.count - shared) + target[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
