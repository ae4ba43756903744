import ModGenCore
import ModGenLiquid

// The Liquid engine knows nothing of modgen's JSON either: the conversion lives here, where both are visible.
extension LiquidValue {
    /// Converts parsed JSON as Ruby's JSON reads it: integers and floats stay apart, object keys keep their file
    /// order (a repeated key keeps its first place and its last value, as a Ruby hash does).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .int(value)
        case .bigInteger(let digits): self = LiquidBigInt(digits: digits).map { .bigInt($0) } ?? .string(digits)
        case .double(let value): self = .float(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(LiquidValue.init(json:)))
        case .object(let members): self = .hash(LiquidHash(members.map { ($0.key, LiquidValue(json: $0.value)) }))
        }
    }
}
