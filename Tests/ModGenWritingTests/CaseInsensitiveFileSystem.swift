import Foundation

@testable import ModGenWriting

/// The live file system as macOS's APFS shows it by default: case-insensitive and case-preserving. These machines
/// have no such file system (no casefold folders, no vfat, no FUSE), so this is the model the writer's case rules
/// are tested against: every path is looked up name by name, an existing name matching in any case (an exact match
/// first), and `realpath` answers with the names as they are on disk, as Darwin's does. A name that exists in
/// another case cannot be created again (`EEXIST`); renaming onto it replaces that file, and the entry then has the
/// new spelling (a rename of a file onto itself in another case only changes the case).
final class CaseInsensitiveFileSystem: FileSystem {
    private let live = LiveFileSystem()
    /// The n-th `createFile` fails with EIO: to see a case-only rename rolled back.
    var failingCreateFile: Int?
    private var createFileCalls = 0

    /// `path` with each existing name spelled as it is on disk, the rest as given.
    func onDisk(_ path: String) -> String {
        var current = ""
        var found = true
        for component in path.split(separator: "/").map(String.init) {
            let parent = current.isEmpty ? "/" : current
            if found, component != ".", component != "..",
                let names = try? FileManager.default.contentsOfDirectory(atPath: parent)
            {
                if let match = names.first(where: { $0 == component })
                    ?? names.first(where: { $0.lowercased() == component.lowercased() })
                {
                    current += "/" + match
                    continue
                }
            }
            found = false
            current += "/" + component
        }
        return current.isEmpty ? "/" : current
    }

    func caseRule(holding existingPath: String) -> CaseRule { .insensitive }

    func status(of path: String) throws(FileSystemError) -> (kind: FileKind, permissions: UInt32)? {
        try live.status(of: onDisk(path))
    }
    func resolvedPath(_ path: String) throws(FileSystemError) -> String { try live.resolvedPath(onDisk(path)) }
    func linkDestination(of path: String) throws(FileSystemError) -> String {
        try live.linkDestination(of: onDisk(path))
    }
    func readFile(at path: String) throws(FileSystemError) -> [UInt8] { try live.readFile(at: onDisk(path)) }
    func createDirectory(at path: String) throws(FileSystemError) { try live.createDirectory(at: onDisk(path)) }
    func identity(of path: String) throws(FileSystemError) -> FileIdentity? { try live.identity(of: onDisk(path)) }
    func createFile(
        at path: String, bytes: [UInt8], permissions: UInt32?, owner: FileOwner?
    ) throws(FileSystemError) -> FileIdentity {
        createFileCalls += 1
        if createFileCalls == failingCreateFile { throw FileSystemError(path: path, errorNumber: EIO) }
        return try live.createFile(at: onDisk(path), bytes: bytes, permissions: permissions, owner: owner)
    }
    func link(_ source: String, to destination: String) throws(FileSystemError) {
        try live.link(onDisk(source), to: onDisk(destination))
    }
    func entries(of directory: String, startingWith prefix: String) throws(FileSystemError) -> [String] {
        try live.entries(of: onDisk(directory), startingWith: prefix)
    }
    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        let from = onDisk(source)
        let existing = onDisk(destination)
        let parent = TargetResolver<LiveFileSystem>.parent(of: existing)
        let spelled = TargetResolver<LiveFileSystem>.join(parent, String(destination.split(separator: "/").last!))
        if existing != spelled, try live.identity(of: existing) != nil {
            // The destination exists under another spelling: the file there is replaced (unless it is the source
            // itself, renamed in case), and the entry takes the spelling the rename asked for.
            if try live.identity(of: existing) != live.identity(of: from) { try live.removeFile(at: existing) }
        }
        try live.rename(from, to: spelled)
    }
    /// An exchange swaps the files of the names as they are on disk; a no-replace rename finds a name taken in any
    /// case, as APFS's `RENAME_EXCL` does.
    func rename(
        _ source: String, to destination: String, mode: AtomicRename
    ) throws(FileSystemError) -> AtomicRenameResult {
        switch mode {
        case .exchange:
            return try live.rename(onDisk(source), to: onDisk(destination), mode: .exchange)
        case .noReplace:
            if try live.identity(of: onDisk(destination)) != nil { return .destinationExists }
            try rename(source, to: destination)
            return .renamed
        }
    }
    func removeFile(at path: String) throws(FileSystemError) { try live.removeFile(at: onDisk(path)) }
    func removeDirectory(at path: String) throws(FileSystemError) { try live.removeDirectory(at: onDisk(path)) }
}
