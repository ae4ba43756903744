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

/// What each URL and ref named the last time a run asked the server: `<cache>/resolved/<key>`, one small file per
/// repository holding the commit, the URL and the ref (so that two repositories whose keys collide never take each
/// other's commit). Commands that write nothing (`list`, `describe`) use it for a repository the project's lock does
/// not name yet, instead of asking the server on every run. A hint only: a file that cannot be read or written is
/// as if absent.
struct GitResolvedRefs: Sendable {
    /// `<cache>/resolved`.
    let folder: URL

    func commit(for remote: GitRemote) -> String? {
        guard let text = try? TextFile.readText(atPath: file(for: remote).path) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, GitRemote.isCommitID(lines[0]), lines[1] == remote.url, lines[2] == remote.ref ?? ""
        else { return nil }
        return lines[0]
    }

    /// Records `commit` for `remote`: written beside, then renamed into place, so a reader sees the old file or the
    /// new one whole.
    func record(_ commit: String, for remote: GitRemote) {
        let text = "\(commit)\n\(remote.url)\n\(remote.ref ?? "")\n"
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return
        }
        let destination = file(for: remote)
        let temporary = folder.appendingPathComponent(
            "\(GitCheckoutCache.temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        if rename(temporary.path, destination.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }

    /// The file's name: FNV-1a of the URL and ref, in hex (file names stay short and plain whatever the URL holds).
    private func file(for remote: GitRemote) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("\(remote.url)\n\(remote.ref ?? "")".utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return folder.appendingPathComponent(String(repeating: "0", count: 16 - hex.count) + hex)
    }
}
