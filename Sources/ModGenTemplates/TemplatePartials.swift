import ModGenCore
import ModGenMustache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The partials a template's files see: the config's `header` (when it gives one), then the template's own
/// `partials/<name>.mustache`, then the shared `_shared/partials/<name>.mustache`. Each folder is a provider that
/// reads and parses a partial once; this one only asks them in order.
///
/// A partial that exists but cannot be read or parsed is an error, never a fall-back to the next folder: a broken
/// override must not silently turn into the default.
package struct TemplatePartials: MustachePartialProvider {
    private let header: MustacheTemplate?
    private let folders: [any MustachePartialProvider]

    /// - Parameter header: replaces the `header` partial (the config's `header.partial`).
    package init(source: TemplateSource, header: MustacheTemplate?) {
        self.header = header
        let shared = "\(BuiltInTemplates.sharedFolder)/partials"
        switch source {
        case .builtIn(let folder):
            folders = [BuiltInPartials(folder: "\(folder)/partials"), BuiltInPartials(folder: shared)]
        case .directory(let root):
            folders = [
                DirectoryPartials(directory: root.appendingPathComponent("partials"), inside: source.box),
                BuiltInPartials(folder: shared),
            ]
        case .recorded(let copy):
            // The partials the template was recorded with, never the ones of the modgen now running.
            folders = ["partials", shared].map {
                DirectoryPartials(
                    directory: copy.appendingPathComponent(TemplateSource.recordedPath(of: $0)), inside: source.box)
            }
        }
    }

    package func template(named name: String) throws(MustacheError) -> MustacheTemplate? {
        if name == "header", let header { return header }
        // A name that could leave the partials folders is no partial: strict rendering reports it as unknown, at
        // the tag that names it.
        guard RelativePath.problem(with: name, inside: "the partials folder") == nil else { return nil }
        for folder in folders {
            if let found = try folder.template(named: name) { return found }
        }
        return nil
    }
}

/// Partials compiled into the binary: `<folder>/<name>.mustache` among the embedded template files. Errors name
/// that path (`_shared/partials/header.mustache`).
private struct BuiltInPartials: MustachePartialProvider {
    /// Every embedded file by its path, read from its compiled form (or parsed) the first time it is asked for,
    /// once per process.
    private static let files = DictionaryPartials(
        BuiltInTemplates.files, compiledForms: BuiltInTemplates.compiledForms)
    let folder: String

    package func template(named name: String) throws(MustacheError) -> MustacheTemplate? {
        try Self.files.template(named: "\(folder)/\(name).mustache")
    }
}
