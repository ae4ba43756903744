import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Command {
    /// `modgen new <Name> [--template <id>] [template options] [--output <dir>] [--force | --skip-existing]
    /// [--dry-run | --check] [--quiet] [--templates <dir>]… [--config <file>] [--date <YYYY-MM-DD>]
    /// [--set <key=value>]…`
    static let new = Command(spec: NewCommand.spec, prepare: NewCommand.prepare)
}

/// Generates one module: renders the chosen template's files for a name and writes them, with nothing lost.
enum NewCommand {
    static let spec = CommandSpec(
        name: "new",
        abstract: "Generate a module from a template.",
        discussion: """
            Every file is rendered in memory and every target checked before anything is written. A file that \
            exists with other contents stops the run with nothing written, unless --force or --skip-existing says \
            what to do with it; a file that exists with the same contents is left untouched, so running the same \
            command twice changes nothing. The template's own options are listed under TEMPLATE OPTIONS ('modgen \
            new --template <id> --help' lists another template's); 'modgen describe <id>' shows which files they add.
            """,
        arguments: [ArgumentSpec(name: "Name", help: "The module name, a Swift type name such as Home.")],
        options: [
            .value(
                "template", valueName: "id", help: "The template to generate from (see 'modgen list').",
                defaultDescription: "the config's template, else viper")
        ] + WriteFlags.options + SessionOptions.options + TemplateFlags.renderingOptions
    )

    /// Loads the template the command line (or the config) names, once: its manifest gives the rest of the flags,
    /// and the same loaded template renders.
    static func prepare(_ spec: CommandSpec, _ arguments: [String]) throws -> Invocation {
        let known = ArgumentParser.extract(spec.options, from: arguments)
        let session = try SessionOptions.session(from: known)
        let template = try session.catalog.template(id: session.templateID(explicit: known.value("template")))
        let flags = TemplateFlags(session: session, template: template)
        return Invocation(
            spec: try flags.completing(spec), run: { arguments, io in try run(arguments, flags: flags, io: io) },
            explainUnknownOption: flags.explainUnknownOption)
    }

    static func run(_ arguments: ParsedArguments, flags: TemplateFlags, io: CommandIO) throws -> ExitCode {
        let writing = try WriteFlags(arguments, session: flags.session)
        // The spec makes the name required, so the parser has already rejected a command line without it.
        let request = try flags.request(moduleName: arguments.argument("Name") ?? "", arguments: arguments)
        let files = try flags.session.renderer(for: flags.template).renderModule(request)
        return try writing.perform(files, io: io)
    }
}
