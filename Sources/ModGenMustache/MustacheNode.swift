/// A parsed template: text and tags as a tree, built once and rendered many times.
///
/// The payloads are immutable classes: rendering visits every node on every render, and copying a reference costs
/// one retain where copying a struct of strings and arrays costs one per field.
enum MustacheNode: Sendable {
    case text(MustacheText)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(MustacheVariable)
    case section(MustacheSection)
    case partial(MustachePartialTag)
    case parent(MustacheParentTag)
    case block(MustacheBlock)
}

/// Literal template text, as UTF-8 bytes ready to copy into the output.
final class MustacheText: Sendable {
    let bytes: [UInt8]
    /// Offsets in `bytes` where a source line starts: where an indented partial inserts its indentation.
    let lineStarts: [Int]
    /// Where the text starts, for errors about limits crossed while writing it.
    let position: MustachePosition

    init(bytes: [UInt8], lineStarts: [Int], position: MustachePosition) {
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.position = position
    }
}

/// A tag's name, split at its dots once so that rendering does not split it again.
struct MustacheName: Sendable {
    /// As written, for messages.
    let text: String
    /// `["a", "b"]` for `a.b`; empty for `.`, the implicit iterator (the top of the context stack).
    let components: [String]

    init(_ text: String) {
        self.text = text
        // Most names have no dot: they are their only component, with no splitting (which works on Characters).
        if !text.utf8.contains(UInt8(ascii: ".")) {
            components = [text]
        } else if text == "." {
            components = []
        } else {
            components = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
                String(Substring($0))
            }
        }
    }
}

/// `{{name}}`, `{{{name}}}` or `{{&name}}`.
final class MustacheVariable: Sendable {
    let name: MustacheName
    let escaped: Bool
    let position: MustachePosition

    init(name: MustacheName, escaped: Bool, position: MustachePosition) {
        self.name = name
        self.escaped = escaped
        self.position = position
    }
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
final class MustacheSection: Sendable {
    let name: MustacheName
    let inverted: Bool
    let children: [MustacheNode]
    /// The unrendered text between the tags, and the delimiters in effect: what a section lambda receives and how
    /// its result is parsed. Kept as a slice of the template's bytes (no copy) and decoded only for a lambda.
    let rawBytes: ArraySlice<UInt8>
    let delimiters: MustacheDelimiters
    let position: MustachePosition

    var rawText: String { String(decoding: rawBytes, as: UTF8.self) }

    init(
        name: MustacheName, inverted: Bool, children: [MustacheNode], rawBytes: ArraySlice<UInt8>,
        delimiters: MustacheDelimiters, position: MustachePosition
    ) {
        self.name = name
        self.inverted = inverted
        self.children = children
        self.rawBytes = rawBytes
        self.delimiters = delimiters
        self.position = position
    }
}

/// The name of a partial or parent: fixed, or `*name`, resolved in the context when rendered.
enum MustachePartialName: Sendable {
    case fixed(String)
    case dynamic(MustacheName)
}

/// `{{>name}}`.
final class MustachePartialTag: Sendable {
    let name: MustachePartialName
    /// The whitespace before the tag when it stands alone on its line: every line of the partial gets it.
    let indentation: [UInt8]?
    let position: MustachePosition

    init(name: MustachePartialName, indentation: [UInt8]?, position: MustachePosition) {
        self.name = name
        self.indentation = indentation
        self.position = position
    }
}

/// `{{<name}}…{{/name}}`: renders the named template with the blocks inside the tag replacing its own.
final class MustacheParentTag: Sendable {
    let name: MustachePartialName
    /// The blocks written inside the tag; anything else inside it is ignored, as the spec says.
    let blocks: [MustacheBlock]
    let indentation: [UInt8]?
    let position: MustachePosition

    init(name: MustachePartialName, blocks: [MustacheBlock], indentation: [UInt8]?, position: MustachePosition) {
        self.name = name
        self.blocks = blocks
        self.indentation = indentation
        self.position = position
    }
}

/// `{{$name}}…{{/name}}`: a place a parent's caller may fill, with its default content.
final class MustacheBlock: Sendable {
    let name: String
    let children: [MustacheNode]
    /// When the opening tag stands alone on its line: the indentation of the content (see `MustacheStandaloneLines`).
    let indentation: [UInt8]?
    /// When the opening tag stands alone on its line: the line break ending the closing tag's line. The block then
    /// stands for whole lines, like a standalone partial: content that does not end its last line (an inline
    /// override, `{{$name}}text{{/name}}`) is followed by this break instead of running into the next line.
    let lineBreak: [UInt8]?
    let position: MustachePosition

    init(
        name: String, children: [MustacheNode], indentation: [UInt8]?, lineBreak: [UInt8]?, position: MustachePosition
    ) {
        self.name = name
        self.children = children
        self.indentation = indentation
        self.lineBreak = lineBreak
        self.position = position
    }
}
