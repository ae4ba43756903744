/// What writing did: every rendered file with the action taken, in the plan's order.
public struct WriteReport: Equatable, Sendable {
    public var entries: [WriteEntry]

    public init(entries: [WriteEntry]) {
        self.entries = entries
    }

    /// The files that got `action`.
    public func paths(_ action: WriteAction) -> [String] {
        entries.filter { $0.action == action }.map(\.path)
    }

    /// One `<action> <path>` line per file, paths shown under `displayPrefix` (see `WriteEntry.line`).
    public func lines(displayPrefix: String) -> [String] {
        entries.map { $0.line(displayPrefix: displayPrefix) }
    }
}

extension WritePlan {
    /// Writes the plan: every created or overwritten file goes to a temporary file beside its target and is
    /// renamed over it, so a file is never seen half-written.
    ///
    /// With conflicts (policy `.refuse`) nothing is written and the error lists every conflicting file. If an
    /// operation fails midway, everything done so far is undone (created files and directories removed,
    /// overwritten files restored with their old bytes and permissions) before the error is thrown.
    /// New files get 0666 less the umask; overwritten files keep their permission bits.
    @discardableResult
    public func apply() throws(WritingError) -> WriteReport {
        try apply(using: LiveFileSystem())
    }

    func apply(using fileSystem: some FileSystem) throws(WritingError) -> WriteReport {
        let conflicting = items.filter { $0.entry.action == .conflict }
        if !conflicting.isEmpty {
            throw .conflicts(paths: conflicting.map { RenderedPath.display($0.entry.path, under: outputDirectory) })
        }
        var journal = WriteJournal(fileSystem: fileSystem)
        for item in items where item.entry.action == .create || item.entry.action == .overwrite {
            let display = RenderedPath.display(item.entry.path, under: outputDirectory)
            do {
                try journal.write(item, display: display)
            } catch {
                let problems = journal.rollBack()
                throw .writeFailed(path: display, reason: error.reason, rollbackProblem: problems)
            }
        }
        return WriteReport(entries: entries)
    }
}

/// Remembers every change one `apply()` makes, so a failure can undo them all.
struct WriteJournal<System: FileSystem> {
    private struct Overwritten {
        var path: String
        var display: String
        var old: WritePlan.ExistingFile
    }

    let fileSystem: System
    private var createdDirectories: [String] = []
    private var createdFiles: [(path: String, display: String)] = []
    private var overwritten: [Overwritten] = []
    /// A temporary file written but not yet renamed into place.
    private var pendingTemporary: String?

    init(fileSystem: System) {
        self.fileSystem = fileSystem
    }

    /// Creates the missing directories, writes a temporary file and renames it over the target. On failure the
    /// error's reason names what failed when that is not the target itself.
    mutating func write(_ item: WritePlan.Item, display: String) throws(FileSystemError) {
        try checkUnchangedSincePlanning(item)
        let directory = TargetResolver<System>.parent(of: item.target)
        try createMissingDirectories(directory)
        let temporary = Self.temporaryPath(in: directory)
        do {
            try fileSystem.createFile(at: temporary, bytes: item.newBytes, permissions: item.existing?.permissions)
        } catch {
            throw FileSystemError(path: item.target, reason: "writing a temporary file failed: \(error.reason)")
        }
        pendingTemporary = temporary
        try fileSystem.rename(temporary, to: item.target)
        pendingTemporary = nil
        if let old = item.existing {
            overwritten.append(Overwritten(path: item.target, display: display, old: old))
        } else {
            createdFiles.append((item.target, display))
        }
    }

    /// The plan decided from what was on disk then; a file that appeared or changed since must not be lost to a
    /// rename over it (a small window remains between this check and the rename, as with any tool).
    private func checkUnchangedSincePlanning(_ item: WritePlan.Item) throws(FileSystemError) {
        if let planned = item.existing {
            if try fileSystem.readFile(at: item.target) != planned.bytes {
                throw FileSystemError(path: item.target, reason: "it changed while modgen was running")
            }
        } else if try fileSystem.status(of: item.target) != nil {
            throw FileSystemError(path: item.target, reason: "it appeared while modgen was running")
        }
    }

    /// Undoes everything, newest first; returns a description of what could not be undone, or nil.
    mutating func rollBack() -> String? {
        var problems: [String] = []
        if let temporary = pendingTemporary {
            do { try fileSystem.removeFile(at: temporary) } catch { problems.append(describe(error)) }
        }
        for file in overwritten.reversed() {
            do {
                try restore(file)
            } catch {
                problems.append("'\(file.display)' could not be restored: \(error.reason)")
            }
        }
        for file in createdFiles.reversed() {
            do { try fileSystem.removeFile(at: file.path) } catch { problems.append(describe(error)) }
        }
        // A directory that is not empty now holds something this run did not write: it stays.
        for directory in createdDirectories.reversed() { try? fileSystem.removeDirectory(at: directory) }
        overwritten = []
        createdFiles = []
        createdDirectories = []
        pendingTemporary = nil
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Puts the old bytes and permissions back the same atomic way they were replaced.
    private func restore(_ file: Overwritten) throws(FileSystemError) {
        let temporary = Self.temporaryPath(in: TargetResolver<System>.parent(of: file.path))
        try fileSystem.createFile(at: temporary, bytes: file.old.bytes, permissions: file.old.permissions)
        do {
            try fileSystem.rename(temporary, to: file.path)
        } catch {
            try? fileSystem.removeFile(at: temporary)
            throw error
        }
    }

    private func describe(_ error: FileSystemError) -> String {
        "'\(error.path)' could not be removed: \(error.reason)"
    }

    private mutating func createMissingDirectories(_ directory: String) throws(FileSystemError) {
        var missing: [String] = []
        var current = directory
        // An existing non-directory is left for `mkdir` or the file creation to report with its real reason.
        while current != "/" && current != "." {
            if try fileSystem.status(of: current) != nil { break }
            missing.append(current)
            current = TargetResolver<System>.parent(of: current)
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

    /// A hidden name in the target's directory (so the rename stays on one file system); the random part makes
    /// a clash with an existing file practically impossible, and creation refuses to reuse one anyway.
    private static func temporaryPath(in directory: String) -> String {
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return TargetResolver<System>.join(directory, ".modgen-\(suffix).tmp")
    }
}
