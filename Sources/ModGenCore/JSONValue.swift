/// A parsed JSON document. Objects keep their keys in file order, so anything derived from them (option order,
/// file order, help text) is deterministic; numbers keep whether they were written as integers.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// An integer outside the 64-bit range, as its digits: only a parser asked to keep them makes one (Liquid's
    /// data, as Ruby's JSON reads it); everything else refuses such a number.
    case bigInteger(String)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.bigInteger(let a), .bigInteger(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The value of `key` in an object (the last one, if the key repeats); `nil` for other values.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: [(key: String, value: JSONValue)]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A short name for the kind of value, for error messages ("expected a string, found an array").
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .bigInteger, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
