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

/// The user's cache of template repositories: one folder per commit, `<cache>/templates/<commit>/`, holding that
/// commit's files (no `.git`). A commit id names its files, so a folder once there is never written again and
/// serves every project and every URL that names that commit; modgen only reads it.
///
/// A fetch goes into a temporary folder beside the checkouts (`.tmp-…`), is checked against the size limits, and
/// is renamed into place: a run sees a checkout whole or not at all, and two runs fetching one commit at once both
/// succeed (the second rename fails, and the second run uses the first one's folder).
struct GitCheckoutCache: Sendable {
    /// `<cache>/templates`.
    let folder: URL
    let git: GitProcess

    /// The most files and bytes a repository of templates may hold: far above any catalog (Generamba's shared
    /// catalog holds a few hundred files), far below what would fill a disk.
    static let maximumFiles = FileWalker.maximumTemplateFiles * 5
    static let maximumBytes: Int64 = 256 * 1024 * 1024

    /// The folder of `commit`'s files, when the cache holds it.
    func cachedCheckout(of commit: String) -> URL? {
        let url = folder.appendingPathComponent(commit)
        return FileStatus.isDirectory(atPath: url.path) == true ? url : nil
    }

    /// Fetches the newest commit of `remote` (its ref, else its default branch) and returns the commit's id.
    func fetchNewest(_ remote: GitRemote) throws(GitFetchFailure) -> String {
        if let ref = remote.ref, GitRemote.isCommitID(ref) {
            try fetch(commit: ref, from: remote.url)
            return ref
        }
        // The server says which commit the ref names now; one the cache holds needs no download.
        if let commit = try commitNamed(by: remote), cachedCheckout(of: commit) != nil { return commit }
        return try inTemporaryFolder { temporary throws(GitFetchFailure) in
            var clone = ["clone", "--quiet", "--depth", "1", "--no-tags", "--no-recurse-submodules"]
            if let ref = remote.ref { clone += ["--branch", ref] }
            try run(clone + ["--", remote.url, "checkout"], in: temporary)
            let checkout = temporary.appendingPathComponent("checkout")
            let commit = try run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], in: checkout).output
                .filter { !$0.isWhitespace }
            guard GitRemote.isCommitID(commit) else {
                throw .git("git named no commit for HEAD ('\(PrintableText.escaped(commit))')")
            }
            try keep(checkout, as: commit)
            return commit
        }
    }

    /// The commit `remote`'s ref (else the default branch, `HEAD`) names on the server, asked with `git ls-remote`
    /// (no download): a branch, else an annotated tag's commit, else a tag. `nil` when the answer names none of them;
    /// a server that cannot be reached is an error.
    private func commitNamed(by remote: GitRemote) throws(GitFetchFailure) -> String? {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cache("cannot create the cache folder \(folder.path): \(error)")
        }
        // An annotated tag's commit is listed as `<tag>^{}`, which the plain name does not match.
        let patterns = remote.ref.map { [$0, "\($0)^{}"] } ?? ["HEAD"]
        let answer = try run(["ls-remote", "--", remote.url] + patterns, in: folder).output
        var named: [String: String] = [:]
        for line in answer.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if fields.count == 2, GitRemote.isCommitID(fields[0]) { named[fields[1]] = fields[0] }
        }
        let candidates =
            remote.ref.map { ["refs/heads/\($0)", "refs/tags/\($0)^{}", "refs/tags/\($0)"] } ?? ["HEAD"]
        return candidates.lazy.compactMap { named[$0] }.first
    }

    /// Fetches `commit` from `url` into the cache (nothing when it is there already).
    func fetch(commit: String, from url: String) throws(GitFetchFailure) {
        if cachedCheckout(of: commit) != nil { return }
        try inTemporaryFolder { temporary throws(GitFetchFailure) in
            let checkout = temporary.appendingPathComponent("checkout")
            try run(["init", "--quiet", "checkout"], in: temporary)
            let fetch = ["fetch", "--quiet", "--depth", "1", "--no-tags", "--no-recurse-submodules"]
            if (try? run(fetch + ["--", url, commit], in: checkout)) == nil {
                // A server that does not hand out a commit by its id (old protocol, uploadpack settings): the whole
                // history, then the commit from it.
                try run(
                    fetch.filter { $0 != "--depth" && $0 != "1" } + ["--", url, "+refs/heads/*:refs/heads/*"],
                    in: checkout)
            }
            let found = try? run(["rev-parse", "--verify", "--quiet", "\(commit)^{commit}"], in: checkout)
            guard found?.output.filter({ !$0.isWhitespace }) == commit else {
                throw .git("the repository has no commit \(commit)")
            }
            try run(["checkout", "--quiet", "--detach", commit], in: checkout)
            try keep(checkout, as: commit)
        }
    }

    /// Runs git; a failure is git's last line of complaint.
    @discardableResult
    private func run(_ arguments: [String], in directory: URL) throws(GitFetchFailure) -> GitProcess.Outcome {
        let outcome: GitProcess.Outcome
        do {
            outcome = try git.run(arguments, in: directory.path)
        } catch {
            switch error {
            case .cannotStart(let reason): throw .git(reason)
            case .timedOut(let seconds): throw .timedOut(seconds: seconds)
            }
        }
        guard outcome.status == 0 else { throw .git(outcome.lastErrorLine) }
        return outcome
    }

    /// Moves a fetched checkout into the cache as `commit`'s folder, without its `.git`, once it is within the
    /// limits. When another run put the commit there first, that folder stays and this one goes with the
    /// temporary folder.
    private func keep(_ checkout: URL, as commit: String) throws(GitFetchFailure) {
        do {
            try FileManager.default.removeItem(at: checkout.appendingPathComponent(".git"))
        } catch {
            throw .cache("cannot remove git's folder from the checkout: \(error)")
        }
        try checkLimits(checkout)
        let destination = folder.appendingPathComponent(commit)
        guard rename(checkout.path, destination.path) == 0 else {
            if errno == EEXIST || errno == ENOTEMPTY, cachedCheckout(of: commit) != nil { return }
            throw .cache("cannot move the checkout into \(destination.path): \(TextFile.systemErrorDescription(errno))")
        }
    }

    private func checkLimits(_ checkout: URL) throws(GitFetchFailure) {
        let files: [String]
        do {
            files = try FileWalker.relativeFilePaths(under: checkout)
        } catch {
            throw .cache(error.message)
        }
        if files.count > Self.maximumFiles {
            throw .tooLarge(
                "it holds \(files.count) files, more than the \(Self.maximumFiles) a repository of templates may")
        }
        var total: Int64 = 0
        for file in files {
            var status = stat()
            if lstat(checkout.appendingPathComponent(file).path, &status) == 0 { total += Int64(status.st_size) }
        }
        if total > Self.maximumBytes {
            throw .tooLarge(
                "its files hold \(total / 1024 / 1024) MiB, more than the \(Self.maximumBytes / 1024 / 1024) MiB a "
                    + "repository of templates may")
        }
    }

    /// Runs `body` in a new temporary folder inside the cache, removed afterwards whatever happens.
    private func inTemporaryFolder<Result>(
        _ body: (URL) throws(GitFetchFailure) -> Result
    ) throws(GitFetchFailure) -> Result {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cache("cannot create the cache folder \(folder.path): \(error)")
        }
        removeAbandonedTemporaryFolders()
        var template = Array(folder.appendingPathComponent("\(Self.temporaryPrefix)XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .cache("cannot create a folder in \(folder.path): \(TextFile.systemErrorDescription(errno))")
        }
        let temporary = URL(fileURLWithPath: String(cString: made))
        defer { try? FileManager.default.removeItem(at: temporary) }
        return try body(temporary)
    }
}

extension GitCheckoutCache {
    static let temporaryPrefix = ".tmp-"
    /// How old a temporary folder must be to count as abandoned: far longer than a fetch may take.
    static let abandonedAfter: Double = 24 * 60 * 60

    /// Removes temporary folders a run left behind when it was killed mid-fetch (its clean-up never ran); one a
    /// day old is no other run's, since no fetch takes that long.
    func removeAbandonedTemporaryFolders() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let now = Date()
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            let url = folder.appendingPathComponent(name)
            guard
                let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate]
                    as? Date,
                now.timeIntervalSince(modified) > Self.abandonedAfter
            else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }
}

/// Why fetching a repository failed, without saying which one (the caller names it and where it is declared).
enum GitFetchFailure: Error, Equatable {
    /// git failed or could not start: its last line of complaint.
    case git(String)
    case timedOut(seconds: Int)
    /// The cache folder could not be written.
    case cache(String)
    /// The repository is larger than the limits.
    case tooLarge(String)
}
