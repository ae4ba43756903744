/// Builds the node tree from the tokens of one template, checking that every opened tag is closed by its name.
/// (The lexer has already refused nesting deeper than `MustacheLexer.maximumNesting`.)
struct MustacheParser {
    private let bytes: [UInt8]
    private let templateName: String
    private let delimiterChanges: [MustacheDelimiters]

    /// An open section, inverted section, parent or block (or the template itself, at the bottom of the stack).
    private struct Scope {
        var opening: MustacheToken?
        var nodes: [MustacheNode] = []
        var text: [UInt8] = []
        var lineStarts: [Int] = []
        /// Where the current run of text starts.
        var textPosition = MustachePosition(line: 1, column: 1)

        mutating func markLineStart(at position: MustachePosition) {
            if text.isEmpty && lineStarts.isEmpty { textPosition = position }
            lineStarts.append(text.count)
        }

        mutating func appendText(_ bytes: ArraySlice<UInt8>, at position: MustachePosition) {
            if text.isEmpty && lineStarts.isEmpty { textPosition = position }
            text.append(contentsOf: bytes)
        }

        mutating func append(_ node: MustacheNode) {
            flushText()
            nodes.append(node)
        }

        /// Ends the current run of text; runs are kept whole, so the output copies them in one piece.
        mutating func flushText() {
            guard !text.isEmpty || !lineStarts.isEmpty else { return }
            nodes.append(.text(MustacheText(bytes: text, lineStarts: lineStarts, position: textPosition)))
            text = []
            lineStarts = []
        }
    }

    init(bytes: [UInt8], templateName: String, delimiterChanges: [MustacheDelimiters]) {
        self.bytes = bytes
        self.templateName = templateName
        self.delimiterChanges = delimiterChanges
    }

    /// The nodes of `tokens` taken in `order` (the standalone-line pass leaves tokens out and may reorder two).
    func parse(_ tokens: [MustacheToken], order: [Int]) throws(MustacheError) -> [MustacheNode] {
        var scopes = [Scope()]
        for index in order {
            let token = tokens[index]
            // A line that starts with a closing tag starts after the closed section, in the scope around it.
            if token.startsLine, token.kind != .tag(.close) {
                scopes[scopes.count - 1].markLineStart(at: token.position)
            }
            switch token.kind {
            case .text, .newline:
                scopes[scopes.count - 1].appendText(bytes[token.range], at: token.position)
            case .tag(let kind):
                switch kind {
                case .comment, .delimiters:
                    break
                case .variable, .unescaped:
                    let node = MustacheVariable(
                        name: MustacheName(token.content), escaped: kind == .variable, position: token.position)
                    scopes[scopes.count - 1].append(.variable(node))
                case .partial:
                    let node = MustachePartialTag(
                        name: partialName(token.content), indentation: token.standaloneIndentation,
                        position: token.position)
                    scopes[scopes.count - 1].append(.partial(node))
                case .section, .inverted, .parent, .block:
                    scopes[scopes.count - 1].flushText()
                    scopes.append(Scope(opening: token))
                case .close:
                    guard scopes.count > 1, var closed = scopes.popLast(), let opening = closed.opening else {
                        throw error("closing tag '\(token.content)' has no open section", at: token.position)
                    }
                    guard opening.content == token.content else {
                        let open = "\(describe(opening)) '\(opening.content)'"
                        throw error("closing tag '\(token.content)' does not match open \(open)", at: token.position)
                    }
                    closed.flushText()
                    scopes[scopes.count - 1].append(node(opening: opening, closing: token, children: closed.nodes))
                    if token.startsLine { scopes[scopes.count - 1].markLineStart(at: token.position) }
                }
            }
        }
        if let unclosed = scopes.last?.opening {
            throw error("unclosed \(describe(unclosed)) '\(unclosed.content)'", at: unclosed.position)
        }
        scopes[0].flushText()
        return scopes[0].nodes
    }

    private func node(opening: MustacheToken, closing: MustacheToken, children: [MustacheNode]) -> MustacheNode {
        switch opening.kind {
        case .tag(.parent):
            let blocks = children.compactMap { child -> MustacheBlock? in
                if case .block(let block) = child { return block }
                return nil
            }
            return .parent(
                MustacheParentTag(
                    name: partialName(opening.content), blocks: blocks, indentation: opening.standaloneIndentation,
                    position: opening.position))
        case .tag(.block):
            return .block(
                MustacheBlock(
                    name: opening.content, children: children, indentation: opening.standaloneIndentation,
                    lineBreak: opening.blockLineBreak, position: opening.position))
        default:
            return .section(
                MustacheSection(
                    name: MustacheName(opening.content), inverted: opening.kind == .tag(.inverted), children: children,
                    rawBytes: bytes[opening.range.upperBound..<closing.range.lowerBound],
                    delimiters: delimiterChanges[opening.delimiters], position: opening.position))
        }
    }

    private func partialName(_ content: String) -> MustachePartialName {
        guard content.utf8.first == UInt8(ascii: "*") else { return .fixed(content) }
        let name = content.utf8.dropFirst().drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        return .dynamic(MustacheName(String(Substring(name))))
    }

    private func describe(_ opening: MustacheToken) -> String {
        switch opening.kind {
        case .tag(.parent): return "parent"
        case .tag(.block): return "block"
        case .tag(.inverted): return "inverted section"
        default: return "section"
        }
    }

    private func error(_ reason: String, at position: MustachePosition) -> MustacheError {
        MustacheError(templateName: templateName, position: position, reason: reason)
    }
}
