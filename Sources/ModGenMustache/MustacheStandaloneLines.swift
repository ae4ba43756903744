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
    /// The lexer's tokens, with line starts and indentation marked by `apply()`.
    private(set) var tokens: [MustacheToken]
    private let bytes: [UInt8]

    /// Per source line: its leading whitespace (a range of `bytes`), whether it holds nothing but whitespace,
    /// whether it stood alone.
    private var leadingWhitespace: [ByteSpan] = []
    private var isBlank: [Bool] = []
    private var isStandalone: [Bool] = []
    /// Per source line: the token index of its line break, if it has one.
    private var lineBreaks: [Int?] = []

    /// A range of `bytes` kept in an array: an array of `Range<Int>` makes the runtime look up `Int: Comparable` on
    /// every run that parses a template (a scan of all conformance records, ~150 k instructions).
    private struct ByteSpan {
        var lowerBound: Int
        var upperBound: Int
        init(_ range: Range<Int>) { (lowerBound, upperBound) = (range.lowerBound, range.upperBound) }
        var range: Range<Int> { lowerBound..<upperBound }
    }

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

    /// Removes standalone lines and marks line starts: returns the indices in `tokens` of the tokens that stay, in
    /// output order. (Indices, not a new array of tokens: parsing is on the path of every template read, and each
    /// line's own arrays and copies of its tokens were most of this pass's cost.)
    mutating func apply() -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(tokens.count)
        var lineStart = 0
        var lineIndex = 0
        for index in tokens.indices where tokens[index].kind == .newline {
            process(line: lineStart..<index + 1, lineIndex: lineIndex, into: &order)
            lineStart = index + 1
            lineIndex += 1
        }
        if lineStart < tokens.count { process(line: lineStart..<tokens.count, lineIndex: lineIndex, into: &order) }
        setBlockIndentation()
        return order
    }

    /// Decides whether one line stands alone and appends the indices of the tokens it keeps, in output order.
    private mutating func process(line: Range<Int>, lineIndex: Int, into order: inout [Int]) {
        var tagCount = 0
        var everyTagCanStandAlone = true
        var onlyWhitespace = true
        var leading = line.lowerBound..<line.lowerBound
        var seenNonWhitespace = false
        var sharesLineWithOthers = false
        /// The scope closed by the tag just before the line break, if that tag is a closing one.
        var closedBeforeLineBreak: Open?
        for index in line {
            switch tokens[index].kind {
            case .newline:
                break
            case .text:
                let range = tokens[index].range
                let text = bytes[range]
                let whitespace = text.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                // The lexer never puts two runs of text side by side, so leading whitespace lies in one of them.
                if !seenNonWhitespace {
                    leading =
                        whitespace
                        ? range : range.lowerBound..<(text.firstIndex { !isWhitespace($0) } ?? range.upperBound)
                }
                if !whitespace {
                    onlyWhitespace = false
                    seenNonWhitespace = true
                }
            case .tag(let kind):
                seenNonWhitespace = true
                tagCount += 1
                if !kind.canStandAlone { everyTagCanStandAlone = false }
                if kind.opensScope {
                    openScopes.append(Open(kind: kind, token: index))
                    if kind != .parent && kind != .block { sharesLineWithOthers = true }
                } else if kind == .close, let open = openScopes.popLast() {
                    if index == line.upperBound - 2 { closedBeforeLineBreak = open }
                    if open.kind != .parent && open.kind != .block { sharesLineWithOthers = true }
                    if let block = standaloneBlockByToken[open.token] {
                        standaloneBlocks[block].closeLine = lineIndex
                    }
                } else {
                    sharesLineWithOthers = true
                }
            }
        }
        leadingWhitespace.append(ByteSpan(leading))
        let lineBreak = line.last.flatMap { tokens[$0].kind == .newline ? $0 : nil }
        lineBreaks.append(lineBreak)
        isBlank.append(tagCount == 0 && onlyWhitespace)

        let standalone =
            tagCount > 0 && onlyWhitespace && everyTagCanStandAlone && (tagCount == 1 || !sharesLineWithOthers)
        isStandalone.append(standalone)
        if standalone {
            for index in line {
                guard case .tag(let kind) = tokens[index].kind else { continue }
                order.append(index)
                switch kind {
                case .partial, .parent: tokens[index].standaloneIndentation = Array(bytes[leading])
                case .block:
                    standaloneBlockByToken[index] = standaloneBlocks.count
                    standaloneBlocks.append((index, lineIndex, nil))
                default: break
                }
            }
            return
        }

        order.append(contentsOf: line)
        if tokens[line.lowerBound].kind != .newline { tokens[line.lowerBound].startsLine = true }
        // `two{{/block}}⏎` closing a block that opened alone on its line: the line break moves inside the block.
        if line.count >= 2, lineBreak != nil, let open = closedBeforeLineBreak, open.kind == .block,
            standaloneBlockByToken[open.token] != nil
        {
            order.swapAt(order.count - 1, order.count - 2)
        }
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
                tokens[block.token].standaloneIndentation = Array(bytes[leadingWhitespace[block.line].range])
                continue
            }
            // The content's lines: those between the tags, and the closing tag's line if text precedes the tag.
            var contentLines = (block.line + 1..<closeLine).filter { !isBlank[$0] }
            if !isStandalone[closeLine] { contentLines.append(closeLine) }
            guard let first = contentLines.first else {
                tokens[block.token].standaloneIndentation = Array(bytes[leadingWhitespace[closeLine].range])
                continue
            }
            // The indentation all content lines share, so that removing it never cuts into a line's own text.
            var shared = bytes[leadingWhitespace[first].range]
            for line in contentLines.dropFirst() {
                let other = bytes[leadingWhitespace[line].range]
                shared = shared.prefix(zip(shared, other).prefix { $0 == $1 }.count)
            }
            tokens[block.token].standaloneIndentation = Array(shared)
        }
    }
}
