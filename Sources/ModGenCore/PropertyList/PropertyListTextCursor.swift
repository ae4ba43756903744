/// The reading position in a text property list (XML or OpenStep), which knows its line and column and counts the
/// depth and number of values against `PropertyList`'s limits. The bytes are valid UTF-8.
struct PropertyListTextCursor {
    let bytes: [UInt8]
    let fileName: String
    private let limits: PropertyList.Limits
    private(set) var index = 0
    private var line = 1
    private var lineStart = 0
    /// A place on the current line whose column is known, so each position is counted on from the last one:
    /// counting from the line's start every time makes a long one-line file quadratic.
    private var countedIndex = 0
    private var countedColumn = 1
    private var depth = 0
    private var valueCount = 0

    init(bytes: [UInt8], fileName: String, limits: PropertyList.Limits) {
        self.bytes = bytes
        self.fileName = fileName
        self.limits = limits
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The byte at the cursor, `nil` at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func byte(at offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    func starts(with text: StaticString) -> Bool {
        let prefix = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return bytes[index...].starts(with: prefix)
    }

    mutating func advance() {
        guard index < bytes.count else { return }
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Moves past `text` if the cursor is at it.
    mutating func skip(_ text: StaticString) -> Bool {
        guard starts(with: text) else { return false }
        advance(by: text.utf8CodeUnitCount)
        return true
    }

    mutating func skipWhitespace() {
        while let byte = current, PropertyList.isWhitespace(byte) { advance() }
    }

    /// Moves to just past the next `terminator`; `false` (at the end) when there is none.
    mutating func skip(past terminator: StaticString) -> Bool {
        while !isAtEnd {
            if skip(terminator) { return true }
            advance()
        }
        return false
    }

    /// The text of `bytes[start..<index]`.
    func text(from start: Int) -> String {
        String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The line and column of the cursor. Columns count characters: continuation bytes of multi-byte UTF-8
    /// sequences do not start one.
    mutating func position() -> SourcePosition {
        if countedIndex < lineStart { (countedIndex, countedColumn) = (lineStart, 1) }
        countedColumn = bytes[countedIndex..<index].reduce(countedColumn) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        countedIndex = index
        return SourcePosition(line: line, column: countedColumn)
    }

    mutating func error(_ reason: String) -> DataFileError {
        error(reason, at: position())
    }

    func error(_ reason: String, at position: SourcePosition) -> DataFileError {
        DataFileError(fileName: fileName, position: position, reason: reason)
    }

    /// The character at the cursor for a message, escaped if it would be invisible or move a terminal's cursor.
    var currentCharacter: String {
        let end = min(index + 4, bytes.count)
        guard let character = String(decoding: bytes[index..<end], as: UTF8.self).first else { return "end of file" }
        guard character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) else {
            return "'\(character)'"
        }
        return "'" + character.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "'"
    }

    /// Counts one more value (at `position`) against the limit.
    mutating func countValue(at position: SourcePosition) throws(DataFileError) {
        valueCount += 1
        if valueCount > limits.values {
            throw error("more than \(limits.values) values", at: position)
        }
    }

    /// One level deeper into an array or a dictionary; pair with `leave()`.
    mutating func enter(at position: SourcePosition) throws(DataFileError) {
        depth += 1
        if depth > limits.depth {
            throw error("nesting deeper than \(limits.depth) levels", at: position)
        }
    }

    mutating func leave() { depth -= 1 }
}
