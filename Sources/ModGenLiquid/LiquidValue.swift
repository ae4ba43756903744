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
/// Most hashes a template reads hold a handful of keys, which are found by comparing them in order — cheaper than
/// hashing the key on every lookup; a hash that grows past a few keys gets an index by key, so a lookup never walks a
/// long list (as `LiquidScope` does).
public struct LiquidHash: Sendable, Equatable {
    /// The entries in insertion order.
    public private(set) var entries: [(key: String, value: LiquidValue)] = []
    /// Positions in `entries`, kept once there are more than `linearLimit` of them.
    private var positions: [String: Int]?
    private static let linearLimit = 8
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

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// The keys in insertion order.
    public var keys: [String] { entries.map(\.key) }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        var index = 0
        while index < entries.count {
            if entries[index].key == key { return index }
            index += 1
        }
        return nil
    }

    public subscript(key: String) -> LiquidValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    reindex()
                }
            } else if let newValue {
                entries.append((key, newValue))
                if positions != nil {
                    positions?[key] = entries.count - 1
                } else if entries.count > Self.linearLimit {
                    reindex()
                }
            }
        }
    }

    private mutating func reindex() {
        guard entries.count > Self.linearLimit else {
            positions = nil
            return
        }
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() { index[entry.key] = position }
        positions = index
    }

    /// Ruby's `Hash#==`: the same keys with equal values, in any order.
    public static func == (left: LiquidHash, right: LiquidHash) -> Bool {
        guard left.count == right.count else { return false }
        for (key, value) in left.entries {
            guard let other = right[key], other == value else { return false }
        }
        return true
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
