import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A repository of templates where a config names it: a Rambafile's `git:` or `catalogs:` entry, an entry of a
/// `.modgen.json`'s `"templates"`. Errors about it name that place.
public struct GitTemplateDeclaration: Sendable {
    public var remote: GitRemote
    /// The config file, as messages show it.
    public var file: String
    public var position: SourcePosition
    /// What the entry is, as messages name it: `template 'rviper_controller'`, `catalogs[0]`, `templates[1]`.
    public var subject: String

    public init(remote: GitRemote, file: String, position: SourcePosition, subject: String) {
        self.remote = remote
        self.file = file
        self.position = position
        self.subject = subject
    }
}

/// Templates from git for one run: each repository a config declares, at the commit the project's `modgen.lock`
/// names (fetched into the user's cache when the cache lacks it), or at its newest commit when the lock names none
/// or `mode` is `.newest` (`modgen update-templates`). The pins the run used are `lock`, which the run writes back
/// when they differ from the file (`changedLockText`).
public struct GitTemplates: Sendable {
    public enum Mode: Sendable {
        /// The lock's commits; the newest commit only for a repository it does not name.
        case locked
        /// Every repository's newest commit, whatever the lock says.
        case newest
        /// The lock's commits; for a repository it does not name, the commit its URL and ref named when a run last
        /// asked the server (any project's run: the cache keeps it), taken from the cache without git — the newest
        /// only for a repository never resolved on this machine. For commands that write nothing (`list`,
        /// `describe`), which would otherwise ask the server on every run until a command writes the lock.
        case lockedOrLastResolved
        /// The lock's commits the cache holds, and nothing else: git never runs, so nothing is fetched or asked of a
        /// server (Tab completion, which has to answer at once). Any other repository is `.unavailable`.
        case cachedOnly
    }

    /// Where templates from git come from: the cache folder, how git is found and how long it may take, all read
    /// from the environment.
    public struct Settings: Sendable {
        public var environment: [String: String]
        public var mode: Mode

        public init(environment: [String: String], mode: Mode = .locked) {
            self.environment = environment
            self.mode = mode
        }

        /// The variable that names the cache folder, above the platform's own (tests set it).
        public static let cacheVariable = "MODGEN_CACHE_DIR"
        /// The variable that sets the most seconds one git command may take.
        public static let timeLimitVariable = "MODGEN_GIT_TIMEOUT"
        static let defaultTimeLimit = 300

        /// `$MODGEN_CACHE_DIR`, else the platform's cache folder for modgen: `~/Library/Caches/modgen` on macOS,
        /// `$XDG_CACHE_HOME/modgen` or `~/.cache/modgen` elsewhere.
        public var cacheFolder: URL? {
            if let folder = environment[Self.cacheVariable], folder.hasPrefix("/") {
                return URL(fileURLWithPath: folder)
            }
            #if os(macOS)
                return environment["HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil }).map {
                    URL(fileURLWithPath: $0).appendingPathComponent("Library/Caches/modgen")
                }
            #else
                if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") {
                    return URL(fileURLWithPath: folder).appendingPathComponent("modgen")
                }
                return environment["HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil }).map {
                    URL(fileURLWithPath: $0).appendingPathComponent(".cache/modgen")
                }
            #endif
        }
    }

    /// The lock file this run reads and writes.
    public let lockFile: URL
    public let settings: Settings
    /// The lock file's pins, read when the first repository is asked for.
    private var recorded: TemplateLock?
    /// The pins this run used: what the lock file should say after it.
    public private(set) var lock = TemplateLock()
    /// The repositories whose commit this run changed, with the commit the lock named before (`nil`: none).
    public private(set) var changes: [(remote: GitRemote, from: String?, to: String)] = []

    public init(lockFile: URL, settings: Settings) {
        self.lockFile = lockFile
        self.settings = settings
    }

    /// The folder holding the files of the repository `declaration` names, at the commit the lock names or newly
    /// fetched (see `Mode`). Errors name the declaration's file, line and column.
    public mutating func checkout(_ declaration: GitTemplateDeclaration) throws -> URL {
        let remote = declaration.remote
        func fail(_ kind: GitTemplateError.Kind, _ reason: String) -> GitTemplateError {
            GitTemplateError(
                file: declaration.file, position: declaration.position, subject: declaration.subject, kind: kind,
                reason: reason)
        }
        if let problem = GitRemote.problem(withURL: remote.url) {
            throw fail(.refused, "\(problem) ('\(PrintableText.escaped(DataFileError.excerpt(remote.url)))')")
        }
        if let ref = remote.ref, let problem = GitRemote.problem(withRef: ref) { throw fail(.refused, problem) }
        if recorded == nil { recorded = try TemplateLock(contentsOf: lockFile) }
        guard let cacheFolder = settings.cacheFolder else {
            throw fail(
                .unavailable,
                "templates from git are kept in a cache folder, and none is known: set HOME or "
                    + Settings.cacheVariable)
        }
        let checkouts = cacheFolder.appendingPathComponent("templates")
        let resolved = GitResolvedRefs(folder: cacheFolder.appendingPathComponent("resolved"))
        var pinned = lock.pins[remote] ?? (settings.mode != .newest ? recorded?.pins[remote] : nil)
        if pinned == nil, settings.mode == .lockedOrLastResolved, let commit = resolved.commit(for: remote),
            FileStatus.isDirectory(atPath: checkouts.appendingPathComponent(commit).path) == true
        {
            pinned = commit
        }
        // A commit the cache holds is used as it is: no git, no network.
        if let pinned, FileStatus.isDirectory(atPath: checkouts.appendingPathComponent(pinned).path) == true {
            lock.pins[remote] = pinned
            return checkouts.appendingPathComponent(pinned)
        }
        if settings.mode == .cachedOnly {
            throw fail(
                .unavailable,
                pinned.map { "commit \($0) of \(remote.shown) is not in the cache" }
                    ?? "\(remote.shown) has no commit in \(TemplateLock.fileName)")
        }
        let cache = try makeCache(checkouts, fail)
        let commit: String
        do {
            if let pinned {
                try cache.fetch(commit: pinned, from: remote.url)
                commit = pinned
            } else {
                commit = try cache.fetchNewest(remote)
                resolved.record(commit, for: remote)
            }
        } catch {
            let source = pinned.map { "commit \($0) (\(TemplateLock.fileName)) of " } ?? ""
            switch error {
            case .git(let reason): throw fail(.unavailable, "cannot fetch \(source)\(remote.shown): \(reason)")
            case .timedOut(let seconds):
                throw fail(
                    .unavailable,
                    "fetching \(source)\(remote.shown) took longer than \(seconds) s "
                        + "(\(Settings.timeLimitVariable) sets the limit)")
            case .tooLarge(let reason): throw fail(.refused, "\(remote.shown) is too large for templates: \(reason)")
            case .cache(let reason): throw fail(.cache, reason)
            }
        }
        let previous = recorded?.pins[remote]
        if previous != commit, !changes.contains(where: { $0.remote == remote }) {
            changes.append((remote, previous, commit))
        }
        lock.pins[remote] = commit
        guard let folder = cache.cachedCheckout(of: commit) else {
            throw fail(.cache, "the cache lost \(commit) as it was fetched (was it removed meanwhile?)")
        }
        return folder
    }

    /// The lock file's new text, when this run used repositories and the file does not already say so.
    public var changedLockText: String? {
        guard !lock.pins.isEmpty else { return nil }
        let text = lock.text
        let current = try? TextFile.readText(atPath: lockFile.path)
        return current == text ? nil : text
    }

    private func makeCache(
        _ checkouts: URL, _ fail: (GitTemplateError.Kind, String) -> GitTemplateError
    ) throws -> GitCheckoutCache {
        guard let git = GitProcess.find(environment: settings.environment) else {
            throw fail(.unavailable, "templates from git need git, and none is on PATH")
        }
        var timeLimit = Settings.defaultTimeLimit
        if let text = settings.environment[Settings.timeLimitVariable] {
            guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                throw fail(
                    .refused,
                    "\(Settings.timeLimitVariable) '\(PrintableText.escaped(DataFileError.excerpt(text)))' is not a "
                        + "number of seconds (1 to 86400)")
            }
            timeLimit = seconds
        }
        return GitCheckoutCache(
            folder: checkouts,
            git: GitProcess(
                executable: git,
                environment: GitProcess.environment(from: settings.environment, ceiling: checkouts.path),
                timeLimit: timeLimit
            ).withSSHBatchMode(askingIn: checkouts))
    }
}

/// A repository of templates that cannot be used: where it is declared, and why.
public struct GitTemplateError: ModGenError, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The URL or ref is refused, or the repository breaks a limit: the config is at fault.
        case refused
        /// git is missing, or the fetch failed (network, no such repository or branch, time limit).
        case unavailable
        /// The cache folder cannot be written.
        case cache
    }

    public var file: String
    public var position: SourcePosition
    public var subject: String
    public var kind: Kind
    public var reason: String

    public var message: String { "\(file):\(position): \(subject): \(reason)" }
}
