/// A parsed template written out as text, so that a template known when modgen is built (the built-in templates,
/// embedded by the `TemplateEmbedder` build tool) is parsed then, and a run only reads the tree back.
///
/// Reading the form back allocates the same nodes the parser builds but does none of its work: no lexing, no
/// standalone-line pass, no checks. The form holds the tree and every text run's bytes; a section's unrendered text
/// (what a lambda gets) is a byte range of the template's source, which the reader is given. The form starts with
/// its version and the source's length in bytes, so a form that does not belong to the source it is given, or was
/// written by another version of this code, is refused (`nil`) and the caller parses the source instead.
///
/// The layout, with every number in decimal followed by `,` and every byte string as its length, `:` and the bytes:
///
///     M1,<source length>,<node count>,<nodes>
///     text:      t<line>,<column>,<line start count>,<line starts>,<bytes>
///     variable:  v<line>,<column>,<1 when escaped else 0>,<name>
///     section:   s<line>,<column>,<1 when inverted else 0>,<name><raw start>,<raw end>,<open><close><count>,<nodes>
///     partial:   p<line>,<column>,<partial name><indentation>
///     parent:    P<line>,<column>,<partial name><indentation><block count>,<blocks, each a block node>
///     block:     b<line>,<column>,<name><indentation><line break><count>,<nodes>
///
/// A partial name is `0,` or `1,` (fixed or dynamic) and the name; an optional byte string (indentation, line
/// break) is `-` when absent.
enum MustacheCompiledForm {
    static let version = "M1,"

    static func write(_ nodes: [MustacheNode], sourceLength: Int) -> String {
        var writer = Writer()
        writer.bytes.append(contentsOf: version.utf8)
        writer.number(sourceLength)
        writer.nodes(nodes)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The nodes written in `form` for `source`, or `nil` when `form` is not a form of this version for a source of
    /// that length, or is malformed.
    static func read(_ form: String, source: String) -> [MustacheNode]? {
        var form = form
        return form.withUTF8 { formBytes -> [MustacheNode]? in
            var reader = Reader(bytes: formBytes)
            guard reader.expect(version), let length = reader.number(), length == source.utf8.count else { return nil }
            let sourceBytes = Array(source.utf8)
            reader.source = sourceBytes
            guard let nodes = reader.nodes(depth: 0), reader.offset == formBytes.count else { return nil }
            return nodes
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func number(_ value: Int) {
            bytes.append(contentsOf: String(value).utf8)
            bytes.append(UInt8(ascii: ","))
        }

        mutating func string<Bytes: Collection<UInt8>>(_ value: Bytes) {
            bytes.append(contentsOf: String(value.count).utf8)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: value)
        }

        mutating func optional(_ value: [UInt8]?) {
            if let value { string(value) } else { bytes.append(UInt8(ascii: "-")) }
        }

        mutating func kind(_ letter: Unicode.Scalar, _ position: MustachePosition) {
            bytes.append(UInt8(ascii: letter))
            number(position.line)
            number(position.column)
        }

        mutating func partialName(_ name: MustachePartialName) {
            switch name {
            case .fixed(let text):
                number(0)
                string(text.utf8)
            case .dynamic(let name):
                number(1)
                string(name.text.utf8)
            }
        }

        mutating func nodes(_ nodes: [MustacheNode]) {
            number(nodes.count)
            for node in nodes { self.node(node) }
        }

        mutating func block(_ block: MustacheBlock) {
            kind("b", block.position)
            string(block.name.utf8)
            optional(block.indentation)
            optional(block.lineBreak)
            nodes(block.children)
        }

        mutating func node(_ node: MustacheNode) {
            switch node {
            case .text(let text):
                kind("t", text.position)
                number(text.lineStarts.count)
                for start in text.lineStarts { number(start) }
                string(text.bytes)
            case .variable(let variable):
                kind("v", variable.position)
                number(variable.escaped ? 1 : 0)
                string(variable.name.text.utf8)
            case .section(let section):
                kind("s", section.position)
                number(section.inverted ? 1 : 0)
                string(section.name.text.utf8)
                number(section.rawBytes.startIndex)
                number(section.rawBytes.endIndex)
                string(section.delimiters.open)
                string(section.delimiters.close)
                nodes(section.children)
            case .partial(let partial):
                kind("p", partial.position)
                partialName(partial.name)
                optional(partial.indentation)
            case .parent(let parent):
                kind("P", parent.position)
                partialName(parent.name)
                optional(parent.indentation)
                number(parent.blocks.count)
                for block in parent.blocks { self.block(block) }
            case .block(let block):
                self.block(block)
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        var source: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func expect(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard offset < bytes.count, bytes[offset] == byte else { return false }
                offset += 1
            }
            return true
        }

        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ",") {
                let digit = Int(bytes[offset]) - Int(UInt8(ascii: "0"))
                guard digit >= 0, digit <= 9, digits < 18 else { return nil }
                value = value * 10 + digit
                digits += 1
                offset += 1
            }
            guard digits > 0, offset < bytes.count else { return nil }
            offset += 1
            return value
        }

        /// A byte string's range in `bytes`.
        mutating func stringRange() -> Range<Int>? {
            var length = 0
            var digits = 0
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ":") {
                let digit = Int(bytes[offset]) - Int(UInt8(ascii: "0"))
                guard digit >= 0, digit <= 9, digits < 18 else { return nil }
                length = length * 10 + digit
                digits += 1
                offset += 1
            }
            guard digits > 0, offset < bytes.count, length <= bytes.count - offset - 1 else { return nil }
            let start = offset + 1
            offset = start + length
            return start..<offset
        }

        mutating func byteArray() -> [UInt8]? {
            guard let range = stringRange() else { return nil }
            return Array(bytes[range])
        }

        mutating func string() -> String? {
            guard let range = stringRange() else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// An optional byte string: `.some(nil)` for an absent one, `nil` for a malformed one.
        mutating func optional() -> [UInt8]?? {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") {
                offset += 1
                return .some(nil)
            }
            guard let value = byteArray() else { return nil }
            return .some(value)
        }

        mutating func position() -> MustachePosition? {
            guard let line = number(), let column = number() else { return nil }
            return MustachePosition(line: line, column: column)
        }

        mutating func partialName() -> MustachePartialName? {
            guard let kind = number(), let name = string() else { return nil }
            switch kind {
            case 0: return .fixed(name)
            case 1: return .dynamic(MustacheName(name))
            default: return nil
            }
        }

        mutating func nodes(depth: Int) -> [MustacheNode]? {
            // The lexer refuses deeper nesting; a form that claims it is not one this code wrote.
            guard depth <= MustacheLexer.maximumNesting, let count = number(), count <= bytes.count else {
                return nil
            }
            var nodes: [MustacheNode] = []
            nodes.reserveCapacity(count)
            for _ in 0..<count {
                guard let node = node(depth: depth) else { return nil }
                nodes.append(node)
            }
            return nodes
        }

        mutating func block(depth: Int) -> MustacheBlock? {
            guard let position = position(), let name = string(), let indentation = optional(),
                let lineBreak = optional(), let children = nodes(depth: depth + 1)
            else { return nil }
            return MustacheBlock(
                name: name, children: children, indentation: indentation, lineBreak: lineBreak, position: position)
        }

        mutating func node(depth: Int) -> MustacheNode? {
            guard offset < bytes.count else { return nil }
            let letter = bytes[offset]
            offset += 1
            switch letter {
            case UInt8(ascii: "t"):
                guard let position = position(), let count = number(), count <= bytes.count else { return nil }
                var lineStarts: [Int] = []
                lineStarts.reserveCapacity(count)
                for _ in 0..<count {
                    guard let start = number() else { return nil }
                    lineStarts.append(start)
                }
                guard let text = byteArray() else { return nil }
                return .text(MustacheText(bytes: text, lineStarts: lineStarts, position: position))
            case UInt8(ascii: "v"):
                guard let position = position(), let escaped = number(), let name = string() else { return nil }
                return .variable(MustacheVariable(name: MustacheName(name), escaped: escaped == 1, position: position))
            case UInt8(ascii: "s"):
                guard let position = position(), let inverted = number(), let name = string(),
                    let rawStart = number(), let rawEnd = number(), rawStart <= rawEnd, rawEnd <= source.count,
                    let open = byteArray(), let close = byteArray(), let children = nodes(depth: depth + 1)
                else { return nil }
                return .section(
                    MustacheSection(
                        name: MustacheName(name), inverted: inverted == 1, children: children,
                        rawBytes: source[rawStart..<rawEnd], delimiters: MustacheDelimiters(open: open, close: close),
                        position: position))
            case UInt8(ascii: "p"):
                guard let position = position(), let name = partialName(), let indentation = optional() else {
                    return nil
                }
                return .partial(MustachePartialTag(name: name, indentation: indentation, position: position))
            case UInt8(ascii: "P"):
                guard let position = position(), let name = partialName(), let indentation = optional(),
                    let count = number(), count <= bytes.count
                else { return nil }
                var blocks: [MustacheBlock] = []
                for _ in 0..<count {
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "b") else { return nil }
                    offset += 1
                    guard let block = block(depth: depth + 1) else { return nil }
                    blocks.append(block)
                }
                return .parent(
                    MustacheParentTag(name: name, blocks: blocks, indentation: indentation, position: position))
            case UInt8(ascii: "b"):
                return block(depth: depth).map { .block($0) }
            default:
                return nil
            }
        }
    }
}

extension MustacheTemplate {
    /// The template's tree written out as text (see `MustacheCompiledForm`), for `init(_:name:compiledForm:)` to
    /// read back without parsing: what the `TemplateEmbedder` build tool stores for each built-in template file.
    public var compiledForm: String {
        MustacheCompiledForm.write(nodes, sourceLength: sourceLength)
    }

    /// The template `text` parsed, read from `compiledForm` when one is given and belongs to `text` (written by
    /// `compiledForm` of the same version from a template of the same length), else parsed as
    /// `init(_:name:)` does. `name` is the template's name in errors, as there.
    public init(_ text: String, name: String, compiledForm: String?) throws(MustacheError) {
        if let compiledForm, let nodes = MustacheCompiledForm.read(compiledForm, source: text) {
            self.init(name: name, nodes: nodes, sourceLength: text.utf8.count)
        } else {
            try self.init(text, name: name)
        }
    }
}
