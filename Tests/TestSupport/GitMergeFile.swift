import Foundation

/// `git merge-file`, the reference three-way merge of the merge tests (a test-time tool: the tests that need it
/// are skipped, saying why, where git is not installed).
public struct GitMergeFile: Sendable {
    public var folder: TemporaryFolder
    public var yoursLabel: String
    public var theirsLabel: String

    public init(folder: TemporaryFolder, yoursLabel: String, theirsLabel: String) {
        self.folder = folder
        self.yoursLabel = yoursLabel
        self.theirsLabel = theirsLabel
    }

    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    public static var isAvailable: Bool { executable != nil }

    /// The merged text and the number of conflicts (git's exit status); `style` is `--diff3` or `--zdiff3` for
    /// conflicts that show the base (labelled `base`).
    public func merge(base: String, yours: String, theirs: String, style: String? = nil) throws -> (
        text: String, conflicts: Int
    ) {
        try folder.write("base", base)
        try folder.write("yours", yours)
        try folder.write("theirs", theirs)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable!)
        process.arguments =
            ["merge-file", "-p"] + (style.map { [$0] } ?? []) + [
                "-L", yoursLabel, "-L", "base", "-L", theirsLabel,
                folder.path("yours"), folder.path("base"), folder.path("theirs"),
            ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), Int(process.terminationStatus))
    }
}
