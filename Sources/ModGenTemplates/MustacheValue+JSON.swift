import ModGenCore
import ModGenMustache

// The engine knows nothing of modgen's JSON: the conversion lives here, where both are visible.
extension MustacheValue {
    /// Converts parsed JSON; object keys keep their file order (a repeated key keeps its last value).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        // Mustache only prints a number, and these digits are how it prints.
        case .bigInteger(let digits): self = .string(digits)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(MustacheValue.init(json:)))
        case .object(let members):
            var object = MustacheObject()
            for member in members { object[member.key] = MustacheValue(json: member.value) }
            self = .object(object)
        }
    }
}
