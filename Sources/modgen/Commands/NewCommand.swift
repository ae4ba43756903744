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
        options: TemplateSelection.options + GenerationOptions.options
    )

    var moduleName: String
    var generation: GenerationOptions

    init(_ parsed: ParsedArguments, flags: TemplateFlags) throws {
        moduleName = try parsed.required(Self.name)
        generation = try GenerationOptions(parsed, flags: flags)
    }

    /// The template `--template` names, else the config's, else the catalog's default.
    static func template(
        for arguments: [String], known: ParsedArguments, session: GenerationSession.Loader
    ) throws -> (any ModuleTemplate)? {
        let session = try session.load()
        let explicit = TemplateSelection(known).id
        do {
            return try session.template(explicit: explicit)
        } catch let error as DataFileError where explicit == nil {
            // The config's template does not exist: the config's mistake, which help shows as a warning.
            throw ConfigFailure(error: error)
        }
    }

    func run(io: CommandIO) throws -> ExitCode {
        let renderer = generation.renderer()
        let request = try generation.request(moduleName: moduleName, io: io)
        let files = try renderer.renderModule(request)
        generation.report(renderer, io: io)
        // Only for values that are valid, once rendering has accepted them: a keyword gets its error alone.
        let styleWarnings =
            [ModuleNameStyle.suggestion(for: moduleName)].compactMap { $0 }
            + ModuleNameStyle.suggestions(
                forTextOptionsOf: generation.template, values: request.options, files: files)
        for warning in styleWarnings {
            io.writeError("\(Modgen.tool.spec.name): warning: \(PrintableText.escaped(warning))\n")
        }
        let record = try generation.recording(moduleName: moduleName, request: request, io: io)
        let code = try generation.write(files, moduleName: moduleName, io: io, record: record)
        // A reminder, not part of the run: a failure to look is no reason to fail a run that wrote the module.
        if generation.writing.mode == .write, !generation.writing.isQuiet,
            let note = try? SupportFilesNote.note(for: generation, io: io)
        {
            io.writeError("\(Modgen.tool.spec.name): \(note)\n")
        }
        io.keepUntilExit((self, renderer, request, files, record))
        return code
    }
}
