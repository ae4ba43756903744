/// What a command accepts, described as data rather than as Swift types, so that a command can build part of its
/// description at run time: `new` derives flags from the chosen template's manifest.
struct CommandSpec: Sendable, Equatable {
    /// The word after `modgen` (`render`); for the tool itself, the tool's name.
    var name: String
    /// One line, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
    var abstract: String
    /// Paragraphs shown under the abstract in the command's own help.
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
}

/// A positional argument, shown as `<name>`.
struct ArgumentSpec: Sendable, Equatable {
    var name: String
    var help: String
    var isOptional: Bool = false

    var synopsis: String { "<\(name)>" }
}
