/// What writing did: every rendered file with the action taken, in the plan's order.
public struct WriteReport: Equatable, Sendable {
    public var entries: [WriteEntry]
    /// Where each named root went, as the caller gave it.
    public var rootDirectories: [String: String]

    public init(entries: [WriteEntry], rootDirectories: [String: String] = [:]) {
        self.entries = entries
        self.rootDirectories = rootDirectories
    }

    /// One `<action> <path>` line per file, paths shown under `displayPrefix`, a named root's under its folder
    /// (see `WriteEntry.line`).
    public func lines(displayPrefix: String) -> [String] {
        entries.map { $0.line(displayPrefix: $0.root.flatMap { rootDirectories[$0] } ?? displayPrefix) }
    }
}

extension WritePlan {
    /// Writes the plan: every created or overwritten file goes to a temporary file beside its target and is
    /// renamed over it, so a file is never seen half-written.
    ///
    /// With conflicts (policy `.refuse`) nothing is written and the error lists every conflicting file. If an
    /// operation fails midway, or SIGINT, SIGTERM or SIGHUP arrives, everything done so far is undone (created
    /// files and directories removed, overwritten files given back — they are kept aside under a second name until
    /// the end, so giving them back needs no disk space) before the error is thrown. A roll-back touches only
    /// files that are still the ones this run wrote. New files get 0666 less the umask; overwritten files keep
    /// their permission bits.
    ///
    /// Callers that write into a folder others may write into at the same time hold an `OutputFolderLock` while
    /// they plan and apply.
    @discardableResult
    public func apply() throws(WritingError) -> WriteReport {
        try apply(using: LiveFileSystem())
    }

    func apply(using fileSystem: some FileSystem) throws(WritingError) -> WriteReport {
        try Self.apply([self], using: fileSystem)[0]
    }

    /// Writes several plans as one: in order, under one journal, so a failure or a signal anywhere rolls back
    /// every plan (`modgen update --all`: all modules or none). With a conflict in any plan nothing is written and
    /// the error lists every conflicting file of every plan. Returns each plan's report, in order.
    @discardableResult
    public static func apply(_ plans: [WritePlan]) throws(WritingError) -> [WriteReport] {
        try apply(plans, using: LiveFileSystem())
    }

    static func apply(_ plans: [WritePlan], using fileSystem: some FileSystem) throws(WritingError) -> [WriteReport] {
        let conflicting = plans.flatMap { plan in
            plan.items.filter { $0.entry.action == .conflict }.map {
                RenderedPath.display($0.entry.path, under: plan.directory(of: $0.entry))
            }
        }
        if !conflicting.isEmpty { throw .conflicts(paths: conflicting) }
        return try WriteInterruption.deferringSignals { () throws(WritingError) -> [WriteReport] in
            var journal = WriteJournal(fileSystem: fileSystem)
            for plan in plans {
                for item in plan.items where [.create, .overwrite, .remove].contains(item.entry.action) {
                    let display =
                        item.editedDisplay
                        ?? RenderedPath.display(item.entry.path, under: plan.directory(of: item.entry))
                    if let signal = WriteInterruption.takePendingSignal() {
                        throw .interrupted(signal: signal, rollbackProblem: journal.rollBack())
                    }
                    do throws(FileSystemError) {
                        if item.entry.action == .remove {
                            try journal.remove(item, display: display)
                        } else {
                            try journal.write(item, display: display)
                        }
                    } catch {
                        throw .writeFailed(path: display, reason: error.reason, rollbackProblem: journal.rollBack())
                    }
                }
            }
            // The last moment a signal can still undo the run; after it, the run is complete.
            if let signal = WriteInterruption.takePendingSignal() {
                throw .interrupted(signal: signal, rollbackProblem: journal.rollBack())
            }
            journal.commit()
            return plans.map { WriteReport(entries: $0.entries, rootDirectories: $0.rootDirectories) }
        }
    }
}
