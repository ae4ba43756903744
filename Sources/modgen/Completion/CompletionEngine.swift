import ModGenKit

/// What the word under the cursor can become: a list of words, or a path the shell completes itself.
enum Completions: Equatable, Sendable {
    case words([CompletionCandidate])
    case files
    case directories

    static let none = Completions.words([])
}

/// One completion: the whole word as it replaces the one typed (`--interface`, `--template=viper`), and what it
/// means, which zsh and fish show beside it.
struct CompletionCandidate: Equatable, Sendable {
    var word: String
    var description: String
}

/// Answers the completion scripts (`modgen ---completion -- <words>…`): from the words typed after `modgen`, the
/// last being the one under the cursor (possibly empty), what that word can be. The command line is read with the
/// same specs the commands parse it with, so the flags of `new` follow the template already named on the line
/// (`--template`, the config's template, else the default) and template ids come from the same catalog, with the
/// `--templates` folders and config the line names.
///
/// Completion never fails: an unreadable config or a template that does not load yields what is known without
/// them, never an error in the middle of the user's typing.
struct CompletionEngine {
    var tool: CommandLineTool
    /// The run's folder and environment: template folders and the config are found from there.
    var io: CommandIO

    func complete(_ words: [String]) -> Completions {
        let typed = words.last ?? ""
        let before = Array(words.dropLast())
        guard let first = before.first else { return rootCompletions(typed) }
        if first == CommandLineTool.helpCommandName {
            // `modgen help new --template mvvm-fc` shows that template's options: complete as `modgen new …`.
            return before.count == 1 ? commandNames(typed) : complete(Array(words.dropFirst()))
        }
        if first == MachineInterface.completionScript.spelling, before.count == 1 {
            return .words(CompletionShell.allCases.map { Self.candidate($0.rawValue, "") }.matching(typed))
        }
        guard let command = tool.commands.first(where: { $0.configuration.name == first }) else { return .none }
        let arguments = Array(before.dropFirst())
        let spec = (try? command.invocation(for: arguments, io: io).spec) ?? command.configuration
        return CommandCompletion(command: command, spec: spec, arguments: arguments, io: io).complete(typed)
    }

    private func rootCompletions(_ typed: String) -> Completions {
        guard typed.hasPrefix("-") else { return commandNames(typed) }
        return .words((Self.helpFlags + [Self.candidate("--version", HelpFormatter.versionHelp)]).matching(typed))
    }

    private func commandNames(_ typed: String) -> Completions {
        let commands = tool.commands.map { Self.candidate($0.configuration.name, $0.configuration.abstract) }
        let help = Self.candidate(CommandLineTool.helpCommandName, "Show subcommand help information.")
        return .words((commands + [help]).matching(typed))
    }

    /// `--help` and `-h`, which every command has.
    static let helpFlags = [candidate("--help", HelpFormatter.helpHelp), candidate("-h", HelpFormatter.helpHelp)]

    static func candidate(_ word: String, _ description: String) -> CompletionCandidate {
        // Descriptions come from templates too (a summary, an option's help): shown on the menu, never acted on.
        CompletionCandidate(word: word, description: PrintableText.escaped(description))
    }
}

/// Completion within one subcommand, whose complete spec (template flags included) is known.
struct CommandCompletion {
    var command: any ParsableCommand.Type
    var spec: CommandSpec
    /// The words between the subcommand and the word being completed.
    var arguments: [String]
    var io: CommandIO

    func complete(_ typed: String) -> Completions {
        let optionsEnded = arguments.contains("--")
        if !optionsEnded, let previous = arguments.last, let option = option(spelled: previous), option.takesValue {
            return values(ValueKind(of: option), typed: typed, prefix: "")
        }
        if !optionsEnded, typed.hasPrefix("--"), let equals = typed.firstIndex(of: "=") {
            guard let option = option(spelled: String(typed[..<equals])), option.takesValue else { return .none }
            let prefix = String(typed[...equals])
            return values(ValueKind(of: option), typed: String(typed.dropFirst(prefix.count)), prefix: prefix)
        }
        if !optionsEnded, typed.hasPrefix("-") { return .words(flags().matching(typed)) }
        let position = ArgumentParser.extractPositionals(spec.options, from: arguments).count
        guard position < spec.arguments.count else { return .none }
        return values(ValueKind(of: spec.arguments[position]), typed: typed, prefix: "")
    }

    private func option(spelled spelling: String) -> OptionSpec? {
        spec.options.first { $0.spelledNames.contains(spelling) }
    }

    /// The options not given yet (a repeatable one always), and none that contradicts one given; then `--help`.
    private func flags() -> [CompletionCandidate] {
        let given = ArgumentParser.extract(spec.options, from: arguments)
        let givenNames = Set(spec.options.filter { given.wasGiven($0) }.map(\.name))
        let contradicted = Set(spec.options.filter { givenNames.contains($0.name) }.flatMap(\.exclusiveNames))
        let offered = spec.options.filter { option in
            !contradicted.contains(option.name) && !option.exclusiveNames.contains(where: givenNames.contains)
                && (option.kind == .repeatable || !givenNames.contains(option.name))
        }
        let options = offered.flatMap { option in
            option.spelledNames.map { CompletionEngine.candidate($0, Self.firstSentence(of: option.help)) }
        }
        return options + CompletionEngine.helpFlags
    }

    private func values(_ kind: ValueKind, typed: String, prefix: String) -> Completions {
        switch kind {
        case .choices(let values):
            return .words(values.map { CompletionEngine.candidate(prefix + $0, "") }.matching(prefix + typed))
        case .templateID:
            return .words(templateIDs(prefix: prefix).matching(prefix + typed))
        case .setting: return .words(settings(prefix: prefix).matching(prefix + typed))
        case .file: return .files
        case .directory: return .directories
        case .text: return .none
        }
    }

    /// The catalog of the `--templates` and `--config` typed so far; the built-in one when the config cannot be read.
    /// Templates from git come from the commits `modgen.lock` pins and the cache holds: Tab never runs git.
    var catalog: TemplateCatalog {
        let session = SessionOptions(ArgumentParser.extract(SessionOptions.options, from: arguments))
        return
            (try? session.session(in: io.workingDirectory, environment: io.environment, gitMode: .cachedOnly)
            .catalog) ?? TemplateCatalog()
    }

    /// The ids `modgen list` would list with the `--templates` and `--config` typed so far.
    private func templateIDs(prefix: String) -> [CompletionCandidate] {
        let summaries = (try? catalog.summaries()) ?? (try? TemplateCatalog().summaries()) ?? []
        return summaries.map { CompletionEngine.candidate(prefix + $0.id, $0.summary) }
    }

    /// Help up to the end of its first sentence: a description fits on the completion menu's line.
    private static func firstSentence(of help: String) -> String {
        guard let end = help.firstRange(of: ". ") else { return help }
        return String(help[..<end.lowerBound]) + "."
    }
}

extension Array where Element == CompletionCandidate {
    /// The candidates that start with what is typed; shells filter again, but a list already filtered keeps the
    /// script simple (bash can take it as it is).
    func matching(_ typed: String) -> [CompletionCandidate] {
        filter { $0.word.hasPrefix(typed) }
    }
}
