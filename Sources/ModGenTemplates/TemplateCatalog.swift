import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line of `modgen list`.
public struct TemplateSummary: Equatable, Sendable {
    public var id: String
    public var summary: String
    /// The category folder the template was found in, for formats that have one.
    public var category: String?
    /// Built into modgen, or the user template folder it comes from.
    public var source: TemplateSource

    init(_ template: any ModuleTemplate) {
        id = template.id
        summary = template.summary
        category = template.category
        source = template.source
    }
}

/// A template id that no folder provides.
public struct UnknownTemplateError: ModGenError, Equatable {
    public var id: String
    public var known: [String]
    public var message: String {
        "no template '\(PrintableText.escaped(id))'\(Suggestion.hint(for: id, among: known)) "
            + "(available: \(known.joined(separator: ", ")))"
    }
}

/// The built-in templates and the user's template folders. A user template replaces a built-in one with the same
/// id; among user directories (`--templates` in command-line order, then the config's), the one named first wins;
/// two templates with one id in the same directory are an error.
public struct TemplateCatalog: Sendable {
    /// Folders given with `--templates` and in the config file, in order of precedence. Each is either a template
    /// folder itself (it holds a `template.json`) or a folder of template folders.
    public var userDirectories: [URL]
    /// The folder a template id that is a relative path to an Xcode bundle is taken from; `nil` leaves it to the
    /// process's current folder.
    public var workingDirectory: URL?

    public init(userDirectories: [URL] = [], workingDirectory: URL? = nil) {
        self.userDirectories = userDirectories
        self.workingDirectory = workingDirectory
    }

    /// The template used when neither the command line nor the config names one, as the built-in catalog
    /// declares it (`Templates/catalog.json`).
    public static var defaultTemplateID: String { BuiltInTemplates.defaultTemplateID }

    /// The id a template typed on the command line has: itself, or the id of the template a path names
    /// (`Templates/Module.xctemplate/` → `module`).
    public static func id(ofTyped typed: String) -> String {
        guard let format = TemplateFormats.format(namedByPath: typed) else { return typed }
        let trimmed = typed.hasSuffix("/") ? String(typed.dropLast()) : typed
        return format.expectedID(ofFolder: URL(fileURLWithPath: trimmed))
    }

    /// Loads the template with this id, reading only definitions (manifests, no template file yet).
    ///
    /// A broken definition of another user template does not stop a run that does not use it; it is reported only
    /// when its folder is named like the id asked for, or when no template has the id.
    public func template(id: String) throws -> any ModuleTemplate {
        // A path some format names a template by (an Xcode bundle's) is a template of its own, wherever it is.
        if let format = TemplateFormats.format(namedByPath: id) {
            let trimmed = id.hasSuffix("/") ? String(id.dropLast()) : id
            return try format.template(in: URL(fileURLWithPath: trimmed, relativeTo: workingDirectory))
        }
        var matches: [(directory: Int, folder: URL, template: any ModuleTemplate)] = []
        var unreadable: [any Error] = []
        for (directory, folder, format) in try userTemplateFolders() {
            do {
                let template = try format.template(in: folder)
                if template.id == id { matches.append((directory, folder, template)) }
            } catch {
                if folder.lastPathComponent == id || format.expectedID(ofFolder: folder) == id { throw error }
                unreadable.append(error)
            }
        }
        if let first = matches.first {
            let rivals = matches.dropFirst().filter { $0.directory == first.directory }
            if let rival = rivals.first {
                throw DuplicateTemplateError(id: id, paths: [first.folder.path, rival.folder.path])
            }
            return first.template
        }
        if BuiltInTemplates.templateFolders.contains(id) {
            return try ManifestTemplate(source: .builtIn(folder: id))
        }
        if let error = unreadable.first { throw error }
        throw UnknownTemplateError(id: id, known: try summaries().map(\.id))
    }

    /// Every template the catalog offers, sorted by id, each id once (the one that wins).
    public func summaries() throws -> [TemplateSummary] {
        var byID: [String: TemplateSummary] = [:]
        for folder in BuiltInTemplates.templateFolders {
            let template = try ManifestTemplate(source: .builtIn(folder: folder))
            byID[template.id] = TemplateSummary(template)
        }
        for (_, folder, format) in try userTemplateFolders().reversed() {
            let template: any ModuleTemplate
            do {
                template = try format.template(in: folder)
            } catch  where format.isUnlisted(error) {
                continue
            }
            byID[template.id] = TemplateSummary(template)
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    /// The template folders below the user directories, in precedence order, each with the index of the user
    /// directory it was found in and its format.
    private func userTemplateFolders() throws(TemplateFileError) -> [(
        directory: Int, folder: URL, format: any TemplateFormat
    )] {
        var folders: [(directory: Int, folder: URL, format: any TemplateFormat)] = []
        for (index, directory) in userDirectories.enumerated() {
            guard let isDirectory = FileStatus.isDirectory(atPath: directory.path) else {
                throw TemplateFileError(path: directory.path, reason: "no such template folder")
            }
            guard isDirectory else {
                throw TemplateFileError(
                    path: directory.path,
                    reason: "is a file, not a folder (a template's folder, or one holding templates)")
            }
            for folder in TemplateFormats.templateFolders(in: directory) {
                if let format = TemplateFormats.format(of: folder) { folders.append((index, folder, format)) }
            }
        }
        return folders
    }
}

/// Two template folders in the same user directory declare the same id: which one is meant cannot be guessed.
public struct DuplicateTemplateError: ModGenError, Equatable {
    public var id: String
    public var paths: [String]
    public var message: String {
        "template id '\(id)' is declared by both \(paths.joined(separator: " and ")); rename one of them"
    }
}
