import ModGenKit

/// What `new` and `support` share once the template is known: its typed options, the header values, and how to
/// write. Like swift-argument-parser's `@OptionGroup`, one type read from the parsed arguments by both commands.
struct GenerationOptions {
    /// The options of the group, in help order; the template's own are added once it is known.
    static var options: [OptionSpec] { WriteFlags.options + SessionOptions.options + HeaderOptions.options }

    var writing: WriteFlags
    var header: HeaderOptions
    var flags: TemplateFlags
    /// The template options typed, by option name.
    var templateOptions: [String: OptionValue]

    init(_ parsed: ParsedArguments, flags: TemplateFlags) throws {
        writing = try WriteFlags(parsed)
        header = HeaderOptions(parsed)
        self.flags = flags
        templateOptions = try flags.explicitValues(in: parsed)
    }

    var template: any ModuleTemplate { flags.template }

    /// A renderer for the template, with the session's header partial.
    func renderer() -> any TemplateRendering {
        flags.session.renderer(for: flags.template)
    }

    /// The options, `--set` values and header fields resolved for one render (`moduleName` nil for support files).
    func request(moduleName: String?) throws -> GenerationRequest {
        try flags.request(moduleName: moduleName, explicit: templateOptions, header: header)
    }

    /// Writes (or lists, or checks) `files` as the write flags say.
    func write(_ files: [RenderedFile], io: CommandIO) throws -> ExitCode {
        try writing.perform(files, session: flags.session, io: io)
    }
}
