import Foundation

@testable import ModGenKit

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("modgen-writing-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // The real path, so comparisons with resolved targets do not trip over a symbolic-linked /tmp.
        path = try LiveFileSystem().resolvedPath(url.path)
    }

    /// The last component, and the directory holding it: to use the directory as a relative output path.
    var name: String { URL(fileURLWithPath: path).lastPathComponent }
    var parent: String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func url(_ relative: String) -> URL {
        URL(fileURLWithPath: path).appendingPathComponent(relative)
    }

    func write(_ relative: String, _ contents: String) throws {
        let url = url(relative)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: url(relative).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relative).path)
    }

    /// Every file and directory below the root, relative and sorted: to check that nothing else appeared.
    func listing() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }

    func permissions(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url(relative).path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func modificationDate(_ relative: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url(relative).path)[.modificationDate] as? Date
    }
}

/// Runs a program and returns its standard output, or nil when it cannot be started.
func runExternalProgram(_ path: String, _ arguments: [String], currentDirectory: String? = nil) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
