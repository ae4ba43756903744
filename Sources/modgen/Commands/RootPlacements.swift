import ModGenKit

/// `--root name=dir`: where a template's named output roots go (a manifest file's `"root": "tests"`), over the
/// config's `roots`. A root nobody places is refused when a run would write into it (`WritingError.unplacedRoot`).
struct RootPlacements: Sendable {
    static let option = OptionSpec.repeatable(
        "root", valueName: "name=dir",
        help: "Where a named output root of the template goes (tests=Tests/AppTests), over the config's roots "
            + "(repeatable).")

    /// The folders typed, by root name; a later `--root` for the same name wins, as flags do.
    var typed: [String: String] = [:]

    init(_ values: [String]) throws(OptionError) {
        for pair in values {
            guard let equals = pair.firstIndex(of: "=") else {
                throw OptionError("--root expects name=dir, got '\(RelativePath.printable(pair))'")
            }
            let name = String(pair[..<equals])
            let folder = String(pair[pair.index(after: equals)...])
            if let problem = OutputRootName.problem(with: name) {
                throw OptionError(
                    "--root '\(RelativePath.printable(pair))': '\(RelativePath.printable(name))' "
                        + "is not a root name: \(problem)")
            }
            if folder.isEmpty { throw OptionError("--root '\(RelativePath.printable(pair))' names no folder") }
            typed[name] = folder
        }
    }

    /// Every placed root's folder as paths are shown under it: as typed, else the config's (relative to the
    /// current folder, as the config's output is shown).
    func directories(config: ModGenConfig, workingDirectory: WorkingDirectory) -> [String: String] {
        config.roots.mapValues(workingDirectory.shown).merging(typed) { _, typed in typed }
    }
}
