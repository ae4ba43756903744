import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Generates one module: renders the chosen template's files for a name and writes them, with nothing lost.
///
/// `modgen new <Name> [--template <id>] [template options] [--output <dir>] [--force | --skip-existing]
/// [--dry-run | --check] [--quiet] [--templates <dir>]… [--config <file>] [--date <YYYY-MM-DD>] [--set <key=value>]…`
struct NewCommand: TemplateCommand {
    static let name = ArgumentSpec(name: "Name", help: "The module name, a Swift type name such as Home.")

    static let configuration = CommandSpec(
        name: "new",
        abstract: "Generate a module from a template.",
        discussion: """
            Every file is rendered in memory and every target checked before anything is written. A file that \
            exists with other contents stops the run with nothing written, unless --force or --skip-existing says \
            what to do with it; a file that exists with the same contents is left untouched, so running the same \
            command twice changes nothing. The template's own options are listed under TEMPLATE OPTIONS ('modgen \
            new --template <id> --help' lists another template's); 'modgen describe <id>' shows which files they add.
            """,
        arguments: [name],
        options: TemplateSelection.options + WriteFlags.options + SessionOptions.options + HeaderOptions.options
    )

    var moduleName: String
    var writing: WriteFlags
    var header: HeaderOptions
    var flags: TemplateFlags
    /// The template options typed, by manifest option name.
    var templateOptions: [String: OptionValue]

    init(_ parsed: ParsedArguments, flags: TemplateFlags) throws {
        moduleName = try parsed.required(Self.name)
        writing = try WriteFlags(parsed)
        header = HeaderOptions(parsed)
        self.flags = flags
        templateOptions = try flags.explicitValues(in: parsed)
    }

    /// The template `--template` names, else the config's, else the catalog's default.
    static func template(
        for arguments: [String], known: ParsedArguments, session: GenerationSession.Loader
    ) throws -> Template? {
        let session = try session.load()
        return try session.catalog.template(id: session.templateID(explicit: TemplateSelection(known).id))
    }

    func run(io: CommandIO) throws -> ExitCode {
        let request = try flags.request(moduleName: moduleName, explicit: templateOptions, header: header)
        let files = try flags.session.renderer(for: flags.template).renderModule(request)
        return try writing.perform(files, session: flags.session, io: io)
    }
}
