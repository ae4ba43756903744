/// Remembers every change one `apply()` makes, so a failure or a signal can undo them all — and only them.
///
/// Each file this run puts in place is remembered by identity (device and inode), not by name: if another process
/// replaced it meanwhile, the roll-back leaves that file alone and says so. An overwritten file is first given a
/// second name beside it (a hard link, so nothing is copied and no space is needed), then the new file is renamed
/// over the target; rolling back renames the old file back, committing removes the second name.
struct WriteJournal<System: FileSystem> {
    private typealias Paths = TargetResolver<System>

    private struct Created {
        var path: String
        var display: String
        var identity: FileIdentity
    }

    private struct Overwritten {
        var path: String
        var display: String
        var identity: FileIdentity
        /// The old file's second name.
        var aside: String
    }

    private struct Removed {
        var path: String
        var display: String
        /// The removed file's second name, until the run is complete.
        var aside: String
        /// Where removing the folders it leaves empty stops.
        var boundary: String
    }

    let fileSystem: System
    private var removed: [Removed] = []
    private var createdDirectories: [String] = []
    private var createdFiles: [Created] = []
    private var overwritten: [Overwritten] = []
    /// A temporary file written but not yet renamed into place.
    private var pendingTemporary: String?
    /// Directories already cleared of abandoned temporary files.
    private var visitedDirectories: Set<String> = []

    init(fileSystem: System) {
        self.fileSystem = fileSystem
    }

    /// Creates the missing directories, writes a temporary file and renames it over the target. On failure the
    /// error's reason names what failed when that is not the target itself.
    mutating func write(_ item: WritePlan.Item, display: String) throws(FileSystemError) {
        try checkUnchangedSincePlanning(item)
        let directory = Paths.parent(of: item.target)
        try createMissingDirectories(directory)
        removeAbandonedTemporaries(in: directory)
        let temporary = TemporaryName.make(in: directory)
        let identity: FileIdentity
        do {
            identity = try fileSystem.createFile(
                at: temporary, bytes: item.newBytes, permissions: item.existing?.permissions)
        } catch {
            throw FileSystemError(path: item.target, reason: "writing a temporary file failed: \(error.reason)")
        }
        pendingTemporary = temporary
        if item.existing != nil {
            let aside = try setAside(item.target)
            do {
                try fileSystem.rename(temporary, to: item.target)
            } catch {
                try? fileSystem.removeFile(at: aside)
                throw error
            }
            overwritten.append(Overwritten(path: item.target, display: display, identity: identity, aside: aside))
        } else {
            try fileSystem.rename(temporary, to: item.target)
            createdFiles.append(Created(path: item.target, display: display, identity: identity))
        }
        pendingTemporary = nil
    }

    /// Removes a file a previous run wrote and this one no longer writes, keeping it under a second name until
    /// the run is complete, as an overwritten file is kept.
    mutating func remove(_ item: WritePlan.Item, display: String) throws(FileSystemError) {
        try checkUnchangedSincePlanning(item)
        let aside = try setAside(item.target)
        do {
            try fileSystem.removeFile(at: item.target)
        } catch {
            try? fileSystem.removeFile(at: aside)
            throw error
        }
        removed.append(Removed(path: item.target, display: display, aside: aside, boundary: item.staleIn ?? "/"))
    }

    /// The plan decided from what was on disk then; a file that appeared or changed since must not be lost to a
    /// rename over it (a small window remains between this check and the rename, as with any tool; two modgen runs
    /// never meet in it, as each holds the output folder's lock).
    private func checkUnchangedSincePlanning(_ item: WritePlan.Item) throws(FileSystemError) {
        if let planned = item.existing {
            let unchanged =
                if let bytes = planned.bytes {
                    try fileSystem.readFile(at: item.target) == bytes
                } else {
                    try fileSystem.identity(of: item.target) == planned.identity
                }
            if !unchanged {
                throw FileSystemError(path: item.target, reason: "it changed while modgen was running")
            }
        } else if try fileSystem.status(of: item.target) != nil {
            throw FileSystemError(path: item.target, reason: "it appeared while modgen was running")
        }
    }

    /// Gives the file at `target` a second, hidden name beside it, to give it back on roll-back.
    private func setAside(_ target: String) throws(FileSystemError) -> String {
        let aside = TemporaryName.make(in: Paths.parent(of: target), kind: .previousContents, for: target)
        do {
            try fileSystem.link(target, to: aside)
        } catch {
            throw FileSystemError(
                path: target, reason: "keeping the old file until the run completes failed: \(error.reason)")
        }
        return aside
    }

    /// The run is complete: the old files' second names go. Failing to remove one leaves a hidden file holding
    /// the old contents, which loses nothing.
    mutating func commit() {
        for file in overwritten { try? fileSystem.removeFile(at: file.aside) }
        for file in removed {
            try? fileSystem.removeFile(at: file.aside)
            // The folders the file leaves empty go too (`rmdir` stops at one that still holds something).
            var folder = Paths.parent(of: file.path)
            while folder.hasPrefix(file.boundary + "/"), (try? fileSystem.removeDirectory(at: folder)) != nil {
                folder = Paths.parent(of: folder)
            }
        }
        overwritten = []
        removed = []
        createdFiles = []
        createdDirectories = []
    }

    /// Undoes everything, newest first; returns a description of what could not be undone, or nil. Removing
    /// comes before giving back, and giving back is a rename: neither needs free space.
    mutating func rollBack() -> String? {
        var problems: [String] = []
        if let temporary = pendingTemporary {
            do { try fileSystem.removeFile(at: temporary) } catch { problems.append(notRemoved(error)) }
        }
        for file in createdFiles.reversed() {
            guard isStillOurs(file.path, file.identity, display: file.display, problems: &problems) else { continue }
            do { try fileSystem.removeFile(at: file.path) } catch { problems.append(notRemoved(error)) }
        }
        for file in overwritten.reversed() {
            guard isStillOurs(file.path, file.identity, display: file.display, problems: &problems) else {
                problems.append("the previous contents of '\(file.display)' are kept in '\(file.aside)'")
                continue
            }
            do {
                try fileSystem.rename(file.aside, to: file.path)
            } catch {
                problems.append(
                    "'\(file.display)' could not be given back (\(error.reason)); its previous contents are kept "
                        + "in '\(file.aside)'")
            }
        }
        for file in removed.reversed() {
            // A file put there meanwhile is not replaced: the removed one stays under its second name.
            guard (try? fileSystem.identity(of: file.path)) == .some(nil) else {
                problems.append("the removed '\(file.display)' is kept in '\(file.aside)'")
                continue
            }
            do {
                try fileSystem.rename(file.aside, to: file.path)
            } catch {
                problems.append(
                    "'\(file.display)' could not be given back (\(error.reason)); it is kept in '\(file.aside)'")
            }
        }
        // A directory that is not empty now holds something this run did not write: it stays.
        for directory in createdDirectories.reversed() { try? fileSystem.removeDirectory(at: directory) }
        overwritten = []
        removed = []
        createdFiles = []
        createdDirectories = []
        pendingTemporary = nil
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// True when `path` still holds the file this run put there; otherwise notes why it is left alone.
    private func isStillOurs(
        _ path: String, _ identity: FileIdentity, display: String, problems: inout [String]
    ) -> Bool {
        let current = try? fileSystem.identity(of: path)
        if current == identity { return true }
        problems.append("'\(display)' was \(current == nil ? "removed" : "replaced") by another program; left as it is")
        return false
    }

    private func notRemoved(_ error: FileSystemError) -> String {
        "'\(error.path)' could not be removed: \(error.reason)"
    }

    private mutating func createMissingDirectories(_ directory: String) throws(FileSystemError) {
        var missing: [String] = []
        var current = directory
        // An existing non-directory is left for `mkdir` or the file creation to report with its real reason.
        while current != "/" && current != "." {
            if try fileSystem.status(of: current) != nil { break }
            missing.append(current)
            current = Paths.parent(of: current)
        }
        for path in missing.reversed() {
            do {
                try fileSystem.createDirectory(at: path)
            } catch {
                throw FileSystemError(path: path, reason: "cannot create directory '\(path)': \(error.reason)")
            }
            createdDirectories.append(path)
        }
    }

    /// A run killed by SIGKILL or a crash cannot clean up after itself: the next run that writes into the same
    /// directory removes the temporary files whose run is gone. Best effort: a file that cannot be removed stays.
    private mutating func removeAbandonedTemporaries(in directory: String) {
        guard visitedDirectories.insert(directory).inserted,
            let names = try? fileSystem.entries(of: directory, startingWith: TemporaryName.prefix)
        else { return }
        for name in names where TemporaryName.isAbandoned(name) {
            try? fileSystem.removeFile(at: Paths.join(directory, name))
        }
    }
}
