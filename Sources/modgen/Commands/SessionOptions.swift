import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--templates` and `--config`: where templates and project defaults come from. Every command that looks up
/// templates takes these two options and builds its `GenerationSession` here.
struct SessionOptions: OptionGroup {
    static let templates = OptionSpec.repeatable(
        "templates", valueName: "dir",
        help: "A folder of user templates, or one template folder (repeatable). A user template replaces the "
            + "built-in one with the same id.")
    static let config = OptionSpec.value(
        "config", valueName: "file", help: "The config file.", defaultDescription: "the nearest .modgen.json")

    static let options = [templates, config]

    /// The `--templates` folders as typed, in order.
    var templateDirectories: [String]
    /// `--config` as typed.
    var configFile: String?

    init(_ parsed: ParsedArguments) {
        templateDirectories = parsed.values(Self.templates)
        configFile = parsed.value(Self.config)
    }

    /// The session for `--config` (else the nearest `.modgen.json`) and the `--templates` folders.
    func session() throws -> GenerationSession {
        try GenerationSession(
            configFile: try configFile.map(Self.url(forPath:)),
            workingDirectory: Self.currentDirectory,
            templateDirectories: try templateDirectories.map(Self.url(forPath:)))
    }

    /// A path typed on the command line as a URL. Relative to the working folder, unless that folder no longer
    /// exists (deleted while modgen runs in it): Foundation would then resolve the path against `/`.
    static func url(forPath path: String) throws(FileReadError) -> URL {
        guard path.hasPrefix("/") || FileManager.default.currentDirectoryPath.hasPrefix("/") else {
            throw FileReadError(path: path, reason: "it is relative, and the current folder no longer exists")
        }
        return URL(fileURLWithPath: path)
    }

    static var currentDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// A path the user did not type (the config's output folder, a template folder) as messages show it: relative
    /// to the current folder (`Sources/Modules`, `../../Sources/Modules`), so output lines read like the ones for
    /// `--output` and stay short from a subfolder of the project; absolute when only `/` is shared.
    static func shown(_ url: URL) -> String {
        let target = url.standardizedFileURL.pathComponents
        let current = currentDirectory.standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(target.count, current.count), target[shared] == current[shared] { shared += 1 }
        // Sharing nothing but `/`, a climb to the root says less than the absolute path.
        if shared <= 1, current.count > 1 { return url.standardizedFileURL.path }
        let parts = Array(repeating: "..", count: current.count - shared) + target[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
