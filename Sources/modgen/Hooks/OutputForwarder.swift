/// Hands a hook's output on as it arrives, chunk by chunk, in memory bounded by one chunk whatever the hook
/// prints: a hook that writes hundreds of megabytes without a line break is forwarded as it goes, each byte looked
/// at once. Only the bytes of a UTF-8 character cut between two reads wait for the next read (at most three), so a
/// character is never split into two replacement characters.
struct OutputForwarder {
    private let output: (String) -> Void
    /// The start of a character whose last bytes have not arrived yet.
    private var pending: [UInt8] = []
    private var endsWithLineBreak = true

    init(output: @escaping (String) -> Void) {
        self.output = output
    }

    mutating func forward(_ chunk: ArraySlice<UInt8>) {
        guard !chunk.isEmpty else { return }
        var bytes = pending
        bytes.append(contentsOf: chunk)
        let complete = Self.completeLength(of: bytes)
        pending = Array(bytes[complete...])
        guard complete > 0 else { return }
        output(String(decoding: bytes[..<complete], as: UTF8.self))
        endsWithLineBreak = bytes[complete - 1] == UInt8(ascii: "\n")
    }

    /// The output has ended: what is left is written, and a last line without a line break gets one, so modgen's
    /// next line starts at the margin.
    mutating func finish() {
        if !pending.isEmpty {
            output(String(decoding: pending, as: UTF8.self))
            endsWithLineBreak = false
            pending = []
        }
        if !endsWithLineBreak { output("\n") }
        endsWithLineBreak = true
    }

    /// How many of `bytes` end on a character boundary: all of them, unless the last (up to four) bytes start a
    /// UTF-8 sequence that needs more bytes than have arrived.
    static func completeLength(of bytes: [UInt8]) -> Int {
        var start = bytes.count
        // Back over continuation bytes (10xxxxxx) to the lead byte of the last character, at most three of them.
        while start > 0, bytes.count - start < 3, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0 else { return bytes.count }
        let lead = bytes[start - 1]
        let needed =
            switch lead {
            case 0xC0...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF7: 4
            default: 1
            }
        let available = bytes.count - (start - 1)
        return available < needed ? start - 1 : bytes.count
    }
}
