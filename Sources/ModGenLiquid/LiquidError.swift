/// A template that cannot be parsed or rendered, or a file it includes that cannot be read: which template, where,
/// and why, in one line.
///
/// `description` reads `snippets/header.liquid:3:7: Unknown tag 'endfi'`. Errors raised while rendering an included
/// template name that template, not the one that included it. Where Ruby liquid (lax mode) would print
/// `Liquid error: …` into the output and carry on, this engine stops with the same message: a generated file with an
/// error message inside is never what the author wanted.
public struct LiquidError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template's name as given to ``LiquidTemplate/init(source:name:)``, or an included template's name.
    public var templateName: String
    /// 1-based line of the tag or output at fault; 0 when the error is about a whole file.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the tag or output at fault; 0 when the error is about a whole file.
    public var column: Int
    /// What is wrong, e.g. `'if' tag was never closed`.
    public var message: String

    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: `name:line:column: message` (`name: message` without a position).
    public var description: String {
        line > 0 ? "\(templateName):\(line):\(column): \(message)" : "\(templateName): \(message)"
    }
}

/// How much a render may do. A template is code that may loop (an include that includes itself, nested loops over
/// long ranges); every render stops with a one-line ``LiquidError`` at the tag where a limit was crossed.
public struct LiquidLimits: Sendable, Equatable {
    /// Rendering stops once the output (or a `capture`'s text, or a value a filter makes) is larger than this many
    /// bytes. Default 64 MiB; at most 256 MiB, however large it is set.
    public var maximumOutputBytes: Int
    /// Rendering stops after this many steps: nodes rendered, loop iterations and filters applied. Default 2^24,
    /// a few hundred times what a large generated file takes. A loop or a filter over a range, and an array a
    /// filter makes, may hold no more items than this.
    public var maximumSteps: Int
    /// `include` and `render` nested deeper than this stop the render. Default 64.
    public var maximumIncludeDepth: Int
    /// Blocks nested deeper than this in one template are refused when it is parsed, as Ruby liquid does at 100.
    public var maximumNesting: Int

    public init(
        maximumOutputBytes: Int = 64 << 20, maximumSteps: Int = 1 << 24, maximumIncludeDepth: Int = 64,
        maximumNesting: Int = 100
    ) {
        self.maximumOutputBytes = maximumOutputBytes
        self.maximumSteps = maximumSteps
        self.maximumIncludeDepth = maximumIncludeDepth
        self.maximumNesting = maximumNesting
    }

    public static let `default` = LiquidLimits()
}

/// Where `{% include 'name' %}` and `{% render 'name' %}` find their templates. The name is what the template
/// wrote (`'header'`, `'snippets/row'`); mapping it to a file (`snippets/header.liquid`) is the caller's business,
/// and so is refusing names that leave the template's folder.
public protocol LiquidFileSystem: Sendable {
    /// The source of the template called `name`; throws a ``LiquidError`` (its position is filled in with the tag's)
    /// when there is none or it cannot be read.
    func readTemplate(named name: String) throws(LiquidError) -> String

    /// The name errors inside the template `name` give, such as its file's path; `name` itself by default.
    func displayName(forTemplateNamed name: String) -> String

    /// The template `name`, parsed. By default it is read and parsed once in each render that includes it; a file
    /// system whose templates cannot change may parse each once for all renders, as Ruby liquid keeps a template's
    /// partials parsed across its renders.
    func parsedTemplate(named name: String, maximumNesting: Int) throws(LiquidError) -> LiquidTemplate
}

extension LiquidFileSystem {
    public func displayName(forTemplateNamed name: String) -> String { name }

    public func parsedTemplate(named name: String, maximumNesting: Int) throws(LiquidError) -> LiquidTemplate {
        try LiquidTemplate(
            source: try readTemplate(named: name), name: displayName(forTemplateNamed: name),
            maximumNesting: maximumNesting)
    }
}

/// Templates given as text, by name: for tests and for callers that hold their snippets in memory. Each is parsed
/// once, when given, for every render that includes it.
public struct LiquidDictionaryFileSystem: LiquidFileSystem {
    public var templates: [String: String] {
        didSet { parsed = Self.parse(templates) }
    }
    /// Each template parsed with the default nesting limit (or the error parsing it gave).
    private var parsed: [String: Result<LiquidTemplate, LiquidError>]

    public init(_ templates: [String: String]) {
        self.templates = templates
        parsed = Self.parse(templates)
    }

    private static func parse(_ templates: [String: String]) -> [String: Result<LiquidTemplate, LiquidError>] {
        var parsed: [String: Result<LiquidTemplate, LiquidError>] = [:]
        for (name, source) in templates {
            parsed[name] = Result { () throws(LiquidError) in
                try LiquidTemplate(source: source, name: name, maximumNesting: LiquidLimits.default.maximumNesting)
            }
        }
        return parsed
    }

    public func readTemplate(named name: String) throws(LiquidError) -> String {
        guard let source = templates[name] else {
            throw LiquidError(templateName: name, line: 0, column: 0, message: "No such template '\(name)'")
        }
        return source
    }

    public func parsedTemplate(named name: String, maximumNesting: Int) throws(LiquidError) -> LiquidTemplate {
        guard maximumNesting == LiquidLimits.default.maximumNesting, let result = parsed[name] else {
            return try LiquidTemplate(source: readTemplate(named: name), name: name, maximumNesting: maximumNesting)
        }
        return try result.get()
    }
}
