/// The spec's "standalone" rule: a line holding only whitespace and a tag that renders nothing in place (section,
/// inverted section, close, comment, partial, parent, block, delimiter change) is removed whole, line break and all,
/// so templates can put such tags on lines of their own without leaving blank lines behind.
///
/// The pass also records what partials, parents and blocks need for indentation:
/// - a partial or parent alone on its line indents every line it renders by that line's leading whitespace;
/// - a block alone on its line carries the indentation of its content: the leading whitespace its non-blank lines
///   share (that of its closing tag's line when it has no content lines, of its own line when it closes there).
///   The renderer removes that indentation from the block's lines and adds the indentation of the place the block
///   is rendered at, so an overriding block fits where it lands.
///
/// Parent and block tags may share a standalone line with one another (`{{<parent}}{{$block}}`,
/// `{{$block}}{{/block}}`), as the inheritance spec expects; other tags must be alone. And when a block that opened
/// on a line of its own closes at the end of a line of text (`two{{/block}}⏎`), the line break belongs to the
/// block: its content is then whole lines, like the content of a block that closes on a line of its own.
struct MustacheStandaloneLines {
    private var tokens: [MustacheToken]
    private let bytes: [UInt8]

    /// Per source line: its leading whitespace, whether it holds nothing but whitespace, whether it stood alone.
    private var leadingWhitespace: [[UInt8]] = []
    private var isBlank: [Bool] = []
    private var isStandalone: [Bool] = []
    /// Per source line: the token index of its line break, if it has one.
    private var lineBreaks: [Int?] = []

    /// A tag that opened a scope: its kind and token index.
    private struct Open {
        var kind: MustacheTagKind
        var token: Int
    }

    private var openScopes: [Open] = []
    /// Blocks alone on their line: token index, line, and the line of their closing tag once seen.
    private var standaloneBlocks: [(token: Int, line: Int, closeLine: Int?)] = []
    /// Position in `standaloneBlocks` by token index.
    private var standaloneBlockByToken: [Int: Int] = [:]

    init(tokens: [MustacheToken], bytes: [UInt8]) {
        self.tokens = tokens
        self.bytes = bytes
    }

    /// The tokens with standalone lines removed and line starts marked.
    mutating func apply() -> [MustacheToken] {
        var lines: [Range<Int>] = []
        var lineStart = 0
        for (index, token) in tokens.enumerated() where token.kind == .newline {
            lines.append(lineStart..<index + 1)
            lineStart = index + 1
        }
        if lineStart < tokens.count { lines.append(lineStart..<tokens.count) }

        var keptLines: [[Int]] = []
        for (lineIndex, line) in lines.enumerated() {
            keptLines.append(process(line: line, lineIndex: lineIndex))
        }
        setBlockIndentation()
        return keptLines.flatMap { $0.map { tokens[$0] } }
    }

    /// Decides whether one line stands alone and returns the indices of the tokens it keeps, in output order.
    private mutating func process(line: Range<Int>, lineIndex: Int) -> [Int] {
        var tags: [Int] = []
        var onlyWhitespace = true
        var leading: [UInt8] = []
        var seenNonWhitespace = false
        var sharesLineWithOthers = false
        var closeTargets: [Int: Open] = [:]
        for index in line {
            switch tokens[index].kind {
            case .newline:
                break
            case .text:
                let text = bytes[tokens[index].range]
                let whitespace = text.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                if !seenNonWhitespace { leading += whitespace ? Array(text) : Array(text.prefix(while: isWhitespace)) }
                if !whitespace {
                    onlyWhitespace = false
                    seenNonWhitespace = true
                }
            case .tag(let kind):
                seenNonWhitespace = true
                tags.append(index)
                if kind.opensScope {
                    openScopes.append(Open(kind: kind, token: index))
                    if kind != .parent && kind != .block { sharesLineWithOthers = true }
                } else if kind == .close, let open = openScopes.popLast() {
                    closeTargets[index] = open
                    if open.kind != .parent && open.kind != .block { sharesLineWithOthers = true }
                    if let block = standaloneBlockByToken[open.token] {
                        standaloneBlocks[block].closeLine = lineIndex
                    }
                } else {
                    sharesLineWithOthers = true
                }
            }
        }
        leadingWhitespace.append(leading)
        lineBreaks.append(line.last.flatMap { tokens[$0].kind == .newline ? $0 : nil })
        isBlank.append(tags.isEmpty && onlyWhitespace)

        let standalone =
            !tags.isEmpty && onlyWhitespace
            && tags.allSatisfy { index in
                if case .tag(let kind) = tokens[index].kind { return kind.canStandAlone }
                return false
            }
            && (tags.count == 1 || !sharesLineWithOthers)
        isStandalone.append(standalone)
        if standalone {
            for index in tags {
                switch tokens[index].kind {
                case .tag(.partial), .tag(.parent): tokens[index].standaloneIndentation = leading
                case .tag(.block):
                    standaloneBlockByToken[index] = standaloneBlocks.count
                    standaloneBlocks.append((index, lineIndex, nil))
                default: break
                }
            }
            return tags
        }

        var kept = Array(line)
        if let first = kept.first, tokens[first].kind != .newline { tokens[first].startsLine = true }
        // `two{{/block}}⏎` closing a block that opened alone on its line: the line break moves inside the block.
        if kept.count >= 2, tokens[kept[kept.count - 1]].kind == .newline,
            let open = closeTargets[kept[kept.count - 2]],
            open.kind == .block, standaloneBlockByToken[open.token] != nil
        {
            kept.swapAt(kept.count - 1, kept.count - 2)
        }
        return kept
    }

    private mutating func setBlockIndentation() {
        for block in standaloneBlocks {
            // The break that ends the block's last line: a standalone block renders whole lines, so content that
            // does not end its line (an inline override) gets this break back.
            // (A block closed on its own line has no `closeLine`: it was recorded after the line.)
            if let lineBreak = lineBreaks[block.closeLine ?? block.line] {
                tokens[block.token].blockLineBreak = Array(bytes[tokens[lineBreak].range])
            }
            guard let closeLine = block.closeLine, closeLine > block.line else {
                tokens[block.token].standaloneIndentation = leadingWhitespace[block.line]
                continue
            }
            // The content's lines: those between the tags, and the closing tag's line if text precedes the tag.
            var contentLines = (block.line + 1..<closeLine).filter { !isBlank[$0] }
            if !isStandalone[closeLine] { contentLines.append(closeLine) }
            guard let first = contentLines.first else {
                tokens[block.token].standaloneIndentation = leadingWhitespace[closeLine]
                continue
            }
            // The indentation all content lines share, so that removing it never cuts into a line's own text.
            var shared = leadingWhitespace[first][...]
            for line in contentLines.dropFirst() {
                let other = leadingWhitespace[line]
                shared = shared.prefix(zip(shared, other).prefix { $0 == $1 }.count)
            }
            tokens[block.token].standaloneIndentation = Array(shared)
        }
    }
}
