import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a template's support files: the base types its modules build on, written once per project.
///
/// `modgen support [<template>] [--template <id>] [template options] [--output <dir>] [--force | --skip-existing]
/// [--dry-run | --check] [--quiet] [--templates <dir>]… [--config <file>] [--date <YYYY-MM-DD>] [--set <key=value>]…`
struct SupportCommand: TemplateCommand {
    /// The positional form, `modgen support viper`: an alias of `--template viper`.
    static let template = ArgumentSpec(
        name: "template", help: "The template id (see 'modgen list'); the same as --template.", isOptional: true)
    static let templateOption = TemplateSelection.template.describingDefault(nil)

    static let configuration = CommandSpec(
        name: "support",
        abstract: "Write a template's support files, the base types its modules need.",
        discussion: """
            Writes with the same care as 'modgen new': nothing is written while any file exists with other \
            contents, unless --force or --skip-existing says what to do with it. Options a support file depends on \
            are the template's own (see 'modgen describe <template>'); 'modgen support <template> --help' lists them.
            """,
        arguments: [template],
        options: [templateOption] + GenerationOptions.options.map { $0 == WriteFlags.output ? output : $0 }
    )

    /// Support files go to the config's `supportOutput` when it has one (`GenerationOptions.write`).
    static let output = WriteFlags.output.describingDefault(
        "the config's supportOutput, else its output, else the current folder")

    static var missingTemplate: UsageError { .missingArgument(synopsis: template.synopsis) }

    var generation: GenerationOptions

    init(_ parsed: ParsedArguments, flags: TemplateFlags) throws {
        let id = flags.template.id
        let positional = parsed.argument(Self.template)
        if positional != nil, parsed.wasGiven(Self.templateOption) {
            throw UsageError.exclusiveOptions(Self.templateOption.spelling, Self.template.synopsis)
        }
        // A bundle is named by its path; the options were read for the id that path gives.
        let namedID = positional.map(TemplateCatalog.id(ofTyped:))
        if let named = positional, namedID != id {
            // Only when a template option's value is itself a template id, placed before the real one.
            throw OptionError(
                "the options were read for template '\(id)' but the template given is '\(named)'; "
                    + "put the template id before its options")
        }
        generation = try GenerationOptions(parsed, flags: flags)
    }

    /// `--template`, else the first positional word that names a template. Before the template is known its
    /// options are not, so `--interface xib viper` reads as two positionals: the first one that names a template
    /// is taken, and the strict parse confirms it.
    static func template(
        for arguments: [String], known: ParsedArguments, session: GenerationSession.Loader
    ) throws -> (any ModuleTemplate)? {
        if let id = known.value(templateOption) { return try session.load().catalog.template(id: id) }
        let candidates = ArgumentParser.extractPositionals(configuration.options, from: arguments)
        guard let first = candidates.first else { return nil }
        let catalog = try session.load().catalog
        return try loadFirstTemplate(among: candidates, catalog: catalog) ?? catalog.template(id: first)
    }

    private static func loadFirstTemplate(among candidates: [String], catalog: TemplateCatalog) throws -> (
        any ModuleTemplate
    )? {
        for candidate in candidates {
            do {
                return try catalog.template(id: candidate)
            } catch is UnknownTemplateError {
                continue
            }
        }
        return nil
    }

    func run(io: CommandIO) throws -> ExitCode {
        let files = try generation.renderer().renderSupport(generation.request(moduleName: nil, io: io))
        if files.isEmpty {
            let id = generation.template.id
            if !generation.writing.isQuiet {
                io.writeOutput("template '\(id)' writes no support files with these options\n")
            }
            return .success
        }
        return try generation.write(files, moduleName: nil, io: io)
    }
}
