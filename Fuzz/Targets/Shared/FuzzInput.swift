@testable import ModGenKit

/// The fuzzer's bytes, read the way the library reads a file.
enum FuzzInput {
    static func bytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Strict UTF-8, as for a real file: bytes that are not UTF-8 are the decoder's error (which is fuzzed too),
    /// not replacement characters that no file read by modgen could contain.
    static func text(_ start: UnsafeRawPointer, _ count: Int) -> String? {
        try? TextFile.decodeUTF8(bytes(start, count), fileName: "fuzz-input")
    }
}
