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
    /// Directories a write found on disk or created since the journal began (or last committed or rolled back):
    /// the next file into one needs no `lstat` of it. Folders go only in `commit` and `rollBack`; one another
    /// program removes meanwhile makes the temporary file's creation fail, and the run rolls back.
    private var presentDirectories: Set<String> = []

    init(fileSystem: System) {
        self.fileSystem = fileSystem
    }

    /// Creates the missing directories, writes a temporary file and switches it into place. On failure the
    /// error's reason names what failed when that is not the target itself.
    ///
    /// The switch itself decides whether the plan still holds: another program (Xcode saving the project file,
    /// an editor) may replace the target at any moment, also between a last look and the rename. So an
    /// existing file is swapped with the new one in one step, and what came out is compared with what the plan
    /// was made from; if it differs, the swap is undone and the run stops — the other program's file is back in
    /// place, never lost. A new file is renamed into place only if the name is still free.
    mutating func write(_ item: WritePlan.Item, display: String) throws(FileSystemError) {
        try checkUnchangedSincePlanning(item)
        let directory = Paths.parent(of: item.target)
        try createMissingDirectories(directory)
        removeAbandonedTemporaries(in: directory)
        let temporary = TemporaryName.make(in: directory)
        let identity: FileIdentity
        do {
            identity = try fileSystem.createFile(
                at: temporary, bytes: item.newBytes, permissions: item.existing?.permissions ?? item.newFilePermissions,
                owner: item.existing?.identity.owner)
        } catch {
            throw FileSystemError(path: item.target, reason: "writing a temporary file failed: \(error.reason)")
        }
        pendingTemporary = temporary
        if item.existing != nil {
            let aside = try replace(item, with: temporary, identity: identity)
            overwritten.append(Overwritten(path: item.target, display: display, identity: identity, aside: aside))
        } else {
            switch try fileSystem.rename(temporary, to: item.target, mode: .noReplace) {
            case .renamed: break
            case .destinationExists: throw appeared(item)
            case .unsupported:
                // checkUnchangedSincePlanning looked an instant ago; a plain rename is all that is left.
                try fileSystem.rename(temporary, to: item.target)
            }
            createdFiles.append(Created(path: item.target, display: display, identity: identity))
        }
        pendingTemporary = nil
    }

    /// Puts the file at `temporary` in place of the existing `item.target`, if that still holds what the plan
    /// was made from; returns the old file's second name (kept until the run is complete).
    private func replace(
        _ item: WritePlan.Item, with temporary: String, identity: FileIdentity
    ) throws(FileSystemError) -> String {
        let aside = TemporaryName.make(in: Paths.parent(of: item.target), kind: .previousContents, for: item.target)
        switch try fileSystem.rename(temporary, to: item.target, mode: .exchange) {
        case .renamed:
            // `temporary` holds what the target held at the very moment of the switch.
            if try holdsPlannedFile(temporary, item) {
                // A run killed from here on leaves the old contents under a name no later run removes; should that
                // rename fail, the temporary name keeps them until the run completes.
                return (try? fileSystem.rename(temporary, to: aside)) != nil ? aside : temporary
            }
            try swapBack(item, temporary: temporary, identity: identity)
            throw changed(item)
        case .unsupported, .destinationExists:
            // No exchange here: the old file is moved out of the way (a rename loses no file), checked, and the
            // new one linked in only if nobody put a file there meanwhile. The name is missing for an instant,
            // which a reader retries, but no save is lost.
            try moveAside(item.target, to: aside)
            guard try holdsPlannedFile(aside, item) else {
                try putBack(aside, to: item.target)
                throw changed(item)
            }
            switch try fileSystem.rename(temporary, to: item.target, mode: .noReplace) {
            case .renamed:
                break
            case .unsupported:
                try linkIn(temporary, to: item.target, aside: aside, item)
            case .destinationExists:
                // Another program saved in the instant the name was free: its file stays, and the old one, which
                // its save replaced, goes.
                try? fileSystem.removeFile(at: aside)
                throw changed(item)
            }
            return aside
        }
    }

    /// The exchange brought out a file the plan was not made from: it goes back in place. If yet another program
    /// replaced the new file in the meantime, that newest save is what stays.
    private func swapBack(
        _ item: WritePlan.Item, temporary: String, identity: FileIdentity
    ) throws(FileSystemError) {
        guard try fileSystem.rename(temporary, to: item.target, mode: .exchange) == .renamed else {
            throw FileSystemError(
                path: item.target,
                reason: "it changed while modgen was running, and giving it back failed; "
                    + "the other program's file is kept in '\(temporary)'")
        }
        if try fileSystem.identity(of: temporary) != identity {
            _ = try fileSystem.rename(temporary, to: item.target, mode: .exchange)
        }
        try? fileSystem.removeFile(at: temporary)
    }

    /// Without an atomic rename, the temporary file is hard-linked to the free name (which fails on a taken one);
    /// a file system without hard links either (FAT) gets a plain rename, after one more look.
    private func linkIn(
        _ temporary: String, to target: String, aside: String, _ item: WritePlan.Item
    ) throws(FileSystemError) {
        do {
            try fileSystem.link(temporary, to: target)
            try? fileSystem.removeFile(at: temporary)
            return
        } catch {}
        guard (try? fileSystem.identity(of: target)) == .some(nil) else {
            // Another program saved in the instant the name was free: its file stays.
            try? fileSystem.removeFile(at: aside)
            throw changed(item)
        }
        do {
            try fileSystem.rename(temporary, to: target)
        } catch {
            try? putBack(aside, to: target)
            throw error
        }
    }

    private func moveAside(_ target: String, to aside: String) throws(FileSystemError) {
        do {
            try fileSystem.rename(target, to: aside)
        } catch {
            throw FileSystemError(
                path: target, reason: "keeping the old file until the run completes failed: \(error.reason)")
        }
    }

    /// Gives a file moved aside its name back, unless another program put a file there meanwhile: that newer one
    /// stays.
    private func putBack(_ aside: String, to target: String) throws(FileSystemError) {
        switch try fileSystem.rename(aside, to: target, mode: .noReplace) {
        case .renamed: return
        case .destinationExists: try? fileSystem.removeFile(at: aside)
        case .unsupported:
            if (try? fileSystem.identity(of: target)) != .some(nil) {
                try? fileSystem.removeFile(at: aside)
            } else if (try? fileSystem.link(aside, to: target)) != nil {
                try? fileSystem.removeFile(at: aside)
            } else {
                do {
                    try fileSystem.rename(aside, to: target)
                } catch {
                    throw FileSystemError(
                        path: target, reason: "it could not be given back (\(error.reason)); it is kept in '\(aside)'")
                }
            }
        }
    }

    private func changed(_ item: WritePlan.Item) -> FileSystemError {
        FileSystemError(path: item.target, reason: "it changed while modgen was running")
    }

    private func appeared(_ item: WritePlan.Item) -> FileSystemError {
        FileSystemError(path: item.target, reason: "it appeared while modgen was running")
    }

    /// Whether the file at `path` is the one the plan was made from: the same bytes (read whole), or, for a file
    /// too large to have been read, the same identity.
    private func holdsPlannedFile(_ path: String, _ item: WritePlan.Item) throws(FileSystemError) -> Bool {
        guard let planned = item.existing else { return try fileSystem.status(of: path) == nil }
        if let bytes = planned.bytes {
            guard let status = try fileSystem.status(of: path), status.kind == .regularFile else { return false }
            return try fileSystem.readFile(at: path) == bytes
        }
        return try fileSystem.identity(of: path) == planned.identity
    }

    /// Removes a file a previous run wrote and this one no longer writes, keeping it under a second name until
    /// the run is complete, as an overwritten file is kept. The file is moved aside first and checked there, so
    /// a file another program put in its place is never the one removed.
    mutating func remove(_ item: WritePlan.Item, display: String) throws(FileSystemError) {
        try checkUnchangedSincePlanning(item)
        let aside = TemporaryName.make(in: Paths.parent(of: item.target), kind: .previousContents, for: item.target)
        try moveAside(item.target, to: aside)
        guard try holdsPlannedFile(aside, item) else {
            try putBack(aside, to: item.target)
            throw changed(item)
        }
        removed.append(Removed(path: item.target, display: display, aside: aside, boundary: item.staleIn ?? "/"))
    }

    /// The plan decided from what was on disk then: a file that appeared or changed since is reported before
    /// anything is written for it (the switch itself checks again, at the moment it happens).
    private func checkUnchangedSincePlanning(_ item: WritePlan.Item) throws(FileSystemError) {
        if item.existing != nil {
            if try !holdsPlannedFile(item.target, item) { throw changed(item) }
        } else if try fileSystem.status(of: item.target) != nil {
            throw appeared(item)
        }
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
        presentDirectories = []
    }

    /// Undoes everything, newest first; returns a description of what could not be undone, or nil. Removing
    /// comes before giving back, and giving back is a rename: neither needs free space.
    mutating func rollBack() -> String? {
        var problems: [String] = []
        // A temporary file the failed switch already took away is not missed.
        if let temporary = pendingTemporary, (try? fileSystem.identity(of: temporary)) != .some(nil) {
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
                try giveBack(file, problems: &problems)
            } catch {
                problems.append(
                    "'\(file.display)' could not be given back (\(error.reason)); its previous contents are kept "
                        + "in '\(file.aside)'")
            }
        }
        for file in removed.reversed() {
            // A file put there meanwhile is not replaced: the removed one stays under its second name.
            do {
                switch try fileSystem.rename(file.aside, to: file.path, mode: .noReplace) {
                case .renamed:
                    break
                case .destinationExists:
                    problems.append("the removed '\(file.display)' is kept in '\(file.aside)'")
                case .unsupported:
                    guard try fileSystem.identity(of: file.path) == nil else {
                        problems.append("the removed '\(file.display)' is kept in '\(file.aside)'")
                        break
                    }
                    try fileSystem.rename(file.aside, to: file.path)
                }
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
        presentDirectories = []
        pendingTemporary = nil
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Puts an overwritten file's old contents back, swapping them with the new file so that a file another
    /// program put there since the check is never the one replaced (it is swapped back in and reported).
    private func giveBack(_ file: Overwritten, problems: inout [String]) throws(FileSystemError) {
        guard try fileSystem.rename(file.aside, to: file.path, mode: .exchange) == .renamed else {
            try fileSystem.rename(file.aside, to: file.path)
            return
        }
        if try fileSystem.identity(of: file.aside) == file.identity {
            try? fileSystem.removeFile(at: file.aside)
        } else {
            _ = try fileSystem.rename(file.aside, to: file.path, mode: .exchange)
            problems.append("'\(file.display)' was replaced by another program; left as it is")
            problems.append("the previous contents of '\(file.display)' are kept in '\(file.aside)'")
        }
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
        guard !presentDirectories.contains(directory) else { return }
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
        presentDirectories.insert(directory)
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
