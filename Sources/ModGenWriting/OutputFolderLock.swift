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

/// An advisory lock (`flock`) on the output folder itself, held while one run plans and writes into it, so two
/// runs into the same folder never interleave: the second waits, then plans against what the first wrote.
///
/// The folder itself is locked, not a lock file, so modgen leaves no file of its own in the user's folder, and
/// the system releases the lock when the process ends, however it ends. A folder that does not exist yet is
/// created to be locked (and removed again by `release()` if the run left it empty). A locked folder can be
/// removed and made anew by the run that held it (a roll-back removes the folders it created): a lock on a folder
/// that is no longer at its path is worthless, so it is taken again on the folder that is there now.
public final class OutputFolderLock {
    public enum Access: Sendable {
        /// Writing: one run at a time.
        case exclusive
        /// Reading (`--dry-run`, `--check`): any number of readers, never while a run writes.
        case shared
    }

    private var descriptor: Int32
    /// Folders this lock created (outermost first), removed again on release if nothing was put in them.
    private var createdDirectories: [String]
    /// The locked folder's device and inode: what makes two spellings of a path one folder.
    private let folder: (device: UInt64, inode: UInt64)?

    private init(descriptor: Int32, createdDirectories: [String], folder: (device: UInt64, inode: UInt64)?) {
        self.descriptor = descriptor
        self.createdDirectories = createdDirectories
        self.folder = folder
    }

    deinit { release() }

    /// Runs `body` holding the lock on `outputDirectory` (relative to `currentDirectory`, by default the
    /// process's), with SIGINT, SIGTERM and SIGHUP deferred from the first wait to the release, so a signal ends the
    /// run only where it can be rolled back (see `WritePlan.apply`).
    public static func withLock<T>(
        _ access: Access, on outputDirectory: String,
        in currentDirectory: String = FileManager.default.currentDirectoryPath, timeout: Duration = .seconds(10),
        _ body: () throws -> T
    ) throws -> T {
        try WriteInterruption.deferringSignals { () throws -> T in
            let lock = try acquire(
                access, outputDirectory: outputDirectory, currentDirectory: currentDirectory, timeout: timeout)
            defer { lock?.release() }
            let result = try body()
            return result
        }
    }

    /// Runs `body` holding the lock on every folder of `directories` (the output folder and the named roots' folders),
    /// as `withLock` does for one (relative folders are taken from `currentDirectory`). A folder reached twice (two
    /// roots placed in one folder, through a symbolic link, or by spellings that differ in case on a case-insensitive
    /// file system) is locked once, known by its device and inode: `flock` locks of one process on two descriptors
    /// of a folder would wait for each other.
    /// Folders are locked in the order of their real paths, the same in every run, so two runs that write into
    /// overlapping sets of folders never each hold a folder the other waits for.
    public static func withLocks<T>(
        _ access: Access, on directories: [String],
        in currentDirectory: String = FileManager.default.currentDirectoryPath, timeout: Duration = .seconds(10),
        _ body: () throws -> T
    ) throws -> T {
        try WriteInterruption.deferringSignals { () throws -> T in
            var byRealPath: [String: String] = [:]
            for directory in directories {
                let resolver = try TargetResolver(
                    outputDirectory: directory, currentDirectory: currentDirectory, fileSystem: LiveFileSystem())
                if byRealPath[resolver.root] == nil { byRealPath[resolver.root] = directory }
            }
            var locks: [OutputFolderLock] = []
            defer { for lock in locks.reversed() { lock.release() } }
            for root in byRealPath.keys.sorted() {
                let display = byRealPath[root]!
                if let lock = try acquire(access, root: root, display: display, timeout: timeout, holding: locks) {
                    locks.append(lock)
                }
            }
            let result = try body()
            return result
        }
    }

    /// Locks the output folder `outputDirectory` (relative to `currentDirectory`, by default the process's),
    /// waiting up to `timeout` for another run to finish. A shared lock is not taken on a folder that does not
    /// exist (there is nothing to read in it): the result is nil then. Throws `.locked` after the wait, or when the
    /// folder cannot be made.
    public static func acquire(
        _ access: Access, outputDirectory: String,
        currentDirectory: String = FileManager.default.currentDirectoryPath, timeout: Duration = .seconds(10)
    ) throws(WritingError) -> OutputFolderLock? {
        let resolver = try TargetResolver(
            outputDirectory: outputDirectory, currentDirectory: currentDirectory, fileSystem: LiveFileSystem())
        return try acquire(access, root: resolver.root, display: outputDirectory, timeout: timeout)
    }

    /// `held`: locks this process already holds; a folder that is one of theirs is not locked again (nil).
    static func acquire(
        _ access: Access, root: String, display: String, timeout: Duration, holding held: [OutputFolderLock] = []
    ) throws(WritingError) -> OutputFolderLock? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var created: [String] = []
        while true {
            if let signal = WriteInterruption.takePendingSignal() {
                for directory in created.reversed() { rmdir(directory) }
                throw .interrupted(signal: signal, rollbackProblem: nil)
            }
            if access == .exclusive {
                created += try createMissingDirectories(root, display: display)
            }
            let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor < 0 {
                if errno == ENOENT, access == .shared { return nil }
                // Removed between creating and opening it: by the run holding the lock, rolling back. Try again.
                if errno == ENOENT { continue }
                throw .inaccessible(path: display, reason: TextFile.systemErrorDescription(errno))
            }
            let folder = identity(of: descriptor)
            if let folder, held.contains(where: { $0.folder.map { $0 == folder } == true }) {
                close(descriptor)
                for directory in created.reversed() { rmdir(directory) }
                return nil
            }
            let operation = access == .exclusive ? LOCK_EX : LOCK_SH
            if flock(descriptor, operation | LOCK_NB) == 0 {
                if isStillAtPath(descriptor, root) {
                    return OutputFolderLock(descriptor: descriptor, createdDirectories: created, folder: folder)
                }
                close(descriptor)
                continue
            }
            let failure = errno
            close(descriptor)
            guard failure == EWOULDBLOCK || failure == EINTR else {
                // A file system without locks (some network mounts): writing goes on unguarded, as it did before
                // locks existed, rather than refusing to work at all.
                return OutputFolderLock(descriptor: -1, createdDirectories: created, folder: folder)
            }
            guard clock.now < deadline else {
                for directory in created.reversed() { rmdir(directory) }
                throw .locked(directory: display, waitedSeconds: Int(timeout.components.seconds))
            }
            usleep(20_000)
        }
    }

    /// Releases the lock (the same as ending the process), and removes the folders the lock created if the run
    /// put nothing in them.
    public func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        for directory in createdDirectories.reversed() { rmdir(directory) }
        createdDirectories = []
    }

    private static func identity(of descriptor: Int32) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return (FileIdentity(info).device, FileIdentity(info).inode)
    }

    /// True when the locked folder is still the one at `path`: not removed, not replaced by another folder.
    private static func isStillAtPath(_ descriptor: Int32, _ path: String) -> Bool {
        var held = stat()
        var current = stat()
        guard fstat(descriptor, &held) == 0, stat(path, &current) == 0 else { return false }
        return held.st_dev == current.st_dev && held.st_ino == current.st_ino && held.st_nlink > 0
    }

    /// `mkdir -p`, returning the folders it made, outermost first.
    private static func createMissingDirectories(_ path: String, display: String) throws(WritingError) -> [String] {
        var missing: [String] = []
        var current = path
        while current != "/", access(current, F_OK) != 0 {
            missing.append(current)
            current = TargetResolver<LiveFileSystem>.parent(of: current)
        }
        var created: [String] = []
        for directory in missing.reversed() {
            if mkdir(directory, 0o777) == 0 {
                created.append(directory)
            } else if errno != EEXIST {
                // Another run may have made it meanwhile (EEXIST): then it is not ours to remove.
                throw .inaccessible(
                    path: display,
                    reason: "cannot create directory '\(directory)': \(TextFile.systemErrorDescription(errno))")
            }
        }
        return created
    }
}
