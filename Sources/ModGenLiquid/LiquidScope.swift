/// The names one scope of a render holds (a loop's variable and `forloop`, an include's arguments, the
/// assigned variables). Most hold a handful of names, which are found by comparing them in order — cheaper than
/// hashing the name once per scope on every lookup; a scope that grows past a few names (many `assign`s) gets an
/// index by name, so a lookup never walks a long list.
struct LiquidScope: ExpressibleByDictionaryLiteral {
    typealias Slot = LiquidRenderer.Slot

    private var entries: [(name: String, slot: Slot)] = []
    /// Positions in `entries`, kept once there are more than `linearLimit` of them.
    private var positions: [String: Int]?
    private static let linearLimit = 8

    init() {}

    var isEmpty: Bool { entries.isEmpty }

    init(dictionaryLiteral elements: (String, Slot)...) {
        for (name, slot) in elements { self[name] = slot }
    }

    private func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        return entries.firstIndex { $0.name == name }
    }

    subscript(name: String) -> Slot? {
        get { position(of: name).map { entries[$0].slot } }
        set {
            if let position = position(of: name) {
                if let newValue {
                    entries[position].slot = newValue
                } else {
                    entries.remove(at: position)
                    reindex()
                }
            } else if let newValue {
                entries.append((name, newValue))
                if positions != nil {
                    positions?[name] = entries.count - 1
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
        for (position, entry) in entries.enumerated() { index[entry.name] = position }
        positions = index
    }
}

/// Where each `for` loop stopped, by the loop's name, for `offset: continue`: a template has a few loops, so a list
/// searched in order, with nothing hashed or allocated for a render that never loops.
struct LiquidLoopOffsets: ExpressibleByDictionaryLiteral {
    private var entries: [(name: String, offset: Int)] = []

    init(dictionaryLiteral elements: (String, Int)...) {
        for (name, offset) in elements { self[name] = offset }
    }

    subscript(name: String) -> Int? {
        get { entries.first { $0.name == name }?.offset }
        set {
            if let index = entries.firstIndex(where: { $0.name == name }) {
                if let newValue { entries[index].offset = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((name, newValue))
            }
        }
    }
}
