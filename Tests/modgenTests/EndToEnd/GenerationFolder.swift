import Foundation
import TestSupport
import Testing

/// Helpers for the end-to-end tests of the commands that generate files (`new`, `support`, `list`, `describe`).
extension TemporaryFolder {
    /// A fresh folder with an empty `.modgen.json` at its root, so that a config file in a folder above the
    /// temporary folder cannot change what a test sees.
    static func isolated() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".modgen.json", "{}")
        return folder
    }

    /// Runs modgen in process in this folder, with the test process's environment without `SOURCE_DATE_EPOCH`,
    /// plus `environment`.
    func generate(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        var variables = ProcessInfo.processInfo.environment
        variables["SOURCE_DATE_EPOCH"] = nil
        variables.merge(environment) { _, new in new }
        return try run(arguments, environment: variables)
    }

    /// Every regular file below `relativeFolder`, by path relative to it, with its bytes: what a test compares
    /// to prove that nothing at all was written.
    func files(under relativeFolder: String = ".") -> [String: Data] {
        let root = url.appendingPathComponent(relativeFolder).standardizedFileURL.path
        var result: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: root) ?? .init() {
            var isDirectory: ObjCBool = false
            let full = root + "/" + relative
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            result[relative] = FileManager.default.contents(atPath: full)
        }
        return result
    }

    /// Sets a file's modification date to a fixed day long ago, so that any rewrite shows.
    func backdate(_ relativePath: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Self.longAgo], ofItemAtPath: path(relativePath))
    }

    static let longAgo = Date(timeIntervalSince1970: 1_000_000_000)

    func delete(_ relativePath: String) throws {
        try FileManager.default.removeItem(atPath: path(relativePath))
    }
}

/// The files `modgen new Home` writes with the viper template's defaults (interface none, interactor on,
/// formatter, rx and flow controller off), in manifest order.
let viperDefaultFiles = [
    "Home/HomeInterfaces.swift", "Home/HomePresenter.swift", "Home/HomeWireframe.swift",
    "Home/HomeViewController.swift", "Home/HomeInteractor.swift",
]

/// `<action> <prefix>/<path>` lines, as `new` and `support` print them.
func actionLines(_ action: String, _ paths: [String], under prefix: String) -> String {
    paths.map { "\(action) \(prefix)/\($0)\n" }.joined()
}
