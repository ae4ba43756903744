import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Command {
    /// `modgen support <template> [template options] [--output <dir>] [--force | --skip-existing]
    /// [--dry-run | --check] [--quiet] [--templates <dir>]… [--config <file>] [--date <YYYY-MM-DD>]
    /// [--set <key=value>]…`
    static let support = Command(spec: SupportCommand.spec, prepare: SupportCommand.prepare)
}

/// Writes a template's support files: the base types its modules build on, written once per project.
enum SupportCommand {
    static let spec = CommandSpec(
        name: "support",
        abstract: "Write a template's support files, the base types its modules need.",
        discussion: """
            Writes with the same care as 'modgen new': nothing is written while any file exists with other \
            contents, unless --force or --skip-existing says what to do with it. Options a support file depends on \
            are the template's own (see 'modgen describe <template>'); 'modgen support <template> --help' lists them.
            """,
        arguments: [ArgumentSpec(name: "template", help: "The template id (see 'modgen list').")],
        options: WriteFlags.options + SessionOptions.options + TemplateFlags.renderingOptions
    )

    /// Finds the template among the positional arguments and loads it once. Before the template is known its
    /// options are not, so `--interface xib viper` reads as two positionals: the first one that names a template
    /// is taken, and the strict parse confirms it.
    static func prepare(_ spec: CommandSpec, _ arguments: [String]) throws -> Invocation {
        let known = ArgumentParser.extract(spec.options, from: arguments)
        let candidates = ArgumentParser.extractPositionals(spec.options, from: arguments)
        // `modgen help support`, or no template given: the strict parse reports the missing argument.
        guard let first = candidates.first else {
            return Invocation(spec: spec) { _, _ in throw UsageError.missingArgument(synopsis: "<template>") }
        }
        let session = try SessionOptions.session(from: known)
        let template =
            try loadFirstTemplate(among: candidates, catalog: session.catalog) ?? session.catalog.template(id: first)
        let flags = TemplateFlags(session: session, template: template)
        return Invocation(
            spec: try flags.completing(spec), run: { arguments, io in try run(arguments, flags: flags, io: io) },
            explainUnknownOption: flags.explainUnknownOption)
    }

    private static func loadFirstTemplate(among candidates: [String], catalog: TemplateCatalog) throws -> Template? {
        for candidate in candidates {
            do {
                return try catalog.template(id: candidate)
            } catch is UnknownTemplateError {
                continue
            }
        }
        return nil
    }

    static func run(_ arguments: ParsedArguments, flags: TemplateFlags, io: CommandIO) throws -> ExitCode {
        let id = flags.template.manifest.id
        if let named = arguments.argument("template"), named != id {
            // Only when a template option's value is itself a template id, placed before the real one.
            throw OptionError(
                "the options were read for template '\(id)' but the template given is '\(named)'; "
                    + "put the template id before its options")
        }
        let writing = try WriteFlags(arguments, session: flags.session)
        let files = try flags.session.renderer(for: flags.template).renderSupport(
            flags.request(moduleName: nil, arguments: arguments))
        if files.isEmpty {
            if !writing.isQuiet { io.writeOutput("template '\(id)' writes no support files with these options\n") }
            return .success
        }
        return try writing.perform(files, io: io)
    }
}
