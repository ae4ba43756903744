/// Object IDs for new objects: 24 upper-case hexadecimal digits, as Xcode's, derived from what the object is
/// (not from a clock), so the same command gives the same bytes, and unique in the whole file — a collision with
/// any 24-character word of the file (which covers IDs pointing into other projects) draws the next candidate.
///
/// The file's words are not collected up front (a set of every ID in the file costs more than the rest of an edit):
/// IDs are drawn first, then one pass over the bytes looks for the few drawn (`drawnIDs(in:)`). An edit whose IDs
/// turn out to be taken is planned again with those words known taken, until none is: each seed then gets the
/// first candidate that is neither a word of the file nor drawn before it, the ID a check against every word would
/// have given.
struct ObjectIDs {
    /// 24 hexadecimal digits as their 96 bits, case ignored: a word of the file that is not hexadecimal can never
    /// be the same as a new ID.
    struct Bits: Hashable {
        var high: UInt64
        var low: UInt32
    }

    /// Words of the file known to be taken, and every ID drawn.
    private var taken: Set<Bits>
    private var drawn: [Bits] = []

    /// IDs drawn around `wordsOfTheFile`, words of the file found taken by an earlier plan.
    init(wordsOfTheFile: Set<Bits> = []) {
        taken = wordsOfTheFile
    }

    /// A new ID for the object `seed` describes (`fileRef:Modules/Home/HomeView.swift`).
    mutating func make(for seed: String) -> String {
        var attempt = 0
        while true {
            let bits = Self.digest(attempt == 0 ? seed : "\(seed)#\(attempt)")
            if taken.insert(bits).inserted {
                drawn.append(bits)
                return Self.text(of: bits)
            }
            attempt += 1
        }
    }

    /// The drawn IDs that are words of `bytes` (a run of exactly 24 letters, digits or `_`), case ignored.
    func drawnIDs(in bytes: [UInt8]) -> Set<Bits> {
        guard !drawn.isEmpty else { return [] }
        let wanted = Set(drawn)
        // A word's first 8 bytes, read as one integer with the case bit set, are compared with the drawn IDs' before
        // its digits are read: nearly every word of a project is an ID that differs there.
        let prefixes = drawn.map { bits in
            Array(Self.text(of: bits).utf8).withUnsafeBufferPointer { Self.foldedPrefix($0.baseAddress!) }
        }
        var found: Set<Bits> = []
        Self.wordBytes.withUnsafeBufferPointer { isWord in
            bytes.withUnsafeBufferPointer { buffer in
                func check(endingAt end: Int) {
                    let word = UnsafeBufferPointer(rebasing: buffer[(end - 24)..<end])
                    guard prefixes.contains(Self.foldedPrefix(word.baseAddress!)), let bits = Self.bits(of: word),
                        wanted.contains(bits)
                    else { return }
                    found.insert(bits)
                }
                // One pass over every byte of the file: kept to a table look-up and a count per byte.
                var run = 0
                for index in buffer.indices {
                    if isWord[Int(buffer[index])] {
                        run += 1
                        continue
                    }
                    if run == 24 { check(endingAt: index) }
                    run = 0
                }
                if run == 24 { check(endingAt: buffer.count) }
            }
        }
        return found
    }

    /// The first 8 bytes of `word` as one integer, each with the bit that tells `A` from `a` set (hexadecimal
    /// digits compare without case; other bytes may match falsely, which the whole comparison then rejects).
    private static func foldedPrefix(_ word: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(word).loadUnaligned(as: UInt64.self) | 0x2020_2020_2020_2020
    }

    /// Which bytes make up a word: letters, digits and `_`.
    private static let wordBytes: [Bool] = (0...255).map { byte in
        let byte = UInt8(byte)
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
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
