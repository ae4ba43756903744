/// A parsed template: text and tags as a tree, built once and rendered many times.
indirect enum MustacheNode: Sendable {
    case text(MustacheText)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(MustacheName, escaped: Bool, position: SourcePosition)
    case section(MustacheSection)
    case partial(MustachePartialTag)
    case parent(MustacheParentTag)
    case block(MustacheBlock)
}

/// Literal template text, as UTF-8 bytes ready to copy into the output.
struct MustacheText: Sendable {
    var bytes: [UInt8] = []
    /// Offsets in `bytes` where a source line starts: where an indented partial inserts its indentation.
    var lineStarts: [Int] = []
}

/// A tag's name, split at its dots once so that rendering does not split it again.
struct MustacheName: Sendable {
    /// As written, for messages and for matching the closing tag.
    let text: String
    /// `["a", "b"]` for `a.b`; empty for `.`, the implicit iterator (the top of the context stack).
    let components: [String]

    init(_ text: String) {
        self.text = text
        self.components = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
struct MustacheSection: Sendable {
    let name: MustacheName
    let inverted: Bool
    let children: [MustacheNode]
    /// The unrendered text between the tags, and the delimiters in effect: what a section lambda receives and how
    /// its result is parsed.
    let rawText: String
    let delimiters: MustacheDelimiters
    let position: SourcePosition
}

/// The name of a partial or parent: fixed, or `*name`, resolved in the context when rendered.
enum MustachePartialName: Sendable {
    case fixed(String)
    case dynamic(MustacheName)
}

/// `{{>name}}`.
struct MustachePartialTag: Sendable {
    let name: MustachePartialName
    /// The whitespace before the tag when it stands alone on its line: every line of the partial gets it.
    let indentation: [UInt8]?
    let position: SourcePosition
}

/// `{{<name}}…{{/name}}`: renders the named template with the blocks inside the tag replacing its own.
struct MustacheParentTag: Sendable {
    let name: MustachePartialName
    /// The blocks written inside the tag; anything else inside it is ignored, as the spec says.
    let blocks: [MustacheBlock]
    let indentation: [UInt8]?
    let position: SourcePosition
}

/// `{{$name}}…{{/name}}`: a place a parent's caller may fill, with its default content.
struct MustacheBlock: Sendable {
    let name: String
    let children: [MustacheNode]
    /// When the opening tag stands alone on its line: the indentation of the content (see `MustacheStandaloneLines`).
    let indentation: [UInt8]?
    let position: SourcePosition
}
