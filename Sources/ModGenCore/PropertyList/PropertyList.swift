#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads property lists in the three forms Xcode's files come in: XML (read leniently, as Apple's reader is),
/// OpenStep text (`{ Key = Value; }`) and binary (`bplist00`). The form is told from the bytes, not the file name.
public enum PropertyList {
    public enum Format: Equatable, Sendable {
        case xml
        case openStep
        case binary
    }

    /// Parsing recurses per level, and so do comparing and freeing values.
    public static let maximumDepth = 512
    /// Values a file may hold: far past any template's plist, and a binary file's shared objects are counted each
    /// time they are used, so a small file that refers to one array a million times cannot build a huge value.
    public static let maximumValues = 1_000_000
    /// The limit every data file has.
    public static let maximumBytes = TextFile.sizeLimit

    /// The value `bytes` hold, or an error naming `fileName`, the line and column (for binary files, line 1 and
    /// the byte offset plus one) and what is wrong.
    public static func parse(_ bytes: [UInt8], fileName: String) throws(DataFileError) -> PropertyListValue {
        try parse(bytes, fileName: fileName, limits: Limits())
    }

    /// How deep and how many values a file may hold; tests lower them to reach them quickly.
    struct Limits {
        var depth = PropertyList.maximumDepth
        var values = PropertyList.maximumValues
    }

    static func parse(_ bytes: [UInt8], fileName: String, limits: Limits) throws(DataFileError) -> PropertyListValue {
        guard bytes.count <= maximumBytes else {
            throw DataFileError(
                fileName: fileName, position: SourcePosition(line: 1, column: 1),
                reason: "the property list is larger than \(maximumBytes / 1024 / 1024) MiB")
        }
        switch format(of: bytes) {
        case .binary:
            var reader = BinaryPropertyListReader(bytes: bytes, fileName: fileName, limits: limits)
            return try reader.readDocument()
        case .xml:
            var parser = XMLPropertyListParser(cursor: try textCursor(bytes, fileName: fileName, limits: limits))
            return try parser.parseDocument()
        case .openStep:
            var parser = OpenStepPropertyListParser(cursor: try textCursor(bytes, fileName: fileName, limits: limits))
            return try parser.parseDocument()
        }
    }

    public static func parse(_ data: Data, fileName: String) throws(DataFileError) -> PropertyListValue {
        try parse([UInt8](data), fileName: fileName)
    }

    /// Reads and parses the file at `path`, named in errors as written. Throws `FileReadError` when the file
    /// cannot be read (or leads out of `box`, a template's folder), `DataFileError` when it is no property list.
    public static func read(atPath path: String, inside box: ContainmentFolder? = nil) throws -> PropertyListValue {
        try parse(TextFile.readBytes(atPath: path, inside: box), fileName: path)
    }

    /// Which reader `bytes` are for. A text file whose first markup is an XML declaration, a DOCTYPE, a comment or
    /// a `<plist>`/value element is XML; any other text is OpenStep (whose `<0fbd>` data also starts with `<`).
    public static func format(of bytes: [UInt8]) -> Format {
        if bytes.starts(with: Array("bplist".utf8)) { return .binary }
        let text = textBytes(bytes) ?? bytes
        guard let first = text.firstIndex(where: { !isWhitespace($0) }), text[first] == UInt8(ascii: "<") else {
            return .openStep
        }
        let rest = text[(first + 1)...]
        if rest.first == UInt8(ascii: "?") || rest.first == UInt8(ascii: "!") { return .xml }
        let name = rest.prefix { XMLPropertyListParser.isNameByte($0) }
        let after = rest.dropFirst(name.count).first
        let isTag = after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after.map(isWhitespace) == true
        return !name.isEmpty && isTag && !name.allSatisfy(isHexDigit) ? .xml : .openStep
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The text as UTF-8 without a byte order mark; UTF-16 files (with a mark, as Apple's tools write them) are
    /// converted. `nil` when nothing needs changing.
    private static func textBytes(_ bytes: [UInt8]) -> [UInt8]? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let isBigEndian = bytes.starts(with: [0xFE, 0xFF])
        guard isBigEndian || bytes.starts(with: [0xFF, 0xFE]) else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (high, low) = isBigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(units.count)
        // A lone surrogate becomes U+FFFD, which the UTF-8 check below lets through: the file is text, just damaged.
        _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
            utf8.append($0)
        }
        return utf8
    }

    private static func textCursor(_ bytes: [UInt8], fileName: String, limits: Limits) throws(DataFileError)
        -> PropertyListTextCursor
    {
        let text = textBytes(bytes) ?? bytes
        // Checked once here, so the parsers can decode any run of bytes between ASCII delimiters without a check.
        _ = try TextFile.decodeUTF8(text, fileName: fileName)
        return PropertyListTextCursor(bytes: text, fileName: fileName, limits: limits)
    }
}
