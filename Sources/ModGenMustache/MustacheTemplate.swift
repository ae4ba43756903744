/// A Mustache template, parsed once and rendered any number of times.
///
/// Implements the Mustache spec with its optional modules: lambdas, inheritance (`{{<parent}}`, `{{$block}}`) and
/// dynamic names (`{{>*name}}`). A template is an immutable value, safe to share between threads.
///
/// ```swift
/// let template = try MustacheTemplate("Hello {{name}}!", name: "greeting.mustache")
/// let text = try template.render(["name": "World"], options: MustacheRenderOptions(escaping: .none))
/// ```
public struct MustacheTemplate: Sendable {
    /// The name errors refer to, usually the file's path.
    public let name: String
    let nodes: [MustacheNode]
    /// The length of the template's text in UTF-8 bytes, which a compiled form records (see `compiledForm`).
    let sourceLength: Int

    /// Parses `text`. Errors (an unclosed section or tag, a closing tag that does not match, a bad delimiter
    /// change, an empty tag name) name `name` with the line and column of the tag at fault.
    public init(_ text: String, name: String) throws(MustacheError) {
        try self.init(text, name: name, delimiters: .standard)
    }

    init(_ text: String, name: String, delimiters: MustacheDelimiters) throws(MustacheError) {
        let bytes = Array(text.utf8)
        var lexer = MustacheLexer(bytes: bytes, templateName: name, delimiters: delimiters)
        var standalone = MustacheStandaloneLines(tokens: try lexer.tokenize(), bytes: bytes)
        let order = standalone.apply()
        let parser = MustacheParser(bytes: bytes, templateName: name, delimiterChanges: lexer.delimiterChanges)
        self.name = name
        self.nodes = try parser.parse(standalone.tokens, order: order)
        self.sourceLength = bytes.count
    }

    /// A template already parsed (see `MustacheCompiledForm`).
    init(name: String, nodes: [MustacheNode], sourceLength: Int) {
        self.name = name
        self.nodes = nodes
        self.sourceLength = sourceLength
    }

    /// Renders the template against `context`.
    ///
    /// - Parameters:
    ///   - partials: where `{{>name}}` and `{{<name}}` find their templates.
    ///   - options: escaping and strictness; the default is the spec's behaviour (HTML escaping, missing names and
    ///     partials render as nothing).
    /// - Throws: ``MustacheError`` for a missing variable or partial in strict mode, an error inside a partial (named
    ///   after the partial), partials, parents or lambdas nested more than 64 levels deep, or a render that crosses
    ///   the output or work limits of `options` (see ``MustacheRenderOptions``).
    public func render(
        _ context: MustacheValue, partials: any MustachePartialProvider = DictionaryPartials(),
        options: MustacheRenderOptions = MustacheRenderOptions()
    ) throws(MustacheError) -> String {
        var renderer = MustacheRenderer(options: options, partials: partials, context: context)
        try renderer.render(nodes, in: MustacheRenderer.Scope(templateName: name))
        return String(decoding: renderer.output.bytes, as: UTF8.self)
    }
}
