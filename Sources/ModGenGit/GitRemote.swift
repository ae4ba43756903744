import ModGenCore

/// A repository of templates as a config names it: its URL and, optionally, the branch or tag (or commit) to take.
///
/// Only what cannot make git do more than fetch is accepted. git runs commands for some URLs (`ext::sh -c …`, a
/// host that starts with `-` and reaches `ssh` as an option) and reads a word that starts with `-` as an option, so
/// a URL is one of `https://`, `ssh://`, `git://`, `file://` or scp-like `user@host:path`, and neither it nor a ref
/// starts with `-` (git is also told to allow only these protocols, `GitProcess.environment`).
public struct GitRemote: Hashable, Sendable {
    public var url: String
    /// The branch or tag, or a full commit id; `nil`: the repository's default branch.
    public var ref: String?

    public init(url: String, ref: String?) {
        self.url = url
        self.ref = ref
    }

    /// The schemes modgen hands to git, as `GIT_ALLOW_PROTOCOL` lists them.
    static let allowedProtocols = ["https", "ssh", "git", "file"]

    /// Why `url` is refused, or `nil` when git may fetch it.
    public static func problem(withURL url: String) -> String? {
        let allowed = "use an https://, ssh://, git:// or file:// URL, or user@host:path"
        if url.isEmpty { return "the URL is empty" }
        if url.hasPrefix("-") { return "a URL must not start with '-' (git would read it as an option)" }
        if url.contains("::") { return "git's '<transport>::' URLs (such as ext::) run commands; \(allowed)" }
        if url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
            return "a URL must not contain spaces or control characters"
        }
        if let schemeEnd = url.firstRange(of: "://") {
            let scheme = url[..<schemeEnd.lowerBound].lowercased()
            guard allowedProtocols.contains(scheme) else {
                return "the scheme '\(PrintableText.escaped(scheme))' is not allowed; \(allowed)"
            }
            let rest = url[schemeEnd.upperBound...]
            if scheme != "file" {
                let authority = rest.prefix { $0 != "/" }
                let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
                if host.isEmpty { return "the URL names no host" }
                if host.hasPrefix("-") { return "a host must not start with '-' (ssh would read it as an option)" }
            }
            return nil
        }
        // scp-like `[user@]host:path`: the part before the first ':' holds no '/' (else git reads a local path).
        guard let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") else {
            return "local paths are not fetched; \(allowed) (file:///path for a repository on this machine)"
        }
        let host = url[..<colon].split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        if host.isEmpty { return "the URL names no host" }
        if host.hasPrefix("-") { return "a host must not start with '-' (ssh would read it as an option)" }
        if url[url.index(after: colon)...].isEmpty { return "the URL names no repository path" }
        return nil
    }

    /// Why `ref` is refused, or `nil` when git may be asked for it.
    public static func problem(withRef ref: String) -> String? {
        if ref.isEmpty { return "the branch is empty" }
        if ref.hasPrefix("-") { return "a branch must not start with '-' (git would read it as an option)" }
        if ref.unicodeScalars.contains(where: {
            $0.value < 0x21 || $0.value == 0x7F || "~^:?*[\\".unicodeScalars.contains($0)
        })
            || ref.contains("..") || ref.contains("@{") || ref.hasSuffix(".lock") || ref.hasSuffix("/")
            || ref.hasPrefix("/")
        {
            return "'\(PrintableText.escaped(ref))' is not a branch or tag name git allows"
        }
        return nil
    }

    /// Whether `text` is a full commit id (SHA-1 or SHA-256, lower-case hexadecimal).
    public static func isCommitID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64)
            && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// How messages show it: the URL, and the ref after `@` when there is one.
    public var shown: String {
        let url = PrintableText.escaped(url)
        return ref.map { "\(url) (\(PrintableText.escaped($0)))" } ?? url
    }
}
