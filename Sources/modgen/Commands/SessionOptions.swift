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

    /// The session for `--config` (else the nearest `.modgen.json` above `workingDirectory`) and the `--templates`
    /// folders, both taken relative to `workingDirectory`.
    /// `environment`'s `HOME` is where a Generamba project's author name is looked for; it also says where templates
    /// from git are cached and how git is found (`GitTemplates.Settings`). `gitMode`: the lock's commits, every
    /// repository's newest (`update-templates`), or only the lock's commits the cache holds (Tab completion).
    func session(
        in workingDirectory: WorkingDirectory, environment: [String: String] = [:],
        gitMode: GitTemplates.Mode = .locked
    ) throws -> GenerationSession {
        try GenerationSession(
            configFile: try configFile.map(workingDirectory.url(forPath:)),
            workingDirectory: workingDirectory.url,
            templateDirectories: try templateDirectories.map(workingDirectory.url(forPath:)),
            home: environment["HOME"].map { URL(fileURLWithPath: $0) },
            gitTemplates: GitTemplates.Settings(environment: environment, mode: gitMode))
    }
}
