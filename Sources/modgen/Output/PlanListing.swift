import ModGenKit

/// The lines `new` and `support` print for their files: `create Home/HomePresenter.swift` after writing; in a dry
/// run `would create …`, and a last line that says nothing was written, so a dry run never reads like a real one.
struct PlanListing {
    /// The output folder as paths are shown under it.
    var outputDirectory: String
    /// Each named root's folder, as its files' paths are shown under it.
    var rootDirectories: [String: String] = [:]
    var style: TerminalStyle

    /// One `<verb> <path>` line per file, for what was done.
    func lines(_ entries: [WriteEntry]) -> [String] {
        entries.map { line($0, verb: $0.action.rawValue) }
    }

    /// One line per file, for what would be done: `would create`, `would overwrite`, `would skip`; `unchanged`
    /// and `conflict` are the same either way.
    func dryRunLines(_ entries: [WriteEntry]) -> [String] {
        entries.map { entry in
            switch entry.action {
            case .create, .overwrite, .skip, .remove: line(entry, verb: "would \(entry.action.rawValue)")
            case .unchanged, .conflict: line(entry, verb: entry.action.rawValue)
            }
        }
    }

    /// `dry run: nothing was written (5 files would be created, 1 unchanged)`.
    func dryRunSummary(_ entries: [WriteEntry]) -> String {
        let counts: [(WriteAction, String)] = [
            (.create, "would be created"), (.overwrite, "would be overwritten"), (.skip, "would be kept"),
            (.unchanged, "unchanged"), (.conflict, "in conflict"),
        ]
        var parts: [String] = []
        for (action, words) in counts {
            let count = entries.filter { $0.action == action }.count
            guard count > 0 else { continue }
            parts.append("\(count) \(count == 1 ? "file" : "files") \(words)")
        }
        let detail = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        return "dry run: nothing was written\(detail)"
    }

    private func line(_ entry: WriteEntry, verb: String) -> String {
        let directory = entry.root.flatMap { rootDirectories[$0] } ?? outputDirectory
        return "\(style.paintVerb(verb, for: entry.action)) \(RenderedPath.display(entry.path, under: directory))"
    }
}
