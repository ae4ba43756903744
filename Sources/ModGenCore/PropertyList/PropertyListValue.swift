/// A value read from a property list (XML, OpenStep text or binary), with where it was written.
///
/// Dictionaries keep their keys in file order: a template's options are ordered, and messages quote keys as the
/// author wrote them. Values are kept as read (a `<string>YES</string>` stays a string); the accessors below are
/// where leniency lives, so a caller that needs to know what was written still can.
public struct PropertyListValue: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case string(String)
        case bool(Bool)
        case integer(Int)
        case real(Double)
        case date(PropertyListDate)
        case data([UInt8])
        case array([PropertyListValue])
        case dictionary([PropertyListEntry])
    }

    public var content: Content
    /// Where the value starts: the `<` of its XML element, the first character of an OpenStep value; in a binary
    /// property list, which has no lines, line 1 and the column one past the object's byte offset. Values built in
    /// code are at 1:1.
    public var position: SourcePosition
    /// The bytes the value spans in the text an OpenStep file was parsed from (UTF-8, without a byte order mark), so an
    /// editor can insert beside it without writing the file anew; empty for other formats and values built in code.
    public var byteRange: Range<Int> = 0..<0

    public init(_ content: Content, position: SourcePosition = SourcePosition(line: 1, column: 1)) {
        self.content = content
        self.position = position
    }

    /// Two values are equal when they hold the same data; where each was written does not count, so a value read
    /// back from what the writer wrote equals the original.
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        lhs.content == rhs.content
    }
}

/// One key and its value in a dictionary.
public struct PropertyListEntry: Sendable, Equatable {
    public var key: String
    public var value: PropertyListValue
    /// Where the key starts, for messages about the key itself (an unknown or repeated one).
    public var keyPosition: SourcePosition
    /// Where the key starts in the text an OpenStep file was parsed from (see `PropertyListValue.byteRange`).
    public var keyOffset = 0

    public init(key: String, value: PropertyListValue, keyPosition: SourcePosition? = nil) {
        self.key = key
        self.value = value
        self.keyPosition = keyPosition ?? value.position
    }

    public static func == (lhs: PropertyListEntry, rhs: PropertyListEntry) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}

extension PropertyListValue {
    public static func string(_ text: String) -> PropertyListValue { PropertyListValue(.string(text)) }

    public static func array(_ elements: [PropertyListValue]) -> PropertyListValue {
        PropertyListValue(.array(elements))
    }

    /// A dictionary with `entries` in the order given.
    public static func dictionary(_ entries: KeyValuePairs<String, PropertyListValue>) -> PropertyListValue {
        PropertyListValue(.dictionary(entries.map { PropertyListEntry(key: $0.key, value: $0.value) }))
    }

    /// The value of `key` in a dictionary (the last one, if the key repeats, as Apple's readers keep it); `nil` for
    /// other values.
    public subscript(key: String) -> PropertyListValue? {
        entries?.last { $0.key == key }?.value
    }

    public var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    public var array: [PropertyListValue]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    /// A dictionary's entries, in file order.
    public var entries: [PropertyListEntry]? {
        if case .dictionary(let entries) = content { return entries }
        return nil
    }

    public var integer: Int? {
        if case .integer(let number) = content { return number }
        return nil
    }

    public var real: Double? {
        if case .real(let number) = content { return number }
        return nil
    }

    public var data: [UInt8]? {
        if case .data(let bytes) = content { return bytes }
        return nil
    }

    public var date: PropertyListDate? {
        if case .date(let date) = content { return date }
        return nil
    }

    /// The value as a boolean, read the ways real files write one: `<true/>`/`<false/>`, a string `YES`, `Yes`,
    /// `true`, `1`, `NO`, `false`, `0` (any case, surrounding whitespace ignored), an integer 1 or 0. `nil` for
    /// anything else, so a caller can report a value that is no boolean instead of guessing.
    public var boolValue: Bool? {
        switch content {
        case .bool(let flag):
            return flag
        case .integer(let number) where number == 0 || number == 1:
            return number == 1
        case .string(let text):
            switch text.trimmingPropertyListWhitespace().lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A scalar as text: a string as written, a boolean as `true`/`false`, a number in decimal. `nil` for data,
    /// dates and collections. For fields such as an option's `Default` that files write as either a string or a
    /// `<true/>`.
    public var scalarText: String? {
        switch content {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .real(let number): return PropertyListScalarText.real(number)
        default: return nil
        }
    }

    /// A short name for the kind of value, for messages ("expected a string, found a dictionary").
    public var kindName: String {
        switch content {
        case .string: return "a string"
        case .bool: return "a boolean"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}

extension StringProtocol {
    /// Without the ASCII whitespace (space, tab, line breaks) around it: the whitespace Apple's readers skip
    /// around numbers, dates and data.
    func trimmingPropertyListWhitespace() -> Substring {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !isWhitespace($0) }) else { return text[text.endIndex...] }
        let last = text.lastIndex { !isWhitespace($0) }!
        return text[first...last]
    }
}
