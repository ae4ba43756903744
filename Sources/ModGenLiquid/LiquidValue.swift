/// A value a Liquid template reads: what the caller passes in, what `assign` and `capture` store, what filters
/// return. The cases are Ruby's types as Ruby liquid sees them: `nil`, booleans, integers, floats, strings, arrays,
/// hashes (ordered, as Ruby's are) and integer ranges (`(1..5)`).
// Not `indirect`: arrays and hashes already hold their items out of line, and a boxed case would cost an allocation
// for every number and string a render makes.
public enum LiquidValue: Sendable, Equatable {
    /// Ruby's `nil`.
    case null
    case bool(Bool)
    case int(Int)
    /// An integer outside `Int`'s range (never one inside it: see ``integer(_:)``).
    case bigInt(LiquidBigInt)
    case float(Double)
    case string(String)
    case array([LiquidValue])
    case hash(LiquidHash)
    /// `first..last`, both ends included; empty when `last < first`, as in Ruby.
    case range(Int, Int)

    /// Liquid's truthiness: only `nil` and `false` are false; `0`, `""` and `[]` are true.
    public var isTruthy: Bool {
        switch self {
        case .null, .bool(false): return false
        default: return true
        }
    }

    public static func == (left: LiquidValue, right: LiquidValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.float(let a), .float(let b)): return a == b
        // Ruby compares integers and floats by value: `1 == 1.0`.
        case (.int(let a), .float(let b)), (.float(let b), .int(let a)): return Int(exactly: b) == a
        case (.bigInt(let a), .bigInt(let b)): return a == b
        case (.bigInt, .float), (.float, .bigInt): return LiquidValue.compareNumbers(left, right) == 0
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): return a == b
        case (.hash(let a), .hash(let b)): return a == b
        case (.range(let a1, let a2), .range(let b1, let b2)): return a1 == b1 && a2 == b2
        default: return false
        }
    }
}

/// A hash as Ruby keeps it: keys in insertion order, a later value for a key replacing the earlier one in place.
public struct LiquidHash: Sendable, Equatable {
    public private(set) var keys: [String] = []
    private var values: [String: LiquidValue] = [:]
    /// Set for the fields of a loop object (`forloop`, `tablerowloop`), which in Ruby is a drop, not a hash: it
    /// prints as its class name (`Liquid::ForloopDrop`), and has no `size`, while `first` and `last` are fields.
    var drop: LoopDrop?

    enum LoopDrop: UInt8, Sendable {
        case forloop, tablerowloop

        var rubyClassName: String {
            switch self {
            case .forloop: return "Liquid::ForloopDrop"
            case .tablerowloop: return "Liquid::TablerowloopDrop"
            }
        }
    }

    public init() {}

    public init(_ pairs: [(String, LiquidValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> LiquidValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The entries in insertion order.
    public var entries: [(key: String, value: LiquidValue)] {
        keys.map { ($0, values[$0] ?? .null) }
    }

    /// Ruby's `Hash#==`: the same keys with equal values, in any order.
    public static func == (left: LiquidHash, right: LiquidHash) -> Bool {
        left.values == right.values
    }
}

// No `ExpressibleByNilLiteral`: `nil` must keep meaning an absent optional, never Liquid's nil.
extension LiquidValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: LiquidValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, LiquidValue)...) { self = .hash(LiquidHash(elements)) }
}
