/// Where `{{>name}}` and `{{<name}}` find their templates.
///
/// It is asked every time such a tag is rendered, so implementations should parse each partial once and keep it.
public protocol MustachePartialProvider {
    /// The template named `name`, or `nil` if there is none (rendered as nothing, or an error with
    /// `strictPartials`). Throws when the partial exists but cannot be read or parsed.
    func template(named name: String) throws(MustacheError) -> MustacheTemplate?
}

/// Partials given as text, by name; each is parsed the first time it is used and kept. Its template name (for error
/// messages) is the partial's name. Safe to share between threads.
public final class DictionaryPartials: MustachePartialProvider, @unchecked Sendable {
    private let sources: [String: String]
    private let compiledForms: [String: String]
    private let lock = Lock()
    private var parsed: [String: MustacheTemplate] = [:]  // guarded by `lock`

    /// - Parameters:
    ///   - sources: template text by partial name.
    ///   - compiledForms: the parsed tree of some of them (`MustacheTemplate.compiledForm`) by the same names, read
    ///     instead of parsing the text (see `MustacheTemplate.init(_:name:compiledForm:)`).
    public init(_ sources: [String: String] = [:], compiledForms: [String: String] = [:]) {
        self.sources = sources
        self.compiledForms = compiledForms
    }

    public func template(named name: String) throws(MustacheError) -> MustacheTemplate? {
        lock.lock()
        defer { lock.unlock() }
        if let template = parsed[name] { return template }
        guard let source = sources[name] else { return nil }
        let template = try MustacheTemplate(source, name: name, compiledForm: compiledForms[name])
        parsed[name] = template
        return template
    }
}
