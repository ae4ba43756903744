/// The paths that name a value in a JSON document: `""` for the root, `options[2].kind` for deeper values. Keys
/// are separated by `.` and array indexes written in brackets, so a key holding either cannot be named.
enum JSONPath {
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    /// The components of `path`, in order.
    static func components(of path: String) -> [Component] {
        var result: [Component] = []
        forEachComponent(of: path) { component in
            result.append(component)
            return true
        }
        return result
    }

    /// Calls `body` with each component of `path` in order until it returns `false`.
    ///
    /// The readers look every field up by path, and keep the position of most of them for later messages, so this
    /// runs a few hundred times per manifest read: one pass over the UTF-8 bytes, no array and no substrings
    /// (splitting with `split` and `firstIndex` cost about 17,000 instructions for `options[2].kind`).
    /// Empty parts are skipped (`a..b` is `a.b`), so are brackets that hold no number and text after the brackets.
    static func forEachComponent(of path: String, _ body: (Component) -> Bool) {
        var path = path
        path.withUTF8 { bytes in
            var partStart = 0
            while partStart < bytes.count {
                // One part between dots: a key, then any number of `[n]`; whatever follows those names nothing.
                var partEnd = partStart
                while partEnd < bytes.count, bytes[partEnd] != UInt8(ascii: ".") { partEnd += 1 }
                var index = partStart
                while index < partEnd, bytes[index] != UInt8(ascii: "[") { index += 1 }
                if index > partStart, !body(.key(String(decoding: bytes[partStart..<index], as: UTF8.self))) {
                    return
                }
                while index < partEnd, bytes[index] == UInt8(ascii: "["),
                    let close = bytes[index..<partEnd].firstIndex(of: UInt8(ascii: "]"))
                {
                    if let number = Self.index(bytes[(index + 1)..<close]), !body(.index(number)) { return }
                    index = close + 1
                }
                partStart = partEnd + 1
            }
        }
    }

    /// The number written in brackets: decimal digits (the paths the readers build), else whatever `Int` reads.
    private static func index(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return Int(String(decoding: bytes, as: UTF8.self)) }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                return Int(String(decoding: bytes, as: UTF8.self))
            }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
