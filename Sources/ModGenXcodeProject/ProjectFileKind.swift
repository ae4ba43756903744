/// What Xcode records for a file by its extension: the `lastKnownFileType` of its reference and the build phase
/// it joins (the table Xcode and every project in the corpus agree on).
struct ProjectFileKind: Equatable {
    enum Phase: String {
        case sources = "PBXSourcesBuildPhase"
        case resources = "PBXResourcesBuildPhase"

        /// The name Xcode uses in comments for a phase without a `name`.
        var defaultName: String { self == .sources ? "Sources" : "Resources" }
    }

    let fileType: String
    /// nil: the file is referenced but built by no phase (headers, Info.plist, documentation).
    let phase: Phase?

    init(fileName: String) {
        let dot = fileName.lastIndex(of: ".")
        let fileExtension = dot.map { String(fileName[fileName.index(after: $0)...]).lowercased() } ?? ""
        (fileType, phase) = Self.table[fileExtension] ?? ("text", nil)
    }

    private static let table: [String: (String, Phase?)] = [
        "swift": ("sourcecode.swift", .sources),
        "m": ("sourcecode.c.objc", .sources),
        "mm": ("sourcecode.cpp.objcpp", .sources),
        "c": ("sourcecode.c.c", .sources),
        "cpp": ("sourcecode.cpp.cpp", .sources),
        "h": ("sourcecode.c.h", nil),
        "storyboard": ("file.storyboard", .resources),
        "xib": ("file.xib", .resources),
        "xcassets": ("folder.assetcatalog", .resources),
        "strings": ("text.plist.strings", .resources),
        "xcstrings": ("text.json.xcstrings", .resources),
        "json": ("text.json", .resources),
        "png": ("image.png", .resources),
        "plist": ("text.plist.xml", nil),
        "md": ("net.daringfireball.markdown", nil),
    ]

    /// Folders Xcode references as one file (an asset catalog), never as a group of their contents.
    static func isBundleFolder(_ name: String) -> Bool { name.lowercased().hasSuffix(".xcassets") }
}

/// How Xcode writes a string value: bare when it holds only `A–Z a–z 0–9 _ $ . /` (and no `//` or `___`),
/// otherwise quoted with `\\`, `\"`, `\t` and `\n` escaped.
enum ProjectText {
    static func quoted(_ text: String) -> String {
        let isBare =
            !text.isEmpty && !text.contains("//") && !text.contains("___")
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."),
                    UInt8(ascii: "/"):
                    return true
                default:
                    return false
                }
            }
        if isBare { return text }
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// A name as it can stand in a `/* … */` comment: Xcode writes names verbatim, but a `*/` would end it.
    static func comment(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "/", result.last == "*" { result.append("_") }
            result.append(character)
        }
        return result
    }
}

/// Object IDs for new objects: 24 upper-case hexadecimal digits, as Xcode's, derived from what the object is
/// (not from a clock), so the same command gives the same bytes, and unique in the whole file — a collision with
/// any 24-character word of the file (which covers IDs pointing into other projects) draws the next candidate.
struct ObjectIDs {
    /// 24 hexadecimal digits as their 96 bits, case ignored: a word of the file that is not hexadecimal can never
    /// be the same as a new ID, so the others are kept as numbers, without a string apiece.
    private struct Bits: Hashable {
        var high: UInt64
        var low: UInt32
    }

    private var taken: Set<Bits> = []

    init(bytes: [UInt8]) {
        // One pass over every byte of the file: kept to a table look-up and a count per byte.
        Self.wordBytes.withUnsafeBufferPointer { isWord in
            bytes.withUnsafeBufferPointer { buffer in
                var run = 0
                for index in buffer.indices {
                    if isWord[Int(buffer[index])] {
                        run += 1
                        continue
                    }
                    if run == 24 { insert(buffer, endingAt: index) }
                    run = 0
                }
                if run == 24 { insert(buffer, endingAt: buffer.count) }
            }
        }
    }

    /// Which bytes make up a word: letters, digits and `_`.
    private static let wordBytes: [Bool] = (0...255).map { byte in
        let byte = UInt8(byte)
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// Takes the 24-byte word that ends at `end`, when it is hexadecimal.
    private mutating func insert(_ buffer: UnsafeBufferPointer<UInt8>, endingAt end: Int) {
        if let bits = Self.bits(of: UnsafeBufferPointer(rebasing: buffer[(end - 24)..<end])) { taken.insert(bits) }
    }

    /// The value of 24 hexadecimal digits in either case, or nil when any is no hexadecimal digit.
    private static func bits(of word: UnsafeBufferPointer<UInt8>) -> Bits? {
        var high: UInt64 = 0
        var low: UInt32 = 0
        for (index, byte) in word.enumerated() {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if index < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt32(digit) }
        }
        return Bits(high: high, low: low)
    }

    /// A new ID for the object `seed` describes (`fileRef:Modules/Home/HomeView.swift`).
    mutating func make(for seed: String) -> String {
        var attempt = 0
        while true {
            let bits = Self.digest(attempt == 0 ? seed : "\(seed)#\(attempt)")
            if taken.insert(bits).inserted { return Self.text(of: bits) }
            attempt += 1
        }
    }

    /// 96 bits of two FNV-1a hashes of `text`, as 24 upper-case hexadecimal digits.
    static func hexDigest(_ text: String) -> String { self.text(of: digest(text)) }

    private static func digest(_ text: String) -> Bits {
        func fnv(_ basis: UInt64) -> UInt64 {
            text.utf8.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        }
        return Bits(high: fnv(0xCBF2_9CE4_8422_2325), low: UInt32(fnv(0x8422_2325_CBF2_9CE4) & 0xFFFF_FFFF))
    }

    private static func text(of bits: Bits) -> String {
        func hex(_ value: UInt64, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return hex(bits.high, digits: 16) + hex(UInt64(bits.low), digits: 8)
    }
}
