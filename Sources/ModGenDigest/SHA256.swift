/// SHA-256 (FIPS 180-4), for the names of recorded template versions: a name that is the hash of the contents
/// stores each version once however many modules use it, and tells a copy edited by hand from the original.
/// Foundation on Linux has no hash functions without the crypto libraries modgen does not link.
///
/// Incremental (`update` any number of times, then `hexDigest`), so a set of files is hashed without first being
/// copied into one array; whole 64-byte blocks are compressed straight from the caller's bytes.
public struct SHA256: Sendable {
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// The bytes of an unfinished block: the first `pendingCount` of these 64.
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    /// Every byte given so far.
    private var length: UInt64 = 0

    public init() {}

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the UTF-8 of `text` to the message.
    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        length += UInt64(bytes.count)
        var start = 0
        if pendingCount > 0 {
            start = min(64 - pendingCount, bytes.count)
            appendPending(UnsafeRawBufferPointer(start: base, count: start))
            guard pendingCount == 64 else { return }
            pending.withUnsafeBytes { Self.compress($0, into: &state) }
            pendingCount = 0
        }
        let whole = (bytes.count - start) / 64 * 64
        if whole > 0 { Self.compress(UnsafeRawBufferPointer(start: base + start, count: whole), into: &state) }
        appendPending(UnsafeRawBufferPointer(start: base + start + whole, count: bytes.count - start - whole))
    }

    /// Copies `bytes` (no more than the unfinished block has room for) after the pending bytes.
    private mutating func appendPending(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let offset = pendingCount
        pending.withUnsafeMutableBytes {
            ($0.baseAddress! + offset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        pendingCount += bytes.count
    }

    /// The digest of everything given, as 64 lowercase hexadecimal digits (the hash is finished: give it no more).
    public mutating func hexDigest() -> String {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        while (pendingCount + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let block = pending[0..<pendingCount] + tail
        block.withUnsafeBytes { Self.compress($0, into: &state) }
        pendingCount = 0
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) {
                text.append(digits[Int((word >> UInt32(shift)) & 0xf)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Runs the compression function over `blocks`, a whole number of 64-byte blocks. This loop is all the hash
    /// costs, so it is written out for the compiler: eight rounds a step, each naming the working variables in the
    /// order the previous round shifted them to (no moves between rounds), the message schedule in a stack buffer and
    /// the constants read through unchecked pointers.
    private static func compress(_ blocks: UnsafeRawBufferPointer, into state: inout [UInt32]) {
        roundConstants.withUnsafeBufferPointer { constants in
            state.withUnsafeMutableBufferPointer { state in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
                    var offset = 0
                    while offset < blocks.count {
                        for index in 0..<16 {
                            let word = blocks.loadUnaligned(fromByteOffset: offset + index * 4, as: UInt32.self)
                            words[index] = UInt32(bigEndian: word)
                        }
                        for index in 16..<64 {
                            let early = words[index - 15]
                            let late = words[index - 2]
                            // σ0 = ⋙7 ⊕ ⋙18 ⊕ ≫3 and σ1 = ⋙17 ⊕ ⋙19 ⊕ ≫10, the rotations nested as in `round`.
                            let sigma0 = rotate(rotate(early, 11) ^ early, 7) ^ (early >> 3)
                            let sigma1 = rotate(rotate(late, 2) ^ late, 17) ^ (late >> 10)
                            words[index] = words[index - 16] &+ sigma0 &+ words[index - 7] &+ sigma1
                        }
                        var a = state[0]
                        var b = state[1]
                        var c = state[2]
                        var d = state[3]
                        var e = state[4]
                        var f = state[5]
                        var g = state[6]
                        var h = state[7]
                        var index = 0
                        while index < 64 {
                            let k = constants.baseAddress! + index
                            let w = words.baseAddress! + index
                            round(a, b, c, &d, e, f, g, &h, k[0] &+ w[0])
                            round(h, a, b, &c, d, e, f, &g, k[1] &+ w[1])
                            round(g, h, a, &b, c, d, e, &f, k[2] &+ w[2])
                            round(f, g, h, &a, b, c, d, &e, k[3] &+ w[3])
                            round(e, f, g, &h, a, b, c, &d, k[4] &+ w[4])
                            round(d, e, f, &g, h, a, b, &c, k[5] &+ w[5])
                            round(c, d, e, &f, g, h, a, &b, k[6] &+ w[6])
                            round(b, c, d, &e, f, g, h, &a, k[7] &+ w[7])
                            index += 8
                        }
                        state[0] &+= a
                        state[1] &+= b
                        state[2] &+= c
                        state[3] &+= d
                        state[4] &+= e
                        state[5] &+= f
                        state[6] &+= g
                        state[7] &+= h
                        offset += 64
                    }
                }
            }
        }
    }

    /// One round of the compression function: `d` and `h` are the two variables a round changes; the caller
    /// renames the eight for the next round instead of moving them.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ constantAndWord: UInt32
    ) {
        // Σ1(e) = e⋙6 ⊕ e⋙11 ⊕ e⋙25 and Σ0(a) = a⋙2 ⊕ a⋙13 ⊕ a⋙22, nested so each needs one copy of its input.
        let sum1 = rotate(rotate(rotate(e, 14) ^ e, 5) ^ e, 6)
        let choice = g ^ (e & (f ^ g))
        let temporary1 = h &+ sum1 &+ choice &+ constantAndWord
        let sum0 = rotate(rotate(rotate(a, 9) ^ a, 11) ^ a, 2)
        let majority = (a & b) | (c & (a | b))
        d &+= temporary1
        h = temporary1 &+ sum0 &+ majority
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
