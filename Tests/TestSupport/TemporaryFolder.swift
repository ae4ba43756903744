import Foundation

/// A fresh folder under the system's temporary folder for one test, with helpers to write and read files in it;
/// removed by `remove()`. The one temporary-folder helper of every test target.
public struct TemporaryFolder: Sendable {
    /// The folder's real location, as `realpath` gives it, which is how modgen resolves paths: comparisons with
    /// paths modgen resolved do not trip over a linked `/tmp` or `TMPDIR`. (Foundation's
    /// `resolvingSymlinksInPath()` is not used: on macOS it drops the `/private` that `realpath` keeps, so
    /// `/var/folders/…` would stay while modgen says `/private/var/folders/…`.)
    public let url: URL

    public init() throws {
        let made = FileManager.default.temporaryDirectory
            .appendingPathComponent("modgen-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        url = URL(fileURLWithPath: try Self.realPath(made.path), isDirectory: true)
    }

    /// `path` with every symbolic link resolved by the C library's `realpath`; `path` must exist.
    public static func realPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { throw CocoaError(.fileNoSuchFile) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public var path: String { url.path }
    /// The last component, and the folder holding it: to use the folder as a relative output path.
    public var name: String { url.lastPathComponent }
    public var parent: String { url.deletingLastPathComponent().path }

    public func url(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    public func path(_ relativePath: String) -> String {
        url(relativePath).path
    }

    /// Writes `contents` at `relativePath`, creating folders on the way.
    public func write(_ relativePath: String, _ contents: String) throws {
        let file = url(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
    }

    /// The UTF-8 text of a file, or `nil` when there is none.
    public func read(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: path(relativePath)).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relativePath))
    }

    /// Every file and folder below the root, relative and sorted: to check that nothing else appeared.
    public func listing() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }

    public func permissions(_ relativePath: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path(relativePath))
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    public func modificationDate(_ relativePath: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path(relativePath))[.modificationDate] as? Date
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
