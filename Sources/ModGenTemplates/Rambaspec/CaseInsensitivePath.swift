import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds a file as a Mac's default (case-insensitive) file system does: each component of `path` as written if
/// it exists, else the one entry of its folder that matches it ignoring letter case. Templates written on Macs name
/// files in another case (`ViewController.h.liquid` for `viewcontroller.h.liquid`) and work there; here they work
/// too, with a warning, instead of failing on Linux as upstream Generamba does.
enum CaseInsensitivePath {
    /// The path as spelled on disk, relative to `folder`; `nil` when nothing matches. `differs` gets that spelling
    /// when it is not `path`'s. Two entries that match alike (`a.liquid` and `A.liquid` on a case-sensitive disk,
    /// neither spelled as asked) are ambiguous: an error.
    static func resolve(_ path: String, in folder: URL, differs: (String) -> Void) throws -> String? {
        var actual: [String] = []
        var current = folder
        for component in path.split(separator: "/").map(String.init) {
            if component == "." { continue }
            let exact = current.appendingPathComponent(component)
            if FileStatus.entryExists(atPath: exact.path) {
                actual.append(component)
                current = exact
                continue
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []
            let matches = entries.filter { $0.lowercased() == component.lowercased() }
            guard let match = matches.first else { return nil }
            if matches.count > 1 {
                throw TemplateFileError(
                    path: current.appendingPathComponent(component).path,
                    reason: "matches \(matches.sorted().joined(separator: " and ")) ignoring letter case; rename one")
            }
            actual.append(match)
            current = current.appendingPathComponent(match)
        }
        let spelled = actual.joined(separator: "/")
        if spelled != path.split(separator: "/").filter({ $0 != "." }).joined(separator: "/") { differs(spelled) }
        return spelled
    }
}
