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
    /// The bytes of an unfinished block (fewer than 64).
    private var pending: [UInt8] = []
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

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length += UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending += bytes[0..<taken]
            start = taken
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { Self.compress($0, into: &state) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - start) / 64 * 64
        if whole > 0 { Self.compress(UnsafeRawBufferPointer(rebasing: bytes[start..<start + whole]), into: &state) }
        pending += bytes[(start + whole)...]
    }

    /// The digest of everything given, as 64 lowercase hexadecimal digits (the hash is finished: give it no more).
    public mutating func hexDigest() -> String {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let block = pending + tail
        block.withUnsafeBytes { Self.compress($0, into: &state) }
        pending = []
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

    /// Runs the compression function over `blocks`, a whole number of 64-byte blocks. The message schedule and
    /// the constants are read through unchecked pointers: this loop is all the hash costs.
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
                            let sigma0 = rotate(early, 7) ^ rotate(early, 18) ^ (early >> 3)
                            let sigma1 = rotate(late, 17) ^ rotate(late, 19) ^ (late >> 10)
                            words[index] = words[index - 16] &+ sigma0 &+ words[index - 7] &+ sigma1
                        }
                        var (a, b, c, d, e, f, g, h) = (
                            state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
                        )
                        for index in 0..<64 {
                            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                            let choice = (e & f) ^ (~e & g)
                            let temporary1 = h &+ sum1 &+ choice &+ constants[index] &+ words[index]
                            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                            let majority = (a & b) ^ (a & c) ^ (b & c)
                            let temporary2 = sum0 &+ majority
                            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temporary1, c, b, a, temporary1 &+ temporary2)
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

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
