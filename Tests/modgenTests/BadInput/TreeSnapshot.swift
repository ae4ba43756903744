import Foundation

/// Everything on disk below a folder, taken without following symbolic links or opening anything but regular
/// files (opening a FIFO would block): what a bad-input case compares before and after a run to prove that the
/// run wrote nothing, or exactly what it should.
struct TreeSnapshot: Equatable {
    /// One file system object, as `lstat` sees it.
    struct Entry: Equatable, CustomStringConvertible {
        enum Kind: String { case file, folder, symlink, fifo, other }

        var kind: Kind
        /// The permission bits (`0o644`), so a run that changes a mode shows.
        var permissions: UInt32
        /// FNV-1a of a regular file's bytes, or of a symbolic link's target; 0 for the rest.
        var contentHash: UInt64
        var size: Int64
        /// A regular file's or link's inode and modification time in nanoseconds: a file rewritten with the same
        /// bytes is still a change. Folders leave them out, since a temporary file made and removed inside one
        /// changes its time without changing what is in it.
        var inode: UInt64
        var modified: Int64

        var description: String {
            "\(kind.rawValue) \(String(permissions, radix: 8)) \(size) bytes #\(String(contentHash, radix: 16))"
        }
    }

    /// Every object below the root by its path relative to the root (`out/Home/HomePresenter.swift`).
    var entries: [String: Entry]

    init(of root: URL) {
        entries = [:]
        walk(root.path, relative: "")
    }

    private mutating func walk(_ path: String, relative: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        let kind = Self.kind(of: status.st_mode)
        var entry = Entry(
            kind: kind, permissions: UInt32(status.st_mode) & 0o7777, contentHash: 0, size: Int64(status.st_size),
            inode: 0, modified: 0)
        if kind == .file || kind == .symlink {
            entry.inode = UInt64(status.st_ino)
            #if canImport(Darwin)
                let time = status.st_mtimespec
            #else
                let time = status.st_mtim
            #endif
            entry.modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        }
        switch kind {
        case .file:
            entry.contentHash = Self.hash(FileManager.default.contents(atPath: path) ?? Data())
        case .symlink:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
            entry.contentHash = Self.hash(Data(target.utf8))
        case .folder:
            let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for child in children {
                walk(path + "/" + child, relative: relative.isEmpty ? child : relative + "/" + child)
            }
        case .fifo, .other:
            break
        }
        if !relative.isEmpty { entries[relative] = entry }
    }

    private static func kind(of mode: mode_t) -> Entry.Kind {
        switch mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symlink
        case S_IFIFO: return .fifo
        default: return .other
        }
    }

    /// 64-bit FNV-1a: enough to tell contents apart in a test, with nothing beyond the standard library.
    static func hash(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// The paths that were added, removed or changed in any way between `self` and `later`, each with what
    /// happened, sorted: the message of a failed comparison and the set a writing case compares.
    func changes(to later: TreeSnapshot) -> [String: String] {
        var result: [String: String] = [:]
        for (path, entry) in entries where later.entries[path] != entry {
            result[path] = later.entries[path].map { "changed: \(entry) -> \($0)" } ?? "removed: \(entry)"
        }
        for (path, entry) in later.entries where entries[path] == nil {
            result[path] = "added: \(entry)"
        }
        return result
    }
}
