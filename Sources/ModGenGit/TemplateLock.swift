import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `modgen.lock`: the commit each template repository a project uses was taken at, beside the project's
/// `.modgen.json` (else its `Rambafile`), as SwiftPM's `Package.resolved` pins packages. Committed with the
/// project, it makes every run on every machine use the same templates, and a run whose commits are in the cache
/// needs no network.
///
/// ```json
/// {
///   "//": "Written by modgen: the commit of each template repository. Commit this file; 'modgen update-templates' moves it forward.",
///   "version": 1,
///   "repositories": [
///     { "url": "https://github.com/acme/templates.git", "ref": "main", "commit": "0f3c…" }
///   ]
/// }
/// ```
/// One entry per URL and ref (no `ref`: the default branch), sorted by URL then ref, so the file is a function
/// of its pins alone and a merge of two branches' locks stays readable.
public struct TemplateLock: Equatable, Sendable {
    public static let fileName = "modgen.lock"
    static let version = 1

    /// The commit each repository (URL and ref) is taken at.
    public var pins: [GitRemote: String] = [:]

    public init(pins: [GitRemote: String] = [:]) {
        self.pins = pins
    }

    /// Reads a lock file; a missing one is an empty lock. Errors name the file, line and column.
    public init(contentsOf url: URL) throws {
        guard FileStatus.entryExists(atPath: url.path) else { return }
        let fields = JSONFields(
            document: try JSONDocument(parsing: try TextFile.readText(atPath: url.path), fileName: url.path))
        try fields.checkKeys("", allowed: ["version", "repositories"], allowingComments: true)
        guard case .integer(let version)? = fields.value(at: "version"), version == Self.version else {
            throw fields.error(
                at: "version", "\"version\" must be \(Self.version) (a lock written by another modgen?)")
        }
        for index in 0..<(try fields.count("repositories")) {
            let entry = "repositories[\(index)]"
            try fields.checkKeys(entry, allowed: ["url", "ref", "commit"])
            let remote = GitRemote(
                url: try fields.string("\(entry).url"), ref: try fields.optionalString("\(entry).ref"))
            let commit = try fields.string("\(entry).commit")
            guard GitRemote.isCommitID(commit) else {
                throw fields.error(at: "\(entry).commit", "\"commit\" must be a full commit id (40 hexadecimal digits)")
            }
            if let problem = GitRemote.problem(withURL: remote.url) {
                throw fields.error(at: "\(entry).url", problem)
            }
            if let ref = remote.ref, let problem = GitRemote.problem(withRef: ref) {
                throw fields.error(at: "\(entry).ref", problem)
            }
            if pins[remote] != nil {
                throw fields.error(at: entry, "\(remote.shown) is pinned twice")
            }
            pins[remote] = commit
        }
    }

    /// The file's text: the same pins give the same bytes.
    public var text: String {
        let entries = pins.sorted { ($0.key.url, $0.key.ref ?? "") < ($1.key.url, $1.key.ref ?? "") }.map {
            pin -> JSONValue in
            var members: [(key: String, value: JSONValue)] = [("url", .string(pin.key.url))]
            if let ref = pin.key.ref { members.append(("ref", .string(ref))) }
            members.append(("commit", .string(pin.value)))
            return .object(members)
        }
        let document = JSONValue.object([
            (
                "//",
                .string(
                    "Written by modgen: the commit of each template repository. Commit this file; "
                        + "'modgen update-templates' moves it forward.")
            ),
            ("version", .integer(Self.version)),
            ("repositories", .array(entries)),
        ])
        return document.prettyPrinted + "\n"
    }
}
