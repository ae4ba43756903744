import ModGenKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Absolute; `nil` when the folder modgen was started in no longer exists (deleted while a shell sat in it),
    /// or its path is longer than the system can use. Relative paths are then an error rather than paths under
    /// `/`, where Foundation would resolve them.
    let path: String?
    /// Why there is no `path`, continuing "it is relative, and …".
    let unavailable: String
    /// `path`'s components, for `shown`: made once, where every displayed path of a run (several a file for
    /// `update --all`) used to make them again.
    private let components: [Substring]?

    static let deleted = "the current folder no longer exists"
    /// Every path modgen opens is absolute, and the system refuses any longer than `PATH_MAX`: in such a folder
    /// modgen says so once instead of failing on each file. Working relative to open folders (`openat`) would lift
    /// the limit, for every layer; no project has come near it.
    static let tooLong =
        "the current folder's path is longer than the system allows (\(PATH_MAX) bytes); run modgen from a folder "
        + "with a shorter path"

    /// `path` must be absolute, or `nil` for a folder that cannot be used (`unavailable` saying why).
    init(path: String?, unavailable: String = WorkingDirectory.deleted) {
        precondition(path?.hasPrefix("/") ?? true, "a working directory is absolute")
        self.path = path
        self.unavailable = unavailable
        components = path.map(Self.standardComponents)
    }

    /// The process's current folder. `getcwd` fails for a folder that was deleted (ENOENT), and for one whose path
    /// does not fit in `PATH_MAX` bytes (ERANGE, ENAMETOOLONG).
    static func ofProcess() -> WorkingDirectory {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else {
            let tooLong = errno == ERANGE || errno == ENAMETOOLONG
            return WorkingDirectory(path: nil, unavailable: tooLong ? Self.tooLong : Self.deleted)
        }
        let current = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
            throw FileReadError(path: path, reason: "it is relative, and \(unavailable)")
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
        let target = Self.standardComponents(url.path)
        let absolute = "/" + target.joined(separator: "/")
        guard let current = components else { return absolute }
        var shared = 0
        while shared < min(target.count, current.count), target[shared] == current[shared] { shared += 1 }
        // Sharing nothing but `/`, a climb to the root says less than the absolute path.
        if shared == 0, !current.isEmpty { return absolute }
        let parts = Array(repeating: "..", count: current.count - shared) + target[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The components of the absolute `path` with `.` and `..` resolved as text, as `URL.standardizedFileURL`
    /// does (no link is followed): `/a/./b/../c` is `a`, `c`.
    private static func standardComponents(_ path: String) -> [Substring] {
        var result: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(component)
            }
        }
        return result
    }
}
