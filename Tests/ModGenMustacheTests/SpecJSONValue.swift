import ModGenCore
import ModGenMustache

// The spec files and a few tests give their data as JSON. modgen's own conversion lives in ModGenTemplates, a layer
// above the engine that these tests must not depend on; the data model here is the engine's alone, so the tests
// convert the parsed JSON themselves.
extension MustacheValue {
    /// Parsed JSON as the engine's value: objects keep their file order (a repeated key keeps its last value).
    init(specJSON json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .bigInteger(let digits): self = .string(digits)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(MustacheValue.init(specJSON:)))
        case .object(let members):
            var object = MustacheObject()
            for member in members { object[member.key] = MustacheValue(specJSON: member.value) }
            self = .object(object)
        }
    }
}
