/// The opening and closing tag markers, `{{` and `}}` unless a `{{=<% %>=}}` tag changed them.
struct MustacheDelimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = MustacheDelimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

/// What a tag does, from the character after its opening delimiter.
enum MustacheTagKind: Equatable {
    case variable  // {{name}}
    case unescaped  // {{{name}}} and {{&name}}
    case section  // {{#name}}
    case inverted  // {{^name}}
    case close  // {{/name}}
    case comment  // {{! text}}
    case partial  // {{>name}}
    case parent  // {{<name}}
    case block  // {{$name}}
    case delimiters  // {{=<% %>=}}

    /// Tags that disappear with their whole line when they stand alone on it; interpolations never do.
    var canStandAlone: Bool { self != .variable && self != .unescaped }

    /// Tags that open something a `{{/name}}` must close.
    var opensScope: Bool { self == .section || self == .inverted || self == .parent || self == .block }
}

/// One piece of a template as the lexer sees it. Text never contains a line break: each break is its own token, so
/// that the standalone-line pass can work line by line.
struct MustacheToken {
    enum Kind: Equatable {
        case text
        case newline
        case tag(MustacheTagKind)
    }

    var kind: Kind
    /// Byte range in the template's UTF-8 text: the text itself, or the whole tag with its delimiters.
    var range: Range<Int>
    /// Where the token starts (for tags: the opening delimiter).
    var position: MustachePosition
    /// The tag's content without sigil and surrounding whitespace; empty for text.
    var content: String = ""
    /// The delimiters in effect at this tag, as an index into the lexer's `delimiterChanges` (an index keeps tokens
    /// cheap to copy): a section lambda's text is parsed with them.
    var delimiters = 0

    // Set by the standalone-line pass.

    /// The first token of a source line that stays in the output: where a partial's indentation goes.
    var startsLine = false
    /// For a partial or parent alone on its line: the whitespace before it, to indent every line it renders.
    /// For a block alone on its line: the indentation of its content (see `MustacheStandaloneLines`).
    var standaloneIndentation: [UInt8]?
    /// For a block alone on its line: the line break that ends its closing tag's line (see `MustacheBlock`).
    var blockLineBreak: [UInt8]?
}
