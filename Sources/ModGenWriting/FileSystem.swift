import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names on disk, as `lstat` sees it (a symbolic link is not followed).
enum FileKind: Equatable, Sendable {
    case regularFile
    case directory
    case symbolicLink
    /// A FIFO, socket or device: never read or replaced, reading a FIFO could block forever.
    case other
}

/// Which file a path held when modgen looked. Roll-back undoes a change only while the path still holds the very
/// file this run put there, so it never removes or replaces another process's file. Device and inode name the
/// file, but a file system reuses a freed inode at once, so the modification time (to the nanosecond where the
/// file system keeps it) and the size tell a replacement made in the same inode apart.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var modificationSeconds: Int64
    var modificationNanoseconds: Int64
    var size: Int64
    /// The owner and group, which a file modgen replaces keeps (as it keeps its permission bits).
    var owner: FileOwner

    init(_ info: stat) {
        // `dev_t` is signed on Darwin (Int32) and a network or FUSE volume can report a negative number: the bits
        // are kept rather than the value converted, which would trap.
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(info.st_ino)
        owner = FileOwner(user: UInt32(info.st_uid), group: UInt32(info.st_gid))
        #if canImport(Darwin)
            modificationSeconds = Int64(info.st_mtimespec.tv_sec)
            modificationNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
            modificationSeconds = Int64(info.st_mtim.tv_sec)
            modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        size = Int64(info.st_size)
    }
}

/// A file's owning user and group ids.
struct FileOwner: Equatable, Sendable {
    var user: UInt32
    var group: UInt32
}

/// How `FileSystem.rename(_:to:mode:)` renames: the two ways of switching a name that never lose the file the
/// destination holds.
enum AtomicRename {
    /// The two names swap their files in one step (`renameat2(RENAME_EXCHANGE)`, `renamex_np(RENAME_SWAP)`):
    /// the destination's file is then at the source's name, whoever put it there.
    case exchange
    /// The rename fails if the destination exists (`RENAME_NOREPLACE`, `RENAME_EXCL`).
    case noReplace
}

/// What an atomic rename did.
enum AtomicRenameResult: Equatable {
    case renamed
    /// `.noReplace` found the destination taken; nothing changed.
    case destinationExists
    /// The system or the file system has no such rename (an old kernel, a file system without it); nothing changed.
    case unsupported
}

/// A failed system call: the operation, the path and the operating system's reason, for one-line messages.
struct FileSystemError: Error, Equatable {
    var path: String
    var reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, errorNumber: Int32) {
        self.init(path: path, reason: TextFile.systemErrorDescription(errorNumber))
    }
}

/// The few file-system operations the writer needs, behind a protocol so tests can make one of them fail
/// midway and check the roll-back; `LiveFileSystem` is the real one.
protocol FileSystem {
    /// The kind and permission bits of `path` without following a final symbolic link; nil when it is missing.
    func status(of path: String) throws(FileSystemError) -> (kind: FileKind, permissions: UInt32)?
    /// The absolute path with every symbolic link resolved; `path` must exist.
    func resolvedPath(_ path: String) throws(FileSystemError) -> String
    /// What the symbolic link `path` holds, as written (relative or absolute); the destination need not exist.
    func linkDestination(of path: String) throws(FileSystemError) -> String
    func readFile(at path: String) throws(FileSystemError) -> [UInt8]
    func createDirectory(at path: String) throws(FileSystemError)
    /// The file `path` names now, without following a final symbolic link; nil when it is missing.
    func identity(of path: String) throws(FileSystemError) -> FileIdentity?
    /// Creates `path`, which must not exist, holding `bytes`; with `permissions` nil the file gets 0666 less
    /// the umask, like any new file, and with `owner` nil it belongs to whoever runs modgen. Returns the new
    /// file's identity.
    @discardableResult
    func createFile(
        at path: String, bytes: [UInt8], permissions: UInt32?, owner: FileOwner?
    ) throws(FileSystemError) -> FileIdentity
    /// Gives the existing file `source` a second name `destination` (a hard link), which must not exist.
    func link(_ source: String, to destination: String) throws(FileSystemError)
    /// The names in a directory that start with `prefix` (never `.` and `..`), in no particular order.
    func entries(of directory: String, startingWith prefix: String) throws(FileSystemError) -> [String]
    /// Replaces `destination` atomically (same file system).
    func rename(_ source: String, to destination: String) throws(FileSystemError)
    /// Renames without ever losing the file `destination` holds: swapping the two names' files, or refusing
    /// a destination that exists (same file system).
    func rename(_ source: String, to destination: String, mode: AtomicRename) throws(FileSystemError)
        -> AtomicRenameResult
    func removeFile(at path: String) throws(FileSystemError)
    func removeDirectory(at path: String) throws(FileSystemError)
    /// Whether names that differ only in letter case are one file on the file system holding `existingPath`.
    func caseRule(holding existingPath: String) -> CaseRule
}

extension FileSystem {
    func caseRule(holding existingPath: String) -> CaseRule {
        CaseRule.ofFileSystem(holding: existingPath)
    }
}

/// The real file system through POSIX calls, which report the precise reason (`errno`) of a failure.
struct LiveFileSystem: FileSystem {
    func status(of path: String) throws(FileSystemError) -> (kind: FileKind, permissions: UInt32)? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(path: path, errorNumber: errno)
        }
        let mode = UInt32(info.st_mode)
        let kind: FileKind =
            switch mode & 0o170000 {
            case 0o100000: .regularFile
            case 0o040000: .directory
            case 0o120000: .symbolicLink
            default: .other
            }
        return (kind, mode & 0o7777)
    }

    func resolvedPath(_ path: String) throws(FileSystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw FileSystemError(path: path, errorNumber: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    func linkDestination(of path: String) throws(FileSystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileSystemError(path: path, errorNumber: errno) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func readFile(at path: String) throws(FileSystemError) -> [UInt8] {
        do {
            return try TextFile.readBytes(atPath: path)
        } catch {
            throw FileSystemError(path: path, reason: error.reason)
        }
    }

    func createDirectory(at path: String) throws(FileSystemError) {
        // 0777 less the umask, as `mkdir` on the command line does.
        guard mkdir(path, 0o777) == 0 else { throw FileSystemError(path: path, errorNumber: errno) }
    }

    func identity(of path: String) throws(FileSystemError) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(path: path, errorNumber: errno)
        }
        return FileIdentity(info)
    }

    @discardableResult
    func createFile(
        at path: String, bytes: [UInt8], permissions: UInt32?, owner: FileOwner?
    ) throws(FileSystemError) -> FileIdentity {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileSystemError(path: path, errorNumber: errno) }
        var failure: FileSystemError?
        var written = 0
        while written < bytes.count && failure == nil {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count >= 0 {
                written += count
            } else if errno != EINTR {
                failure = FileSystemError(path: path, errorNumber: errno)
            }
        }
        // The replaced file's owner and group first (changing them clears set-user-ID bits, which fchmod then
        // restores). Only root may give a file away, and an owner only to a group of their own: where the system
        // refuses (EPERM), the file is the writer's, as any file they save.
        if failure == nil, let owner, fchown(descriptor, owner.user, owner.group) != 0, errno != EPERM {
            failure = FileSystemError(path: path, errorNumber: errno)
        }
        // fchmod, unlike the mode given to open, is not reduced by the umask: an overwritten file keeps its bits.
        if failure == nil, let permissions, fchmod(descriptor, mode_t(permissions)) != 0 {
            failure = FileSystemError(path: path, errorNumber: errno)
        }
        var info = stat()
        if failure == nil, fstat(descriptor, &info) != 0 { failure = FileSystemError(path: path, errorNumber: errno) }
        // Some file systems report a failed write only when the file is closed.
        if close(descriptor) != 0, failure == nil { failure = FileSystemError(path: path, errorNumber: errno) }
        if let failure {
            unlink(path)
            throw failure
        }
        return FileIdentity(info)
    }

    func link(_ source: String, to destination: String) throws(FileSystemError) {
        #if canImport(Darwin)
            let result = Darwin.link(source, destination)
        #elseif canImport(Musl)
            let result = Musl.link(source, destination)
        #else
            let result = Glibc.link(source, destination)
        #endif
        guard result == 0 else { throw FileSystemError(path: destination, errorNumber: errno) }
    }

    func entries(of directory: String, startingWith prefix: String) throws(FileSystemError) -> [String] {
        guard let stream = opendir(directory) else { throw FileSystemError(path: directory, errorNumber: errno) }
        defer { closedir(stream) }
        let prefixBytes = Array(prefix.utf8)
        var names: [String] = []
        // The prefix is compared on the entry's bytes: only a match becomes a String. A folder modules are written
        // into holds thousands of names, and each run asks once (WriteJournal's clean-up of abandoned files).
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                let bytes = raw.prefix { $0 != 0 }
                guard bytes.starts(with: prefixBytes) else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            if let name, name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        #if canImport(Darwin)
            let result = Darwin.rename(source, destination)
        #elseif canImport(Musl)
            let result = Musl.rename(source, destination)
        #else
            let result = Glibc.rename(source, destination)
        #endif
        guard result == 0 else { throw FileSystemError(path: destination, errorNumber: errno) }
    }

    func rename(_ source: String, to destination: String, mode: AtomicRename) throws(FileSystemError)
        -> AtomicRenameResult
    {
        #if canImport(Darwin)
            let flags = mode == .exchange ? UInt32(RENAME_SWAP) : UInt32(RENAME_EXCL)
            let result = renamex_np(source, destination, flags)
        #else
            // Glibc declares renameat2 (2.28 and later) only for _GNU_SOURCE, which Swift's Glibc module does not
            // see: the function is looked up once in the C library, and its absence is an unsupported rename.
            guard let renameat2 = Self.renameat2 else { return .unsupported }
            let flags: UInt32 = mode == .exchange ? 2 /* RENAME_EXCHANGE */ : 1 /* RENAME_NOREPLACE */
            let result = renameat2(AT_FDCWD, source, AT_FDCWD, destination, flags)
        #endif
        if result == 0 { return .renamed }
        let error = errno
        if error == EEXIST && mode == .noReplace { return .destinationExists }
        // EINVAL: a file system without the flag (some network and FUSE ones); ENOSYS: a kernel without the call.
        if error == EINVAL || error == ENOSYS || error == ENOTSUP || error == EOPNOTSUPP { return .unsupported }
        throw FileSystemError(path: destination, errorNumber: error)
    }

    #if !canImport(Darwin)
        private typealias RenameAt2 =
            @convention(c) (
                Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
            ) -> Int32

        private static let renameat2: RenameAt2? = {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        }()
    #endif

    func removeFile(at path: String) throws(FileSystemError) {
        guard unlink(path) == 0 else { throw FileSystemError(path: path, errorNumber: errno) }
    }

    func removeDirectory(at path: String) throws(FileSystemError) {
        guard rmdir(path) == 0 else { throw FileSystemError(path: path, errorNumber: errno) }
    }
}
