/// An object in a Mustache context: keys in the order they were first set, found by a hash lookup.
///
/// Name resolution only ever looks keys up, but keeping their order makes anything that lists them (debugging,
/// tests) deterministic, as ``JSONValue`` objects are.
public struct MustacheObject: Sendable {
    private var entries: [(key: String, value: MustacheValue)] = []
    private var indices: [String: Int] = [:]

    public init() {}

    /// The keys, in the order they were first set.
    public var keys: [String] { entries.map(\.key) }

    public var count: Int { entries.count }

    /// The value of `key`; setting an existing key keeps its place, setting `nil` removes it.
    public subscript(key: String) -> MustacheValue? {
        get { indices[key].map { entries[$0].value } }
        set {
            if let index = indices[key] {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    indices[key] = nil
                    for shifted in index..<entries.count { indices[entries[shifted].key] = shifted }
                }
            } else if let newValue {
                indices[key] = entries.count
                entries.append((key, newValue))
            }
        }
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        for (key, value) in elements { self[key] = value }
    }
}
