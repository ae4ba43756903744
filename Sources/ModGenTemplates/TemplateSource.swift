import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a template's files come from: the binary (built-in templates) or a folder on disk (user templates).
///
/// A template reads only the files a run needs, when it needs them.
public enum TemplateSource: Equatable, Sendable {
    /// A built-in template: its folder name under `Templates/`.
    case builtIn(folder: String)
    /// A user template folder.
    case directory(URL)
    /// A copy of a manifest template recorded for `modgen update`: its files in `template/`, and the shared
    /// files it was rendered with in `_shared/` beside it (see `TemplateCatalog.recordedTemplate(in:)`).
    case recorded(URL)

    /// The text of a file given relative to the template folder; `_shared/…` names the built-in shared folder,
    /// compiled into modgen (a user template's `_shared/…` is never a file on disk). `nil` when there is no such
    /// file. A file of a folder is read only when it is really inside that folder (`box`).
    package func text(of relativePath: String) throws -> String? {
        if case .recorded(let copy) = self {
            let url = copy.appendingPathComponent(Self.recordedPath(of: relativePath))
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try TextFile.readText(atPath: url.path, inside: box)
        }
        if relativePath.hasPrefix(BuiltInTemplates.sharedFolder + "/") {
            return BuiltInTemplates.files[relativePath]
        }
        switch self {
        case .builtIn(let folder):
            return BuiltInTemplates.files["\(folder)/\(relativePath)"]
        case .directory(let root), .recorded(let root):
            let url = root.appendingPathComponent(relativePath)
            guard FileStatus.entryExists(atPath: url.path) else { return nil }
            return try TextFile.readText(atPath: url.path, inside: box)
        }
    }

    /// The parsed tree of a file given relative to the template folder (`MustacheTemplate.compiledForm`) when its
    /// text is compiled into modgen (a built-in template's file, or `_shared/…`), else `nil`: a file read from disk
    /// is parsed.
    package func compiledForm(of relativePath: String) -> String? {
        if case .recorded = self { return nil }
        if relativePath.hasPrefix(BuiltInTemplates.sharedFolder + "/") {
            return BuiltInTemplates.compiledForms[relativePath]
        }
        guard case .builtIn(let folder) = self else { return nil }
        return BuiltInTemplates.compiledForms["\(folder)/\(relativePath)"]
    }

    /// The parsed tree of Mustache `text` written in the template's manifest, when the manifest is compiled into
    /// modgen; `nil` for any other template, whose manifest texts are parsed.
    package func compiledForm(ofManifestText text: String) -> String? {
        guard case .builtIn = self else { return nil }
        return BuiltInTemplates.compiledManifestTexts[text]
    }

    /// The folder nothing of a user template may lead out of: the template's own folder, or the recorded copy's.
    /// `nil` for a built-in one.
    package var box: ContainmentFolder? {
        switch self {
        case .builtIn: nil
        case .directory(let root), .recorded(let root): ContainmentFolder(root.path)
        }
    }

    /// Refuses a user template when one of the files its manifest names (`templates`), or anything in its `partials`
    /// folder, leads out of its folder: every command that reads the template (`describe` too, which renders no file)
    /// refuses it alike, before anything is rendered. A file that cannot be read is left to the read that needs it.
    package func checkNothingLeadsOut(templates: [String]) throws(FileReadError) {
        guard case .directory(let root) = self, let box else { return }
        do {
            for template in templates where !template.hasPrefix(BuiltInTemplates.sharedFolder + "/") {
                let path = root.appendingPathComponent(template).path
                if FileStatus.entryExists(atPath: path) { _ = try box.realPath(of: path, shownAs: path) }
            }
            _ = try FileWalker.relativeFilePaths(under: root.appendingPathComponent("partials"), inside: box)
        } catch  where error.kind == .refused {
            throw error
        } catch {
            return
        }
    }

    /// Where a file of a recorded copy lies in it: `_shared/…` as it is, the template's own files in `template/`.
    static func recordedPath(of relativePath: String) -> String {
        relativePath.hasPrefix(BuiltInTemplates.sharedFolder + "/")
            ? relativePath : "\(recordedTemplateFolder)/\(relativePath)"
    }

    /// The folder of a recorded copy that holds the template's own files.
    static let recordedTemplateFolder = "template"

    /// How errors name a file: `viper/Presenter.swift.mustache` for built-ins, the path on disk otherwise.
    package func displayPath(of relativePath: String) -> String {
        if case .recorded(let copy) = self {
            return copy.appendingPathComponent(Self.recordedPath(of: relativePath)).path
        }
        if relativePath.hasPrefix(BuiltInTemplates.sharedFolder + "/") { return relativePath }
        switch self {
        case .builtIn(let folder): return "\(folder)/\(relativePath)"
        case .directory(let root), .recorded(let root): return root.appendingPathComponent(relativePath).path
        }
    }

    /// `built-in` or the folder path, for `modgen describe`.
    public var origin: String {
        switch self {
        case .builtIn: return "built-in"
        case .directory(let root), .recorded(let root): return root.path
        }
    }
}

/// A template file that is missing or unreadable.
public struct TemplateFileError: ModGenError, Equatable {
    public var path: String
    public var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var message: String { "\(path): \(reason)" }
}
