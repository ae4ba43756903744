/// The tags that expand other templates: partials, parents and their blocks, and the text lambdas return.
extension MustacheRenderer {
    /// Expansions (partials, parents, lambda templates) nested deeper than this are an error, not a stack overflow:
    /// a partial that includes itself unconditionally would otherwise never end.
    static let maximumDepth = 64

    mutating func render(_ tag: MustachePartialTag, in scope: Scope) throws(MustacheError) {
        guard let template = try template(tag.name, kind: "partial", position: tag.position, in: scope) else { return }
        var inner = Scope(templateName: template.name, blocks: scope.blocks, depth: scope.depth + 1)
        inner.indentation = indentation(of: tag.indentation, in: scope)
        try renderNested(template.nodes, in: inner, tagAt: tag.position, of: scope)
    }

    /// A parent is a partial whose blocks the tag may replace. Replacements already in effect win over the tag's own,
    /// so in a chain of parents the outermost template decides.
    mutating func render(_ tag: MustacheParentTag, in scope: Scope) throws(MustacheError) {
        guard let template = try template(tag.name, kind: "parent", position: tag.position, in: scope) else { return }
        var blocks = scope.blocks
        for block in tag.blocks where blocks[block.name] == nil {
            blocks[block.name] = BlockDefinition(block: block, templateName: scope.templateName, blocks: scope.blocks)
        }
        var inner = Scope(templateName: template.name, blocks: blocks, depth: scope.depth + 1)
        inner.indentation = indentation(of: tag.indentation, in: scope)
        try renderNested(template.nodes, in: inner, tagAt: tag.position, of: scope)
    }

    /// Renders the block's replacement, or its own content, in the current context (the spec's "block scope").
    /// Lines lose the indentation they had where they were written and get the indentation of this place.
    ///
    /// A replacement sees the block overrides in effect where it was written, not those of the parent it fills:
    /// a parent tag inside a replacement (`{{$c}}[{{<b}}{{$c}}x{{/c}}{{/b}}]{{/c}}`) gets its own arguments.
    mutating func render(_ block: MustacheBlock, in scope: Scope) throws(MustacheError) {
        let definition =
            scope.blocks[block.name]
            ?? BlockDefinition(block: block, templateName: scope.templateName, blocks: scope.blocks)
        var inner = scope
        inner.templateName = definition.templateName
        inner.blocks = definition.blocks
        inner.indentation = indentation(of: block.indentation, in: scope)
        inner.dedent = definition.block.indentation ?? []
        let start = output.bytes.count
        let pending = output.pendingIndentation
        // A block alone on its line stands for whole lines, as a standalone partial does: its first line is
        // indented even when the content starts mid-line (an inline override), and its last line is ended.
        if block.indentation != nil { output.indentLine(by: inner.indentation) }
        try renderNested(definition.block.children, in: inner, tagAt: block.position, of: scope)
        if output.bytes.count == start {
            output.restorePendingIndentation(pending)
        } else if let lineBreak = block.lineBreak, !output.isAtLineStart {
            output.write(lineBreak)
        }
    }

    /// An interpolation lambda's text, parsed with the default delimiters and rendered on its own (the caller
    /// escapes it as a whole).
    mutating func renderLambdaResult(
        _ text: String, name: String, position: MustachePosition, in scope: Scope
    ) throws(MustacheError) -> String {
        let template = try lambdaTemplate(text, name: name, delimiters: .standard, position: position, in: scope)
        var captured = MustacheOutput()
        swap(&output, &captured)
        // The outer text still counts towards the output limit.
        outputBytesElsewhere += captured.bytes.count
        let inner = Scope(templateName: template.name, blocks: scope.blocks, depth: scope.depth + 1)
        try renderNested(template.nodes, in: inner, tagAt: position, of: scope)
        swap(&output, &captured)
        outputBytesElsewhere -= output.bytes.count
        return String(decoding: captured.bytes, as: UTF8.self)
    }

    /// A section lambda's text, parsed with the delimiters in effect at the section and rendered in its place.
    mutating func renderLambdaSection(
        _ text: String, section: MustacheSection, in scope: Scope
    ) throws(MustacheError) {
        let template = try lambdaTemplate(
            text, name: section.name.text, delimiters: section.delimiters, position: section.position, in: scope)
        var inner = Scope(templateName: template.name, blocks: scope.blocks, depth: scope.depth + 1)
        inner.indentation = scope.indentation
        try renderNested(template.nodes, in: inner, tagAt: section.position, of: scope)
    }

    private func lambdaTemplate(
        _ text: String, name: String, delimiters: MustacheDelimiters, position: MustachePosition, in scope: Scope
    ) throws(MustacheError) -> MustacheTemplate {
        guard scope.depth < Self.maximumDepth else {
            throw error(
                "lambda '\(name)' expanded more than \(Self.maximumDepth) levels deep; does its text call it again?",
                at: position, in: scope)
        }
        return try MustacheTemplate(text, name: "\(scope.templateName) > lambda '\(name)'", delimiters: delimiters)
    }

    /// Finds the template of a partial or parent tag; `nil` means render nothing.
    private func template(
        _ name: MustachePartialName, kind: String, position: MustachePosition, in scope: Scope
    ) throws(MustacheError) -> MustacheTemplate? {
        let resolved: String
        switch name {
        case .fixed(let fixed):
            resolved = fixed
        case .dynamic(let dynamic):
            // The spec: a dynamic name that resolves to nothing renders nothing.
            switch lookUp(dynamic) {
            case .string(let text): resolved = text
            case .integer(let number): resolved = String(number)
            default:
                guard options.strictVariables else { return nil }
                throw error("no text value named '\(dynamic.text)' for a dynamic \(kind) name", at: position, in: scope)
            }
        }
        guard scope.depth < Self.maximumDepth else {
            throw error(
                "\(kind) '\(resolved)' nested more than \(Self.maximumDepth) levels deep; does it include itself?",
                at: position, in: scope)
        }
        guard let template = try partials.template(named: resolved) else {
            guard options.strictPartials else { return nil }
            throw error("unknown \(kind) '\(resolved)'", at: position, in: scope)
        }
        return template
    }

    /// The indentation inside an expansion: the current one, plus the tag's own when it stands alone on its line
    /// (less what the current block removes from its lines).
    private func indentation(of tagIndentation: [UInt8]?, in scope: Scope) -> [UInt8] {
        guard var own = tagIndentation?[...] else { return scope.indentation }
        for byte in scope.dedent {
            guard own.first == byte else { break }
            own = own.dropFirst()
        }
        return scope.indentation + own
    }
}
