/// A parsed template written as Swift source that builds the same nodes: the build-time embedder writes one for
/// each built-in template, so that a run constructs them instead of lexing and parsing the text again (parsing was
/// about a sixth of a `modgen new`'s instructions). The nodes are written exactly as the parser made them,
/// positions, indentation and a section's unrendered text included, so rendering and its errors are unchanged.
extension MustacheTemplate {
    /// An expression of type `MustacheTemplate` (in a file that imports `ModGenMustache`).
    package var swiftSource: String {
        "MustacheTemplate(name: \(Self.swiftStringLiteral(name)), nodes: \(Self.source(of: nodes, indent: 1)))"
    }

    private static func source(of nodes: [MustacheNode], indent: Int) -> String {
        guard !nodes.isEmpty else { return "[]" }
        let inner = String(repeating: "    ", count: indent + 1)
        let outer = String(repeating: "    ", count: indent)
        return "[\n" + nodes.map { inner + source(of: $0, indent: indent + 1) + ",\n" }.joined() + outer + "]"
    }

    private static func source(of node: MustacheNode, indent: Int) -> String {
        switch node {
        case .text(let text):
            return ".text(MustacheText(bytes: \(bytes(text.bytes)), lineStarts: \(integers(text.lineStarts)), "
                + "position: \(position(text.position))))"
        case .variable(let variable):
            return ".variable(MustacheVariable(name: \(name(variable.name)), escaped: \(variable.escaped), "
                + "position: \(position(variable.position))))"
        case .section(let section):
            return ".section(MustacheSection(name: \(name(section.name)), inverted: \(section.inverted), "
                + "children: \(source(of: section.children, indent: indent)), "
                + "rawBytes: \(bytes(Array(section.rawBytes)))[...], "
                + "delimiters: MustacheDelimiters(open: \(bytes(section.delimiters.open)), "
                + "close: \(bytes(section.delimiters.close))), position: \(position(section.position))))"
        case .partial(let partial):
            return ".partial(MustachePartialTag(name: \(partialName(partial.name)), "
                + "indentation: \(optionalBytes(partial.indentation)), position: \(position(partial.position))))"
        case .parent(let parent):
            let blocks = parent.blocks.map { source(of: $0, indent: indent) }.joined(separator: ", ")
            return ".parent(MustacheParentTag(name: \(partialName(parent.name)), blocks: [\(blocks)], "
                + "indentation: \(optionalBytes(parent.indentation)), position: \(position(parent.position))))"
        case .block(let block):
            return ".block(\(source(of: block, indent: indent)))"
        }
    }

    private static func source(of block: MustacheBlock, indent: Int) -> String {
        "MustacheBlock(name: \(swiftStringLiteral(block.name)), children: \(source(of: block.children, indent: indent)), "
            + "indentation: \(optionalBytes(block.indentation)), lineBreak: \(optionalBytes(block.lineBreak)), "
            + "position: \(position(block.position)))"
    }

    private static func name(_ name: MustacheName) -> String { "MustacheName(\(swiftStringLiteral(name.text)))" }

    private static func partialName(_ name: MustachePartialName) -> String {
        switch name {
        case .fixed(let text): return "MustachePartialName.fixed(\(swiftStringLiteral(text)))"
        case .dynamic(let name): return "MustachePartialName.dynamic(\(self.name(name)))"
        }
    }

    private static func position(_ position: MustachePosition) -> String {
        "MustachePosition(line: \(position.line), column: \(position.column))"
    }

    private static func integers(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ", ") + "] as [Int]"
    }

    /// Bytes as the UTF-8 of a string literal: a node's bytes are whole characters of the template's text, cut only
    /// at ASCII tag delimiters, so they are valid UTF-8.
    private static func bytes(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        // Only the build-time embedder calls this: a template it cannot write exactly stops the build.
        precondition(Array(text.utf8) == bytes, "template bytes that are not UTF-8 cannot be embedded")
        return "[UInt8](\(swiftStringLiteral(text)).utf8)"
    }

    private static func optionalBytes(_ value: [UInt8]?) -> String {
        value.map { "\(bytes($0)) as [UInt8]?" } ?? "nil as [UInt8]?"
    }

    /// A one-line Swift string literal of `text`: quotes and backslashes escaped, control characters as `\u{…}`.
    package static func swiftStringLiteral(_ text: String) -> String {
        var body = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": body += "\\\(scalar)"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                body += "\\u{\(String(scalar.value, radix: 16))}"
            default: body.unicodeScalars.append(scalar)
            }
        }
        return body + "\""
    }
}
