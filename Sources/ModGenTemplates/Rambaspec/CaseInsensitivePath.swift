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
    /// The path as spelled on disk, relative to the folder whose path is `folder`; `nil` when nothing matches.
    /// `differs` gets that spelling when it is not `path`'s. Two entries that match alike (`a.liquid` and `A.liquid`
    /// on a case-sensitive disk, neither spelled as asked) are ambiguous: an error.
    static func resolve(_ path: String, in folder: String, differs: (String) -> Void) throws -> String? {
        let components = path.split(separator: "/").filter { $0 != "." }
        let asked = components.joined(separator: "/")
        // A path spelled as on disk, as nearly every one is, is settled by one look instead of one a component.
        if FileStatus.entryExists(atPath: "\(folder)/\(asked)") { return asked }
        var actual: [String] = []
        var current = folder
        for component in components.map(String.init) {
            let exact = "\(current)/\(component)"
            if FileStatus.entryExists(atPath: exact) {
                actual.append(component)
                current = exact
                continue
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []
            let matches = entries.filter { $0.lowercased() == component.lowercased() }
            guard let match = matches.first else { return nil }
            if matches.count > 1 {
                throw TemplateFileError(
                    path: exact,
                    reason: "matches \(matches.sorted().joined(separator: " and ")) ignoring letter case; rename one")
            }
            actual.append(match)
            current = "\(current)/\(match)"
        }
        let spelled = actual.joined(separator: "/")
        if spelled != asked { differs(spelled) }
        return spelled
    }
}
