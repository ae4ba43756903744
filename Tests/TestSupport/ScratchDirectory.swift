import Foundation

// Helpers shared by the library's test targets.

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct ScratchDirectory {
    public let path: String

    public init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("modgen-writing-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // The real path, so comparisons with resolved targets do not trip over a symbolic-linked /tmp.
        guard let resolved = realpath(url.path, nil) else { throw CocoaError(.fileNoSuchFile) }
        defer { free(resolved) }
        path = String(cString: resolved)
    }

    /// The last component, and the directory holding it: to use the directory as a relative output path.
    public var name: String { URL(fileURLWithPath: path).lastPathComponent }
    public var parent: String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    public func url(_ relative: String) -> URL {
        URL(fileURLWithPath: path).appendingPathComponent(relative)
    }

    public func write(_ relative: String, _ contents: String) throws {
        let url = url(relative)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: url(relative).path).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relative).path)
    }

    /// Every file and directory below the root, relative and sorted: to check that nothing else appeared.
    public func listing() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }

    public func permissions(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url(relative).path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    public func modificationDate(_ relative: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url(relative).path)[.modificationDate] as? Date
    }
}
