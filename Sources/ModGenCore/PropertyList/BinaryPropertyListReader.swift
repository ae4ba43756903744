/// Reads a binary property list (`bplist00`): a header, the objects, a table of their offsets and a 32-byte trailer
/// saying where the table is and which object is the root. Every offset, count and reference is checked against
/// the file before use, and an object that contains itself is an error, so a damaged or hostile file cannot crash
/// or hang the reader. Positions are line 1, column = the object's byte offset + 1.
struct BinaryPropertyListReader {
    let bytes: [UInt8]
    let fileName: String
    private let limits: PropertyList.Limits
    private var offsets: [Int] = []
    private var referenceSize = 0
    private var valueCount = 0
    /// The objects being read, innermost last: a reference to one of them is a cycle.
    private var openObjects: [Int] = []

    init(bytes: [UInt8], fileName: String, limits: PropertyList.Limits) {
        self.bytes = bytes
        self.fileName = fileName
        self.limits = limits
    }

    private func error(_ reason: String, at offset: Int) -> DataFileError {
        DataFileError(fileName: fileName, position: SourcePosition(line: 1, column: offset + 1), reason: reason)
    }

    mutating func readDocument() throws(DataFileError) -> PropertyListValue {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw error("unsupported binary property list version (only bplist00 is read)", at: 0)
        }
        let trailerStart = bytes.count - 32
        guard trailerStart >= 8 else { throw error("truncated binary property list: no trailer", at: bytes.count) }
        let offsetSize = Int(bytes[trailerStart + 6])
        referenceSize = Int(bytes[trailerStart + 7])
        let objectCount = readUnsigned(at: trailerStart + 8, size: 8)
        let rootObject = readUnsigned(at: trailerStart + 16, size: 8)
        let tableOffset = readUnsigned(at: trailerStart + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw error("bad binary property list trailer: offset or reference size out of range", at: trailerStart)
        }
        guard objectCount > 0, tableOffset >= 8, tableOffset <= UInt64(trailerStart),
            objectCount <= (UInt64(trailerStart) - tableOffset) / UInt64(offsetSize), rootObject < objectCount
        else {
            throw error("bad binary property list trailer: the offset table does not fit the file", at: trailerStart)
        }
        let table = Int(tableOffset)
        offsets = try (0..<Int(objectCount)).map { (index: Int) throws(DataFileError) -> Int in
            let offset = readUnsigned(at: table + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < UInt64(table) else {
                throw error(
                    "object \(index)'s offset \(offset) is outside the object area", at: table + index * offsetSize)
            }
            return Int(offset)
        }
        return try readObject(Int(rootObject))
    }

    /// A big-endian unsigned integer of `size` bytes at `offset` (the caller has checked they are in the file).
    private func readUnsigned(at offset: Int, size: Int) -> UInt64 {
        bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func require(_ count: Int, at offset: Int, for what: String) throws(DataFileError) {
        guard count >= 0, offset <= bytes.count - 32, count <= bytes.count - 32 - offset else {
            throw error("truncated binary property list: \(what) runs past the object area", at: offset)
        }
    }

    private mutating func readObject(_ reference: Int) throws(DataFileError) -> PropertyListValue {
        let offset = offsets[reference]
        valueCount += 1
        if valueCount > limits.values {
            throw error("more than \(limits.values) values", at: offset)
        }
        let marker = bytes[offset]
        let (kind, info) = (marker >> 4, Int(marker & 0x0F))
        let content: PropertyListValue.Content
        switch kind {
        case 0x0:
            guard info == 0x8 || info == 0x9 else {
                throw error(
                    "unsupported object marker 0x\(String(marker, radix: 16)) (null and fill are not values)",
                    at: offset)
            }
            content = .bool(info == 0x9)
        case 0x1:
            content = .integer(try readInteger(at: offset))
        case 0x2:
            content = .real(try readReal(at: offset, size: 1 << info))
        case 0x3:
            guard info == 0x3 else { throw error("bad date marker", at: offset) }
            content = .date(PropertyListDate(secondsSinceReferenceDate: try readReal(at: offset, size: 8)))
        case 0x4:
            let (count, start) = try readCount(at: offset)
            try require(count, at: start, for: "data")
            content = .data(Array(bytes[start..<start + count]))
        case 0x5:
            let (count, start) = try readCount(at: offset)
            try require(count, at: start, for: "a string")
            content = .string(String(decoding: bytes[start..<start + count], as: Unicode.ASCII.self))
        case 0x6:
            content = .string(try readUTF16(at: offset))
        case 0x8:
            // A keyed archive's object reference; no template uses one, but the number keeps the file readable.
            try require(info + 1, at: offset + 1, for: "a UID")
            content = .integer(Int(truncatingIfNeeded: readUnsigned(at: offset + 1, size: min(info + 1, 8))))
        case 0xA, 0xC:
            content = .array(try readCollection(at: offset, reference: reference).map { $0.value })
        case 0xD:
            content = .dictionary(try readDictionary(at: offset, reference: reference))
        default:
            throw error("unsupported object marker 0x\(String(marker, radix: 16))", at: offset)
        }
        return PropertyListValue(content, position: SourcePosition(line: 1, column: offset + 1))
    }

    /// An integer object: 1, 2, 4 or 8 bytes (8 are signed), or 16 whose value must fit 64 bits.
    private func readInteger(at offset: Int) throws(DataFileError) -> Int {
        let size = 1 << Int(bytes[offset] & 0x0F)
        guard size <= 16 else { throw error("integer of \(size) bytes", at: offset) }
        try require(size, at: offset + 1, for: "an integer")
        if size == 16 {
            let high = readUnsigned(at: offset + 1, size: 8)
            let low = Int(bitPattern: UInt(readUnsigned(at: offset + 9, size: 8)))
            guard high == 0 && low >= 0 || high == UInt64.max && low < 0 else {
                throw error("integer outside the 64-bit range", at: offset)
            }
            return low
        }
        return Int(truncatingIfNeeded: readUnsigned(at: offset + 1, size: size))
    }

    private func readReal(at offset: Int, size: Int) throws(DataFileError) -> Double {
        guard size == 4 || size == 8 else { throw error("real number of \(size) bytes", at: offset) }
        try require(size, at: offset + 1, for: "a real number")
        let bits = readUnsigned(at: offset + 1, size: size)
        let number = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
        // As in XML: no template means infinity or not-a-number, and either would be written as a word.
        guard number.isFinite else { throw error("a real number that is not finite (\(number))", at: offset) }
        return number
    }

    /// The element count in an object's marker (or the integer object after it, for 15 and more) and where the
    /// elements start.
    private func readCount(at offset: Int) throws(DataFileError) -> (count: Int, start: Int) {
        let info = Int(bytes[offset] & 0x0F)
        guard info == 0x0F else { return (info, offset + 1) }
        try require(1, at: offset + 1, for: "a count")
        guard bytes[offset + 1] >> 4 == 0x1 else {
            throw error("bad count: expected an integer object", at: offset + 1)
        }
        let countSize = 1 << Int(bytes[offset + 1] & 0x0F)
        guard countSize <= 8 else { throw error("bad count: integer of \(countSize) bytes", at: offset + 1) }
        try require(countSize, at: offset + 2, for: "a count")
        let count = readUnsigned(at: offset + 2, size: countSize)
        guard count <= UInt64(bytes.count) else { throw error("count \(count) is larger than the file", at: offset) }
        return (Int(count), offset + 2 + countSize)
    }

    private func readUTF16(at offset: Int) throws(DataFileError) -> String {
        let (count, start) = try readCount(at: offset)
        guard count <= bytes.count / 2 else { throw error("count \(count) is larger than the file", at: offset) }
        try require(count * 2, at: start, for: "a string")
        let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }

    /// The objects an array or set refers to, read in order.
    private mutating func readCollection(at offset: Int, reference: Int) throws(DataFileError) -> [(
        value: PropertyListValue, offset: Int
    )] {
        let (count, start) = try readCount(at: offset)
        guard count <= bytes.count / referenceSize else {
            throw error("count \(count) is larger than the file", at: offset)
        }
        try require(count * referenceSize, at: start, for: "an array")
        return try readReferences(count: count, at: start, inside: reference)
    }

    private mutating func readDictionary(at offset: Int, reference: Int) throws(DataFileError) -> [PropertyListEntry] {
        let (count, start) = try readCount(at: offset)
        guard count <= bytes.count / (2 * referenceSize) else {
            throw error("count \(count) is larger than the file", at: offset)
        }
        try require(2 * count * referenceSize, at: start, for: "a dictionary")
        let keys = try readReferences(count: count, at: start, inside: reference)
        let values = try readReferences(count: count, at: start + count * referenceSize, inside: reference)
        return try zip(keys, values).map { (key, value) throws(DataFileError) -> PropertyListEntry in
            guard let text = key.value.string else {
                throw error("dictionary key is \(key.value.kindName), not a string", at: key.offset)
            }
            return PropertyListEntry(key: text, value: value.value, keyPosition: key.value.position)
        }
    }

    /// The `count` objects whose references start at `start`, read as children of `parent`.
    private mutating func readReferences(count: Int, at start: Int, inside parent: Int) throws(DataFileError) -> [(
        value: PropertyListValue, offset: Int
    )] {
        guard openObjects.count < limits.depth else {
            throw error("nesting deeper than \(limits.depth) levels", at: offsets[parent])
        }
        openObjects.append(parent)
        defer { openObjects.removeLast() }
        var children: [(value: PropertyListValue, offset: Int)] = []
        children.reserveCapacity(count)
        for index in 0..<count {
            let referenceOffset = start + index * referenceSize
            let child = readUnsigned(at: referenceOffset, size: referenceSize)
            guard child < UInt64(offsets.count) else {
                throw error("reference to object \(child), but the file has \(offsets.count)", at: referenceOffset)
            }
            guard !openObjects.contains(Int(child)) else {
                throw error("object \(child) contains itself", at: referenceOffset)
            }
            children.append((try readObject(Int(child)), offsets[Int(child)]))
        }
        return children
    }
}
