import ModGenKit

/// A command whose flags come from a template's manifest (`new`, `support`). A lenient pre-pass over the command
/// line finds the template, which is loaded once: its manifest completes the spec (the template's options, listed
/// in help), and the same loaded template renders, so the manifest that produced the flags is the one that reads
/// them.
protocol TemplateCommand: ParsableCommand {
    /// The template the command line names, from `known` (the command's own options, read leniently) or its
    /// positional words, loaded from `session`'s catalog; `nil` when it names none and the command cannot choose
    /// one. `session` reads the config: asked for only when a template is to be loaded, so `modgen help support`
    /// reads no config.
    static func template(
        for arguments: [String], known: ParsedArguments, session: GenerationSession.Loader
    ) throws -> (any ModuleTemplate)?

    /// The error for a command line that names no template, when `template(for:…)` finds none.
    static var missingTemplate: UsageError { get }

    init(_ parsed: ParsedArguments, flags: TemplateFlags) throws
}

extension TemplateCommand {
    static var missingTemplate: UsageError { .missingArgument(synopsis: TemplateSelection.template.synopsis) }

    /// Help always works: when the config (or the template it names) cannot be read, `--help` shows the command's
    /// own options, with the error as a warning, instead of failing with the error a run would give. A mistake on
    /// the command line itself (`--template nope --help`) is still an error: it is the user's to fix now.
    static func invocation(for arguments: [String], io: CommandIO) throws -> Invocation {
        let known = ArgumentParser.extract(configuration.options, from: arguments)
        do {
            return try templateInvocation(for: arguments, known: known, io: io)
        } catch let failure as ConfigFailure {
            guard Invocation.asksForHelp(arguments) else { throw failure.error }
            return helpWithout(failure.error)
        }
    }

    private static func helpWithout(_ error: any Error) -> Invocation {
        let reason = (error as? any ReportedError)?.reportedMessage ?? "\(error)"
        return Invocation(
            spec: configuration, run: { _, _ in throw error },
            warnings: ["\(reason) (the help below leaves out the template's options)"])
    }

    private static func templateInvocation(
        for arguments: [String], known: ParsedArguments, io: CommandIO
    ) throws -> Invocation {
        let spec = configuration
        let session = GenerationSession.Loader {
            do {
                return try SessionOptions(known).session(in: io.workingDirectory, environment: io.environment)
            } catch {
                throw ConfigFailure(error: error)
            }
        }
        // `modgen help support`, or no template given: help shows the command's own options, a run says what is
        // missing.
        guard let template = try template(for: arguments, known: known, session: session) else {
            return Invocation(spec: spec) { _, _ in throw missingTemplate }
        }
        let flags = TemplateFlags(session: try session.load(), template: template)
        return Invocation(
            spec: try flags.completing(spec), run: { parsed, io in try Self(parsed, flags: flags).run(io: io) },
            explainUnknownOption: flags.explainUnknownOption)
    }
}

/// An error reading the session (the config, mostly), told apart from the others so that help can go on without it.
struct ConfigFailure: Error {
    var error: any Error
}

/// `--template <id>`: the template `new` and `support` render.
struct TemplateSelection: OptionGroup {
    static let template = OptionSpec.value(
        "template", valueName: "id", help: "The template to generate from (see 'modgen list').",
        defaultDescription: "the config's template, else \(TemplateCatalog.defaultTemplateID)")

    static let options = [template]

    /// The template typed, if any; the config's, else the catalog's default, applies otherwise.
    var id: String?

    init(_ parsed: ParsedArguments) {
        id = parsed.value(Self.template)
    }
}

extension GenerationSession {
    /// The session, built on first use and kept: a template command may not need it (help without a template).
    final class Loader {
        private let make: () throws -> GenerationSession
        private var loaded: GenerationSession?

        init(_ make: @escaping () throws -> GenerationSession) {
            self.make = make
        }

        func load() throws -> GenerationSession {
            if let loaded { return loaded }
            let session = try make()
            loaded = session
            return session
        }
    }
}
