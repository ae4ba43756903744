/// Reads the YAML that rambaspecs and Rambafiles are written in: block mappings and sequences, flow mappings
/// (`{name: X, local: path}`) and flow sequences, plain, single- and double-quoted scalars, `|` and `>` block
/// scalars, comments and a leading `---`. Anchors, aliases, tags and several documents are refused by name, never
/// misread. Errors name the file, line and column; nesting, size and the number of values are bounded, so a hostile
/// file costs little.
public enum YAMLReader {
    public struct Limits: Sendable {
        /// Bytes of text.
        public var size: Int
        /// Collections inside each other.
        public var depth: Int
        /// Scalars, sequences and mappings together.
        public var values: Int

        public init(size: Int, depth: Int, values: Int) {
            self.size = size
            self.depth = depth
            self.values = values
        }

        public static let `default` = Limits(size: 1 << 20, depth: 64, values: 100_000)
    }

    /// The document in `text`; an empty document is a null scalar.
    public static func parse(
        _ text: String, fileName: String, limits: Limits = .default
    ) throws(DataFileError) -> YAMLNode {
        guard text.utf8.count <= limits.size else {
            throw DataFileError(
                fileName: fileName, position: SourcePosition(line: 1, column: 1),
                reason: "YAML larger than \(limits.size) bytes")
        }
        var parser = YAMLParser(text: text, fileName: fileName, limits: limits)
        return try parser.document()
    }
}

/// The reader's cursor: the text as Unicode scalars (columns count them), the position, and the work done so far.
struct YAMLParser {
    private let scalars: [Unicode.Scalar]
    private let fileName: String
    private let limits: YAMLReader.Limits
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private var valueCount = 0

    init(text: String, fileName: String, limits: YAMLReader.Limits) {
        scalars = Array(text.unicodeScalars)
        self.fileName = fileName
        self.limits = limits
    }

    // MARK: Positions and errors

    private var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }
    private var column: Int { index - lineStart }
    private var atEnd: Bool { index >= scalars.count }
    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private func error(_ reason: String, at position: SourcePosition? = nil) -> DataFileError {
        DataFileError(fileName: fileName, position: position ?? self.position, reason: reason)
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func counted(_ node: YAMLNode) throws(DataFileError) -> YAMLNode {
        valueCount += 1
        guard valueCount <= limits.values else {
            throw error("more than \(limits.values) YAML values", at: node.position)
        }
        return node
    }

    private mutating func nested<T>(
        _ body: (inout YAMLParser) throws(DataFileError) -> T
    ) throws(DataFileError) -> T {
        depth += 1
        guard depth <= limits.depth else { throw error("YAML nested more than \(limits.depth) levels deep") }
        defer { depth -= 1 }
        return try body(&self)
    }

    // MARK: Lines, blanks and comments

    private static func isBreakOrEnd(_ scalar: Unicode.Scalar?) -> Bool { scalar == nil || scalar == "\n" }
    private static func isBlank(_ scalar: Unicode.Scalar?) -> Bool { scalar == " " || scalar == "\t" }
    private static func isSpaceOrEnd(_ scalar: Unicode.Scalar?) -> Bool {
        isBreakOrEnd(scalar) || isBlank(scalar) || scalar == "\r"
    }

    private mutating func skipBlanks() {
        while Self.isBlank(current) { advance() }
    }

    /// Skips blanks, a comment and the line break: the rest of a line that holds nothing more.
    private mutating func endLine() throws(DataFileError) {
        skipBlanks()
        if current == "#" { while !Self.isBreakOrEnd(current) { advance() } }
        if current == "\r" { advance() }
        guard Self.isBreakOrEnd(current) else { throw error("unexpected '\(Self.shown(current))' after a value") }
        if current == "\n" { advance() }
    }

    /// Moves to the first character of the next line that holds something other than blanks and a comment, and
    /// returns its indentation; `nil` at the end of the text. Indentation is spaces: a tab in it is an error.
    private mutating func nextContentLine() throws(DataFileError) -> Int? {
        while !atEnd {
            while current == " " { advance() }
            if current == "\t" {
                // A tab after the indentation on an otherwise empty or comment line is harmless.
                var probe = index
                while probe < scalars.count, scalars[probe] == "\t" || scalars[probe] == " " { probe += 1 }
                if probe < scalars.count, scalars[probe] != "\n", scalars[probe] != "#", scalars[probe] != "\r" {
                    throw error("a tab in indentation (YAML indents with spaces)")
                }
                while Self.isBlank(current) { advance() }
            }
            if current == "#" || current == "\r" || current == "\n" || atEnd {
                try endLine()
                continue
            }
            return column
        }
        return nil
    }

    private static func shown(_ scalar: Unicode.Scalar?) -> String {
        guard let scalar else { return "end of file" }
        return PrintableText.escaped(String(Character(scalar)))
    }

    // MARK: Document

    mutating func document() throws(DataFileError) -> YAMLNode {
        if current == "\u{FEFF}" { index += 1; lineStart = 1 }
        var indent = try nextContentLine()
        if indent == 0, startsMarker("---") {
            for _ in 0..<3 { advance() }
            skipBlanks()
            if current == "#" || Self.isBreakOrEnd(current) || current == "\r" {
                try endLine()
                indent = try nextContentLine()
            } else {
                indent = column
            }
        }
        guard let indent else { return try counted(YAMLNode(.scalar(YAMLScalar("", isQuoted: false)), at: position)) }
        let root = try blockNode(indent: indent, parentIndent: -1)
        if let next = try nextContentLine() {
            if next == 0, startsMarker("...") {
                for _ in 0..<3 { advance() }
                try endLine()
                if try nextContentLine() == nil { return root }
            }
            if next == 0, startsMarker("---") { throw error("more than one YAML document in the file") }
            throw error("unexpected content after the document (check its indentation)")
        }
        return root
    }

    /// Whether the line here, indented `indent`, is `---` or `...`: the end of the document's block structure.
    private func atDocumentMarker(_ indent: Int) -> Bool {
        indent == 0 && (startsMarker("---") || startsMarker("..."))
    }

    private func startsMarker(_ marker: String) -> Bool {
        let marks = Array(marker.unicodeScalars)
        for (offset, mark) in marks.enumerated() where peek(offset) != mark { return false }
        return Self.isSpaceOrEnd(peek(marks.count))
    }

    // MARK: Block context

    /// The node that starts here, at column `indent`, in a block whose parent is indented `parentIndent`.
    private mutating func blockNode(indent: Int, parentIndent: Int) throws(DataFileError) -> YAMLNode {
        if current == "-", Self.isSpaceOrEnd(peek(1)) {
            return try nested { (parser: inout YAMLParser) throws(DataFileError) in
                try parser.blockSequence(indent: indent)
            }
        }
        if try startsMappingKey() {
            return try nested { (parser: inout YAMLParser) throws(DataFileError) in
                try parser.blockMapping(indent: indent)
            }
        }
        return try inlineValue(parentIndent: parentIndent)
    }

    private mutating func blockSequence(indent: Int) throws(DataFileError) -> YAMLNode {
        let start = position
        var items: [YAMLNode] = []
        while true {
            let itemPosition = position
            advance()  // the '-'
            skipBlanks()
            if current == "#" || current == "\r" || Self.isBreakOrEnd(current) {
                try endLine()
                let next = try nextContentLine()
                if let next, next > indent {
                    items.append(try blockNode(indent: next, parentIndent: indent))
                } else {
                    items.append(try counted(YAMLNode(.scalar(YAMLScalar("", isQuoted: false)), at: itemPosition)))
                }
            } else {
                items.append(try blockNode(indent: column, parentIndent: indent))
            }
            guard let next = try nextContentLine(), next >= indent, !atDocumentMarker(next) else { break }
            guard next == indent else { throw error("unexpected indentation in a list") }
            guard current == "-", Self.isSpaceOrEnd(peek(1)) else { break }
        }
        return try counted(YAMLNode(.sequence(items), at: start))
    }

    private mutating func blockMapping(indent: Int) throws(DataFileError) -> YAMLNode {
        let start = position
        var entries: [YAMLEntry] = []
        while true {
            let keyPosition = position
            guard let key = try mappingKey() else { throw error("expected 'key: value' in a map") }
            skipBlanks()
            let value: YAMLNode
            if current == "#" || current == "\r" || Self.isBreakOrEnd(current) {
                try endLine()
                let next = try nextContentLine()
                if let next, next > indent || (next == indent && current == "-" && Self.isSpaceOrEnd(peek(1))) {
                    value = try blockNode(indent: next, parentIndent: indent)
                } else {
                    value = try counted(YAMLNode(.scalar(YAMLScalar("", isQuoted: false)), at: keyPosition))
                }
            } else {
                if current == "-", Self.isSpaceOrEnd(peek(1)) {
                    throw error("a list cannot start on the line of its key; put it on the next line")
                }
                if try startsMappingKey() {
                    throw error("a map cannot start on the line of its key; put it on the next line")
                }
                value = try inlineValue(parentIndent: indent)
            }
            entries.append(YAMLEntry(key: key, keyPosition: keyPosition, value: value))
            guard let next = try nextContentLine(), next >= indent, !atDocumentMarker(next) else { break }
            guard next == indent else { throw error("unexpected indentation in a map") }
            if current == "-", Self.isSpaceOrEnd(peek(1)) { throw error("a list item where a map key was expected") }
        }
        return try counted(YAMLNode(.mapping(entries), at: start))
    }

    /// Whether the line goes on with `key:` (a plain or quoted key followed by a colon and a space or line end).
    private mutating func startsMappingKey() throws(DataFileError) -> Bool {
        let saved = (index, line, lineStart, valueCount)
        defer { (index, line, lineStart, valueCount) = saved }
        if let first = current, first == "{" || first == "[" { return false }
        return (try? mappingKey()) != nil
    }

    /// Reads `key:` and returns the key, or `nil` (position unspecified) when the text is no key.
    private mutating func mappingKey() throws(DataFileError) -> String? {
        let key: String
        if current == "'" || current == "\"" {
            let keyLine = line
            key = try quotedScalar().text
            guard line == keyLine else { return nil }
            skipBlanks()
        } else {
            if current == "?" && Self.isSpaceOrEnd(peek(1)) { throw error("complex map keys ('? ') are not supported") }
            var text = ""
            while let scalar = current, scalar != "\n", scalar != "\r" {
                if scalar == ":" && Self.isSpaceOrEnd(peek(1)) { break }
                if scalar == "#" && (text.isEmpty || text.unicodeScalars.last.map(Self.isBlank) == true) { return nil }
                text.unicodeScalars.append(scalar)
                advance()
            }
            key = Self.trimmed(text)
            guard !key.isEmpty || current == ":" else { return nil }
        }
        guard current == ":", Self.isSpaceOrEnd(peek(1)) else { return nil }
        advance()
        return key
    }

    /// A value on the rest of a line in block context, and the end of that line: a flow collection, a quoted or
    /// block scalar, or a plain one, which goes on over the following lines indented more than `parentIndent`.
    private mutating func inlineValue(parentIndent: Int) throws(DataFileError) -> YAMLNode {
        try refuseUnsupported()
        let start = position
        let node: YAMLNode
        switch current {
        case "{", "[":
            node = try flowNode()
        case "'", "\"":
            node = try counted(YAMLNode(.scalar(try quotedScalar()), at: start))
        case "|", ">":
            return try counted(YAMLNode(.scalar(try blockScalar(parentIndent: parentIndent)), at: start))
        default:
            return try counted(YAMLNode(.scalar(try plainScalar(parentIndent: parentIndent)), at: start))
        }
        try endLine()
        return node
    }

    /// A plain scalar in block context and the end of its last line. Continuation lines fold to one space (empty
    /// lines between them to line breaks); a comment ends the scalar.
    private mutating func plainScalar(parentIndent: Int) throws(DataFileError) -> YAMLScalar {
        var text = ""
        while true {
            var lineText = ""
            var sawComment = false
            while let scalar = current, scalar != "\n", scalar != "\r" {
                if scalar == "#", lineText.isEmpty || lineText.unicodeScalars.last.map(Self.isBlank) == true {
                    sawComment = true
                    break
                }
                if scalar == ":", Self.isSpaceOrEnd(peek(1)) {
                    throw error("a ': ' inside a plain value; quote the value")
                }
                lineText.unicodeScalars.append(scalar)
                advance()
            }
            text += Self.trimmed(lineText)
            try endLine()
            if sawComment { return YAMLScalar(text, isQuoted: false) }
            // The next line goes on with the scalar when it is indented more than the parent and not a comment.
            let saved = (index, line, lineStart)
            let breaksBefore = line
            // A comment line between ends the scalar too: a comment is never part of one.
            guard let next = try nextContentLine(), next > parentIndent, !atDocumentMarker(next),
                !scalars[saved.0..<index].contains("#")
            else {
                (index, line, lineStart) = saved
                return YAMLScalar(text, isQuoted: false)
            }
            let emptyLines = line - breaksBefore
            text += emptyLines > 0 ? String(repeating: "\n", count: emptyLines) : " "
        }
    }

    private func refuseUnsupported() throws(DataFileError) {
        switch current {
        case "&": throw error("YAML anchors ('&') are not supported")
        case "*": throw error("YAML aliases ('*') are not supported")
        case "!": throw error("YAML tags ('!') are not supported")
        case "@", "`": throw error("'\(Self.shown(current))' cannot start a plain value; quote the value")
        case "%": throw error("YAML directives ('%') are not supported")
        case "?" where Self.isSpaceOrEnd(peek(1)): throw error("complex map keys ('? ') are not supported")
        default: return
        }
    }

    // MARK: Block scalars

    /// `|` (lines kept) or `>` (lines folded) with an optional chomping indicator (`-`, `+`) and indentation digit.
    private mutating func blockScalar(parentIndent: Int) throws(DataFileError) -> YAMLScalar {
        let literal = current == "|"
        advance()
        var chomping: Unicode.Scalar = " "
        var explicitIndent: Int?
        for _ in 0..<2 {
            if let scalar = current, scalar == "-" || scalar == "+" {
                chomping = scalar
                advance()
            } else if let scalar = current, ("1"..."9").contains(scalar) {
                explicitIndent = parentIndent + 1 + Int(scalar.value - 48) - 1
                advance()
            }
        }
        try endLine()
        // The lines of the scalar: those indented more than the parent, and empty ones between them.
        var lines: [String] = []
        var indent = explicitIndent
        while !atEnd {
            let lineBegin = (index, line, lineStart)
            var spaces = 0
            while current == " " { advance(); spaces += 1 }
            if current == "\n" || current == "\r" || atEnd {
                if current == "\r" { advance() }
                if current == "\n" { advance() }
                lines.append("")
                continue
            }
            if indent == nil { indent = spaces }
            guard let indent, spaces >= indent, spaces > parentIndent else {
                (index, line, lineStart) = lineBegin
                break
            }
            var text = String(repeating: " ", count: spaces - indent)
            while let scalar = current, scalar != "\n" {
                text.unicodeScalars.append(scalar)
                advance()
            }
            if text.hasSuffix("\r") { text.removeLast() }
            if current == "\n" { advance() }
            lines.append(text)
        }
        var trailing = 0
        while let last = lines.last, last.isEmpty {
            lines.removeLast()
            trailing += 1
        }
        var text = literal ? lines.joined(separator: "\n") : Self.folded(lines)
        switch chomping {
        case "-": break
        case "+":
            text +=
                lines.isEmpty
                ? String(repeating: "\n", count: trailing) : "\n" + String(repeating: "\n", count: trailing)
        default: if !lines.isEmpty { text += "\n" }
        }
        return YAMLScalar(text, isQuoted: true)
    }

    /// `>` scalars: lines joined with a space, an empty line is a line break; more-indented lines keep theirs.
    private static func folded(_ lines: [String]) -> String {
        var text = ""
        var previousWasText = false
        var previousIndented = false
        for (number, line) in lines.enumerated() {
            let indented = line.hasPrefix(" ")
            if line.isEmpty {
                text += "\n"
                previousWasText = false
                continue
            }
            if number > 0 && previousWasText {
                text += (indented || previousIndented) ? "\n" : " "
            }
            text += line
            previousWasText = true
            previousIndented = indented
        }
        return text
    }

    // MARK: Flow context

    /// A `{…}` or `[…]` collection; it may span lines, where line breaks and comments are blanks.
    private mutating func flowNode() throws(DataFileError) -> YAMLNode {
        let start = position
        let isMapping = current == "{"
        let closing: Unicode.Scalar = isMapping ? "}" : "]"
        return try nested { (parser: inout YAMLParser) throws(DataFileError) in
            parser.advance()
            var items: [YAMLNode] = []
            var entries: [YAMLEntry] = []
            while true {
                try parser.skipFlowBlanks()
                if parser.current == closing {
                    parser.advance()
                    break
                }
                let itemPosition = parser.position
                if isMapping {
                    let key = try parser.flowScalarOrCollection()
                    guard let keyText = key.scalar?.text else {
                        throw parser.error("a map key must be a scalar", at: itemPosition)
                    }
                    try parser.skipFlowBlanks()
                    var value = YAMLNode(.scalar(YAMLScalar("", isQuoted: false)), at: parser.position)
                    if parser.current == ":" {
                        parser.advance()
                        try parser.skipFlowBlanks()
                        if parser.current != "," && parser.current != closing {
                            value = try parser.flowScalarOrCollection()
                        }
                    }
                    entries.append(YAMLEntry(key: keyText, keyPosition: itemPosition, value: value))
                } else {
                    items.append(try parser.flowScalarOrCollection())
                    try parser.skipFlowBlanks()
                    if parser.current == ":" {
                        throw parser.error("'key: value' pairs inside a flow list are not supported")
                    }
                }
                try parser.skipFlowBlanks()
                if parser.current == "," {
                    parser.advance()
                    continue
                }
                guard parser.current == closing else {
                    throw parser.error(
                        parser.atEnd
                            ? "unclosed '\(isMapping ? "{" : "[")' (opened at \(start))"
                            : "expected ',' or '\(closing)', found '\(Self.shown(parser.current))'")
                }
            }
            return try parser.counted(YAMLNode(isMapping ? .mapping(entries) : .sequence(items), at: start))
        }
    }

    private mutating func skipFlowBlanks() throws(DataFileError) {
        while let scalar = current {
            if Self.isBlank(scalar) || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "#" {
                while !Self.isBreakOrEnd(current) { advance() }
            } else {
                break
            }
        }
    }

    private mutating func flowScalarOrCollection() throws(DataFileError) -> YAMLNode {
        try refuseUnsupported()
        let start = position
        switch current {
        case "{", "[": return try flowNode()
        case "'", "\"": return try counted(YAMLNode(.scalar(try quotedScalar()), at: start))
        case nil: throw error("unexpected end of file inside a flow collection")
        case ",", "}", "]": throw error("expected a value, found '\(Self.shown(current))'")
        default: break
        }
        var text = ""
        var pendingBlanks = ""
        while let scalar = current {
            if scalar == "," || scalar == "}" || scalar == "]" || scalar == "[" || scalar == "{" { break }
            if scalar == ":", Self.isSpaceOrEnd(peek(1)) || peek(1) == "," || peek(1) == "}" || peek(1) == "]" {
                break
            }
            if scalar == "#", !pendingBlanks.isEmpty || text.isEmpty { break }
            if scalar == "\n" || scalar == "\r" || Self.isBlank(scalar) {
                // A plain scalar may go on over a line break inside a flow collection; the break folds to a space.
                pendingBlanks.unicodeScalars.append(scalar == "\t" ? " " : scalar)
                advance()
                continue
            }
            if !pendingBlanks.isEmpty {
                text += pendingBlanks.contains("\n") ? " " : pendingBlanks
                pendingBlanks = ""
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
        return try counted(YAMLNode(.scalar(YAMLScalar(text, isQuoted: false)), at: start))
    }

    // MARK: Quoted scalars

    private mutating func quotedScalar() throws(DataFileError) -> YAMLScalar {
        let start = position
        let quote = current!
        advance()
        var text = ""
        while true {
            guard let scalar = current else {
                throw error("unclosed \(quote == "'" ? "single" : "double") quote", at: start)
            }
            if scalar == quote {
                if quote == "'" && peek(1) == "'" {
                    text += "'"
                    advance()
                    advance()
                    continue
                }
                advance()
                return YAMLScalar(text, isQuoted: true)
            }
            if scalar == "\n" || scalar == "\r" {
                try foldLineBreak(into: &text)
                continue
            }
            if quote == "\"" && scalar == "\\" {
                if peek(1) == "\n" {
                    // An escaped line break joins the lines without a space.
                    advance()
                    advance()
                    while Self.isBlank(current) { advance() }
                    continue
                }
                try escape(into: &text)
                continue
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
    }

    /// A line break inside a quoted scalar: trailing blanks dropped, one break is a space, n + 1 breaks are n.
    private mutating func foldLineBreak(into text: inout String) throws(DataFileError) {
        while let last = text.unicodeScalars.last, Self.isBlank(last) { text.unicodeScalars.removeLast() }
        var breaks = 0
        while let scalar = current, scalar == "\n" || scalar == "\r" || Self.isBlank(scalar) {
            if scalar == "\n" { breaks += 1 }
            advance()
        }
        text += breaks > 1 ? String(repeating: "\n", count: breaks - 1) : " "
    }

    private mutating func escape(into text: inout String) throws(DataFileError) {
        let start = position
        advance()  // the backslash
        guard let code = current else { throw error("unclosed double quote") }
        advance()
        let simple: [Unicode.Scalar: String] = [
            "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        if let replacement = simple[code] {
            text += replacement
            return
        }
        let digits: Int
        switch code {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: throw error("unknown escape '\\\(Self.shown(code))' in a double-quoted value", at: start)
        }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = current, let nibble = Int(String(digit), radix: 16) else {
                throw error("'\\\(code)' needs \(digits) hexadecimal digits", at: start)
            }
            value = value << 4 | UInt32(nibble)
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("'\\\(code)' names no Unicode character", at: start)
        }
        text.unicodeScalars.append(scalar)
    }

    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars[...]
        while let last = scalars.last, isBlank(last) || last == "\r" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
