/// A value in a Mustache context: what a tag's name resolves to.
///
/// Objects keep their keys in insertion order (see ``MustacheObject``); numbers keep whether they are integers, so
/// `85` renders as `85` and `1.210` as `1.21`.
public enum MustacheValue: Sendable {
    /// Renders as nothing; false in sections.
    case null
    /// Renders as `true` / `false`.
    case bool(Bool)
    case integer(Int)
    /// Renders in its shortest form: `1.21`, and `1` for `1.0`.
    case double(Double)
    case string(String)
    /// A section renders its content once per element, with the element on top of the context stack.
    case array([MustacheValue])
    /// Names are looked up in objects; a section on an object renders once with the object on the stack.
    case object(MustacheObject)
    /// Code called by the template instead of data; see ``MustacheLambda``.
    case lambda(MustacheLambda)

    /// Whether a section renders its content for this value (an inverted section renders when it is `false`).
    ///
    /// The spec leaves truthiness to the host language; like JavaScript (the spec's `!!data`), `false`, `null`, an
    /// empty list and an empty string are false. Unlike JavaScript, `0` is true: a count of zero is still a value.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .string(let value): return !value.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .integer, .double, .object, .lambda: return true
        }
    }

    /// The value of `key` if this is an object that has it.
    func member(_ key: String) -> MustacheValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The text an interpolation tag inserts, or `nil` for values that have no text form (lists, objects, lambdas).
    public var interpolationText: String? {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .double(let value): return Self.shortestText(value)
        case .string(let value): return value
        case .array, .object, .lambda: return nil
        }
    }

    /// The shortest text that reads back as the same number: `1.21` for `1.210`, and `1` for `1.0`, as JavaScript
    /// (whose output the spec's number tests show) prints them.
    static func shortestText(_ value: Double) -> String {
        // Below 2^53 every integral double is an exact integer, so printing it through Int loses nothing.
        if value.isFinite, value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
            return String(Int(value))
        }
        return value.description
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }

    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        var object = MustacheObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
