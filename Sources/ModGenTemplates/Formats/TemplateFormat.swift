import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One way of writing a template on disk: how a folder of it is recognised and loaded, and how a copy of it is
/// recorded for `modgen update`. A format is one entry in `TemplateFormats.all`; nothing outside a format's own
/// folder asks which format a template or a folder is, it asks the registry. What a template *is* stays
/// `ModuleTemplate`, whatever its format.
package protocol TemplateFormat: Sendable {
    /// Whether `folder` is a template of this format. Looks at names only, never at contents: a broken template is
    /// still found, so that using it says what is wrong with it instead of "no template".
    func holdsTemplate(_ folder: URL) -> Bool

    /// The template folders of this format in a folder of templates, in precedence order. `isTemplate` tells a
    /// folder of any format (a format that searches deeper does not search inside another one's template).
    func templateFolders(in directory: URL, isTemplate: (URL) -> Bool) -> [URL]

    /// Reads the template in `folder` (its definition only, no template file yet).
    func template(in folder: URL) throws -> any ModuleTemplate

    /// Whether a path typed as a template id names a template of this format by itself, wherever it is
    /// (`Templates/Module.xctemplate`).
    func isNamedByPath(_ path: String) -> Bool

    /// The id a template in `folder` is expected to have, known from its name alone: a broken template is blamed
    /// when the id asked for is this one.
    func expectedID(ofFolder folder: URL) -> String

    /// Whether `error`, thrown by `template(in:)`, means the folder is left out of `modgen list` rather than
    /// reported (Xcode does not list a bundle without its `TemplateInfo.plist`).
    func isUnlisted(_ error: any Error) -> Bool

    /// Whether `template` is of this format.
    func owns(_ template: any ModuleTemplate) -> Bool

    /// Every file of `template`'s current version laid out as its recorded copy (paths relative to the copy).
    func recordedFiles(of template: any ModuleTemplate) throws -> [RenderedFile]

    /// The template a recorded copy holds, when it is one of this format; `children` are the copy's entries.
    func recordedTemplate(in copy: URL, children: [String]) throws -> (any ModuleTemplate)?
}

extension TemplateFormat {
    package func templateFolders(in directory: URL, isTemplate: (URL) -> Bool) -> [URL] {
        let children = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return children.sorted().map { directory.appendingPathComponent($0) }.filter(holdsTemplate)
    }

    package func isNamedByPath(_ path: String) -> Bool { false }

    package func expectedID(ofFolder folder: URL) -> String { folder.lastPathComponent }

    package func isUnlisted(_ error: any Error) -> Bool { false }
}

/// The registry of template formats, in the order a folder is tried: the first format that holds a folder reads it.
package enum TemplateFormats {
    package static let all: [any TemplateFormat] = [ManifestFormat(), XcodeBundleFormat(), RambaspecFormat()]

    /// The format of the template in `folder`, or `nil` when it holds none.
    package static func format(of folder: URL) -> (any TemplateFormat)? {
        all.first { $0.holdsTemplate(folder) || $0.isNamedByPath(folder.path) }
    }

    /// The format that names a template by the path typed as its id, or `nil` for a plain id.
    package static func format(namedByPath path: String) -> (any TemplateFormat)? {
        all.first { $0.isNamedByPath(path) }
    }

    /// The format `template` is written in.
    package static func format(of template: any ModuleTemplate) -> any TemplateFormat {
        // Every template the catalog hands out comes from one of the formats; a template made elsewhere (a test's)
        // is recorded as a manifest would be.
        all.first { $0.owns(template) } ?? ManifestFormat()
    }

    /// The template folders in a user directory, in precedence order: the directory itself when it is a template,
    /// else those of every format in it.
    package static func templateFolders(in directory: URL) -> [URL] {
        if format(of: directory) != nil { return [directory] }
        let isTemplate = { (folder: URL) in format(of: folder) != nil }
        return all.flatMap { $0.templateFolders(in: directory, isTemplate: isTemplate) }
    }

    /// Refuses to record a template of `root` with more than `RecordedTemplates.fileLimit` files.
    package static func checkRecordable(fileCount: Int, in root: URL) throws {
        guard fileCount <= RecordedTemplates.fileLimit else {
            throw TemplateFileError(
                path: root.path,
                reason: "holds more than \(RecordedTemplates.fileLimit) files, too many to record as a template")
        }
    }

    /// The files of a folder as recorded: every file it holds, nothing from outside it.
    package static func folderFiles(_ root: URL, under prefix: String? = nil) throws -> [RenderedFile] {
        // What is recorded is what the template may read: nothing from outside its folder.
        let box = ContainmentFolder(root.path)
        let paths = try FileWalker.relativeFilePaths(under: root, inside: box)
        try checkRecordable(fileCount: paths.count, in: root)
        var files: [RenderedFile] = []
        for path in paths {
            files.append(
                RenderedFile(
                    path: prefix.map { "\($0)/\(path)" } ?? path,
                    bytes: try TextFile.readBytes(atPath: root.appendingPathComponent(path).path, inside: box)))
        }
        return files
    }
}
