/// The rendered text as it grows: one byte buffer for a whole render, with HTML escaping and the deferred
/// indentation of indented partials and blocks.
struct MustacheOutput {
    private(set) var bytes: [UInt8] = []
    /// Indentation owed to the line just started; written with the line's first character, so that empty lines
    /// stay empty (no trailing whitespace in generated code).
    private(set) var pendingIndentation: [UInt8]?

    /// Nothing written yet, or the last thing written ended a line.
    var isAtLineStart: Bool { bytes.last.map { $0 == UInt8(ascii: "\n") } ?? true }

    /// Indents the line that starts here, if the output really is at the start of a line.
    mutating func indentLine(by indentation: [UInt8]) {
        pendingIndentation = isAtLineStart ? indentation : nil
    }

    /// Puts back the indentation owed before an `indentLine` whose line then got no text.
    mutating func restorePendingIndentation(_ indentation: [UInt8]?) {
        pendingIndentation = indentation
    }

    mutating func write<Bytes: Collection<UInt8>>(_ text: Bytes) {
        guard let first = text.first else { return }
        if let indentation = pendingIndentation {
            pendingIndentation = nil
            let endsLine =
                first == UInt8(ascii: "\n")
                || (first == UInt8(ascii: "\r") && text.dropFirst().first == UInt8(ascii: "\n"))
            if !endsLine { bytes.append(contentsOf: indentation) }
        }
        bytes.append(contentsOf: text)
    }

    mutating func write(_ text: String, escapingHTML: Bool) {
        var text = text
        text.withUTF8 { utf8 in
            guard escapingHTML else { return write(utf8) }
            var runStart = 0
            for (offset, byte) in utf8.enumerated() {
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                write(UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
                write(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = offset + 1
            }
            write(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }
}
