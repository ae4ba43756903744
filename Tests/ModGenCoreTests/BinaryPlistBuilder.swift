/// Assembles small binary property lists by hand, for files no tool would write: damaged, cyclic, hostile.
enum BinaryPlistBuilder {
    /// A `bplist00` file holding `objects` (each already encoded) in order, `root` the top object, references of
    /// `referenceSize` bytes and offsets of 4.
    static func file(_ objects: [[UInt8]], root: Int = 0, referenceSize: Int = 2) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += bigEndian(offset, size: 4) }
        bytes += [0, 0, 0, 0, 0, 0, 4, UInt8(referenceSize)]
        bytes += bigEndian(objects.count, size: 8) + bigEndian(root, size: 8) + bigEndian(tableOffset, size: 8)
        return bytes
    }

    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// An array object referring to `references` (fewer than 15).
    static func array(_ references: [Int], referenceSize: Int = 2) -> [UInt8] {
        [0xA0 | UInt8(references.count)] + references.flatMap { bigEndian($0, size: referenceSize) }
    }

    /// A dictionary object: keys' references, then values'.
    static func dictionary(keys: [Int], values: [Int]) -> [UInt8] {
        [0xD0 | UInt8(keys.count)] + (keys + values).flatMap { bigEndian($0, size: 2) }
    }

    static func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }

    /// `depth` arrays, each holding the next; the innermost is empty.
    static func nestedArrays(depth: Int) -> [UInt8] {
        file((0..<depth).map { $0 == depth - 1 ? array([]) : array([$0 + 1]) })
    }
}
