/// A YAML document as rambaspecs and Rambafiles write it: scalars, sequences and mappings, each with where it
/// starts in the file, mappings with their keys in file order.
public struct YAMLNode: Equatable, Sendable {
    public indirect enum Value: Equatable, Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLEntry])
    }

    public var value: Value
    public var position: SourcePosition

    public init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// The value of `key` in a mapping (the last one, if the key repeats, as Ruby's YAML reads it); `nil` otherwise.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries) = value else { return nil }
        return entries.last { $0.key == key }?.value
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = value { return scalar }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    public var mapping: [YAMLEntry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    /// The text of a scalar that is not null, as Ruby's `to_s` would print the value for the scalars these files
    /// hold (`true`, `2`, `App`); `nil` for null, a sequence or a mapping.
    public var text: String? {
        guard let scalar, scalar.resolved != .null else { return nil }
        return scalar.text
    }

    /// Ruby's truthiness of the value: everything but null and `false`.
    public var isTruthy: Bool {
        guard let scalar else { return true }
        return scalar.resolved != .null && scalar.resolved != .bool(false)
    }

    /// A short name for the kind of value, for error messages.
    public var kindName: String {
        switch value {
        case .scalar(let scalar): scalar.resolved == .null ? "nothing" : "a scalar"
        case .sequence: "a list"
        case .mapping: "a map"
        }
    }
}

/// One `key: value` of a mapping.
public struct YAMLEntry: Equatable, Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: YAMLNode
}

/// A scalar's text as written (quotes and escapes resolved) and whether it was quoted: a quoted scalar is always a
/// string, a plain one is read as YAML 1.1 does in Ruby (`true`, `no`, `~`, numbers).
public struct YAMLScalar: Equatable, Sendable {
    public var text: String
    public var isQuoted: Bool

    public init(_ text: String, isQuoted: Bool) {
        self.text = text
        self.isQuoted = isQuoted
    }

    public enum Resolved: Equatable, Sendable {
        case null
        case bool(Bool)
        case integer(Int)
        case string(String)
    }

    /// The value Ruby's YAML (Psych) gives the scalar, for the kinds these files use; other numbers stay text.
    public var resolved: Resolved {
        if isQuoted { return .string(text) }
        // Only words of five letters at most are null or booleans: longer text (names, paths) needs no lowercased
        // copy to say it is neither.
        if text.utf8.count <= 5 {
            switch text.lowercased() {
            case "", "~", "null": return .null
            case "true", "yes", "on": return .bool(true)
            case "false", "no", "off": return .bool(false)
            default: break
            }
        }
        if let value = Self.decimalInteger(text) { return .integer(value) }
        return .string(text)
    }

    /// `text` as a decimal integer written as YAML 1.1 writes one (`-12`, `1_000`), or `nil`.
    private static func decimalInteger(_ text: String) -> Int? {
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        guard let first = digits.first, first.isASCII, first.isNumber,
            digits.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "_" }),
            first != "0" || digits.count == 1
        else { return nil }
        return Int(sign + digits.filter { $0 != "_" })
    }
}
