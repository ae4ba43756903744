/// An object in a Mustache context: keys in the order they were first set.
///
/// Name resolution looks keys up on every tag, so lookups must be fast: small objects (the usual case) compare keys
/// one by one, which beats hashing a string; larger ones keep a hash index. Keeping the order makes anything that
/// lists the keys deterministic, as ``JSONValue`` objects are.
public struct MustacheObject: Sendable {
    private var entries: [(key: String, value: MustacheValue)] = []
    /// Key → position in `entries`, only for objects with more than `indexedSize` keys.
    private var indices: [String: Int]?
    private static let indexedSize = 12

    /// An empty object.
    public init() {}

    /// The keys, in the order they were first set.
    public var keys: [String] { entries.map(\.key) }

    /// The number of keys.
    public var count: Int { entries.count }

    /// The value of `key`; setting an existing key keeps its place, setting `nil` removes it.
    public subscript(key: String) -> MustacheValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let index = position(of: key) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    rebuildIndices()
                }
            } else if let newValue {
                entries.append((key, newValue))
                if indices != nil {
                    indices?[key] = entries.count - 1
                } else if entries.count > Self.indexedSize {
                    rebuildIndices()
                }
            }
        }
    }

    private func position(of key: String) -> Int? {
        if let indices { return indices[key] }
        for index in entries.indices where entries[index].key == key { return index }
        return nil
    }

    private mutating func rebuildIndices() {
        guard entries.count > Self.indexedSize else {
            indices = nil
            return
        }
        var built: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { built[entry.key] = index }
        indices = built
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        for (key, value) in elements { self[key] = value }
    }
}
