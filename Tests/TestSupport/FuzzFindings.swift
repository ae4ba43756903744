#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The inputs a fuzz target once failed on, committed in `Fuzz/Findings/<target>/` (Fuzz/README.md, "Findings"):
/// each target's tests replay them as the fuzzer checks them, so a finding stays fixed without libFuzzer.
public enum FuzzFindings {
    /// Each committed input of `target`, by file name, in name order.
    public static func inputs(of target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Findings/" + target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw UnreadableFinding(path: folder.appendingPathComponent(name).path)
            }
            return (name, Array(data))
        }
    }
}

/// A committed finding that could not be read.
public struct UnreadableFinding: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "cannot read \(path)" }
}
