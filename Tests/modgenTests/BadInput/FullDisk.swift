import Foundation
import TestSupport
import Testing

/// A small tmpfs mounted over a folder of a case, so that a run meets a full disk (`ENOSPC`) for real.
enum FullDisk {
    /// Whether a tmpfs can be mounted here: not as another user than root, without `CAP_SYS_ADMIN` in a container,
    /// or on macOS (no tmpfs). Tried once, with a mount that is taken down again; the cases are skipped (with this
    /// reason) when it fails, since a full disk cannot be simulated then.
    static let canMount: Bool = {
        guard let probe = try? TemporaryFolder.isolated() else { return false }
        defer { probe.remove() }
        guard (try? mount("probe", size: "64k", in: probe)) != nil else { return false }
        unmount("probe", in: probe)
        return true
    }()

    struct MountFailure: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "cannot mount a tmpfs here (mount exit code \(status))" }
    }

    /// Mounts a tmpfs of `size` (`256k`) at `relativePath`.
    static func mount(_ relativePath: String, size: String, in folder: TemporaryFolder) throws {
        try folder.makeFolder(relativePath)
        let status = run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path(relativePath)])
        if status != 0 { throw MountFailure(status: status) }
    }

    static func unmount(_ relativePath: String, in folder: TemporaryFolder) {
        _ = run("/bin/umount", [folder.path(relativePath)])
    }

    /// Fills the file system holding `relativePath` (a new file there) with zeros until at most `leaving` bytes
    /// are free.
    static func fill(_ relativePath: String, leaving: Int, in folder: TemporaryFolder) throws {
        guard FileManager.default.createFile(atPath: folder.path(relativePath), contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent(relativePath))
        defer { try? handle.close() }
        let page = Data(count: 4_096)
        while try freeBytes(at: folder.path(relativePath)) > leaving {
            do { try handle.write(contentsOf: page) } catch { break }
        }
    }

    private static func freeBytes(at path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: path)
        return (attributes[.systemFreeSize] as? NSNumber)?.intValue ?? 0
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension BadInputCatalogue {
    /// Runs that meet a full disk: exit 74, everything this run wrote rolled back, no temporary file left.
    static let fullDisk: [BadInputCase] = [
        // Two or three of the five files fit: the ones written must be removed again.
        BadInputCase(
            "new into a disk that fills up", ["new", "Home", "-o", "out"], status: 74,
            words: ["no space left on device", "nothing was changed"],
            setUp: { folder in
                try FullDisk.mount("out", size: "256k", in: folder)
                try FullDisk.fill("out/filler", leaving: 8_192, in: folder)
            }, tearDown: { FullDisk.unmount("out", in: $0) }),
        BadInputCase(
            "support into a disk that fills up", ["support", "viper", "-o", "out"], status: 74,
            words: ["no space left on device", "nothing was changed"],
            setUp: { folder in
                try FullDisk.mount("out", size: "256k", in: folder)
                try FullDisk.fill("out/filler", leaving: 8_192, in: folder)
            }, tearDown: { FullDisk.unmount("out", in: $0) }),
        // Overwriting needs room for the new contents before the old are dropped: the old must survive.
        BadInputCase(
            "force over old files on a full disk", ["new", "Home", "-o", "out", "--force"], status: 74,
            words: ["no space left on device", "nothing was changed"],
            setUp: { folder in
                try FullDisk.mount("out", size: "256k", in: folder)
                for file in viperDefaultFiles { try folder.write("out/\(file)", "old\n") }
                try FullDisk.fill("out/filler", leaving: 0, in: folder)
            }, tearDown: { FullDisk.unmount("out", in: $0) }),
    ]
}
