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

    /// The merges could not be run.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

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

    /// Many merges, each as `merge(base:yours:theirs:style:)` makes it (the same `git merge-file` command), in
    /// order, run one after another by one `sh`: a git started from the test process costs tens of milliseconds
    /// of waiting (Foundation's `Process` looks for the exit every 50 ms), one started by the shell a few.
    public func merge(
        _ cases: [(base: String, yours: String, theirs: String)], style: String? = nil
    ) throws -> [(text: String, conflicts: Int)] {
        for (index, (base, yours, theirs)) in cases.enumerated() {
            try folder.write("base.\(index)", base)
            try folder.write("yours.\(index)", yours)
            try folder.write("theirs.\(index)", theirs)
        }
        // $1 git, $2 and $3 the labels, $4 how many, $5 the style or nothing.
        let script = """
            i=0
            while [ "$i" -lt "$4" ]; do
                "$1" merge-file -p ${5:+"$5"} -L "$2" -L base -L "$3" "yours.$i" "base.$i" "theirs.$i" >"merged.$i"
                echo "$?" >"status.$i"
                i=$((i + 1))
            done
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.currentDirectoryURL = folder.url
        process.arguments = [
            "-c", script, "sh", Self.executable!, yoursLabel, theirsLabel, "\(cases.count)", style ?? "",
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "the merges' sh exited with \(process.terminationStatus)")
        }
        return try cases.indices.map { index in
            guard let text = folder.read("merged.\(index)"),
                let status = folder.read("status.\(index)").flatMap({
                    Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
                })
            else {
                throw Failure(description: "git merge-file left no result for case \(index)")
            }
            return (text, status)
        }
    }
}
