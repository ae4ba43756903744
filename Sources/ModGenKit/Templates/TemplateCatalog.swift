import Foundation

/// A template ready to use: its manifest and where its files are.
public struct Template: Sendable {
    public var manifest: TemplateManifest
    public var source: TemplateSource
}

/// One line of `modgen list`.
public struct TemplateSummary: Equatable, Sendable {
    public var id: String
    public var summary: String
    /// Built into modgen, or the user template folder it comes from.
    public var source: TemplateSource
}

/// A template id that no folder provides.
public struct UnknownTemplateError: ModGenError, Equatable {
    public var id: String
    public var known: [String]
    public var message: String { "no template '\(id)' (available: \(known.joined(separator: ", ")))" }
    public var exitCode: ExitCode { .noInput }
}

/// The built-in templates and the user's template folders. A user template replaces a built-in one with the same
/// id; among user folders, the one named first wins.
public struct TemplateCatalog: Sendable {
    /// Folders given with `--templates` and in the config file, in order of precedence. Each is either a template
    /// folder itself (it holds a `template.json`) or a folder of template folders.
    public var userDirectories: [URL]

    public init(userDirectories: [URL] = []) {
        self.userDirectories = userDirectories
    }

    /// Loads the template with this id, reading only manifests (and no template file yet).
    public func template(id: String) throws -> Template {
        for folder in try userTemplateFolders() {
            let manifest = try readManifest(in: .directory(folder))
            if manifest.id == id { return Template(manifest: manifest, source: .directory(folder)) }
        }
        if BuiltInTemplates.templateFolders.contains(id) {
            return Template(manifest: try readManifest(in: .builtIn(folder: id)), source: .builtIn(folder: id))
        }
        throw UnknownTemplateError(id: id, known: try summaries().map(\.id))
    }

    /// Every template the catalog offers, sorted by id, each id once (the one that wins).
    public func summaries() throws -> [TemplateSummary] {
        var byID: [String: TemplateSummary] = [:]
        for folder in BuiltInTemplates.templateFolders {
            let manifest = try readManifest(in: .builtIn(folder: folder))
            byID[manifest.id] = TemplateSummary(
                id: manifest.id, summary: manifest.summary, source: .builtIn(folder: folder))
        }
        for folder in try userTemplateFolders().reversed() {
            let manifest = try readManifest(in: .directory(folder))
            byID[manifest.id] = TemplateSummary(
                id: manifest.id, summary: manifest.summary, source: .directory(folder))
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    private func readManifest(in source: TemplateSource) throws -> TemplateManifest {
        guard let text = try source.text(of: "template.json") else {
            throw TemplateFileError(path: source.displayPath(of: "template.json"), reason: "no such file")
        }
        return try TemplateManifest(parsing: text, fileName: source.displayPath(of: "template.json"))
    }

    /// The template folders below the user directories, in precedence order.
    private func userTemplateFolders() throws(TemplateFileError) -> [URL] {
        var folders: [URL] = []
        let files = FileManager.default
        for directory in userDirectories {
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw TemplateFileError(path: directory.path, reason: "no such template folder")
            }
            if files.fileExists(atPath: directory.appendingPathComponent("template.json").path) {
                folders.append(directory)
                continue
            }
            let children = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
            for child in children.sorted() {
                let folder = directory.appendingPathComponent(child)
                if files.fileExists(atPath: folder.appendingPathComponent("template.json").path) {
                    folders.append(folder)
                }
            }
        }
        return folders
    }
}
