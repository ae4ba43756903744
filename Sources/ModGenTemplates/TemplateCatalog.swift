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

    /// Loads the template with this id, reading only definitions (manifests, no template file yet).
    ///
    /// A broken definition of another user template does not stop a run that does not use it; it is reported only
    /// when its folder is named like the id asked for, or when no template has the id.
    public func template(id: String) throws -> any ModuleTemplate {
        // A path to an Xcode bundle is a template of its own, wherever it is.
        let trimmed = id.hasSuffix("/") ? String(id.dropLast()) : id
        if XcodeBundle.isBundleName(trimmed) {
            return try XcodeTemplate(at: URL(fileURLWithPath: trimmed, relativeTo: workingDirectory))
        }
        var matches: [(directory: Int, folder: URL, template: any ModuleTemplate)] = []
        var unreadable: [any Error] = []
        for (directory, folder) in try userTemplateFolders() {
            do {
                let template = try Self.loadTemplate(in: folder)
                if template.id == id { matches.append((directory, folder, template)) }
            } catch {
                if folder.lastPathComponent == id || Self.xcodeID(of: folder) == id { throw error }
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
        for (_, folder) in try userTemplateFolders().reversed() {
            let template: any ModuleTemplate
            do {
                template = try Self.loadTemplate(in: folder)
            } catch XcodeTemplateError.missingInfo {
                continue  // Xcode does not list a bundle without TemplateInfo.plist either
            }
            byID[template.id] = TemplateSummary(template)
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    /// The template folders below the user directories, in precedence order, each with the index of the user
    /// directory it was found in.
    private func userTemplateFolders() throws(TemplateFileError) -> [(directory: Int, folder: URL)] {
        var folders: [(directory: Int, folder: URL)] = []
        let files = FileManager.default
        for (index, directory) in userDirectories.enumerated() {
            guard let isDirectory = FileStatus.isDirectory(atPath: directory.path) else {
                throw TemplateFileError(path: directory.path, reason: "no such template folder")
            }
            guard isDirectory else {
                throw TemplateFileError(
                    path: directory.path,
                    reason: "is a file, not a folder (a template's folder, or one holding templates)")
            }
            if Self.holdsManifest(directory) || XcodeBundle.isBundleName(directory.lastPathComponent) {
                folders.append((index, directory))
                continue
            }
            let children = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
            for child in children.sorted() {
                let folder = directory.appendingPathComponent(child)
                if Self.holdsManifest(folder) { folders.append((index, folder)) }
            }
            var visited: Set<String> = []
            folders += Self.xcodeBundles(below: directory, depth: 0, visited: &visited).map { (index, $0) }
        }
        return folders
    }

    /// Whether `folder` is a manifest template's: it holds a `template.json`, even one that cannot be read (a link
    /// to nothing, a loop of links), so that using it says what is wrong with it instead of "no template".
    private static func holdsManifest(_ folder: URL) -> Bool {
        FileStatus.entryExists(atPath: folder.appendingPathComponent(ManifestTemplate.manifestFileName).path)
    }

    /// Bundles found in a folder, as Xcode finds them in category folders: below `folder` at any depth (up to a
    /// few levels, so a folder of folders is searched without walking a whole disk), not inside a bundle. Links to
    /// folders are followed, but each real folder is searched once (`visited`): links to a folder itself or to
    /// each other would otherwise multiply the search at every level.
    private static func xcodeBundles(below folder: URL, depth: Int, visited: inout Set<String>) -> [URL] {
        guard depth < 4 else { return [] }
        let realFolder = ContainmentFolder.resolve(folder.path) ?? folder.path
        guard visited.insert(realFolder).inserted else { return [] }
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var bundles: [URL] = []
        for child in children where !child.hasPrefix(".") {
            let url = folder.appendingPathComponent(child)
            guard FileStatus.isDirectory(atPath: url.path) == true else { continue }
            if XcodeBundle.isBundleName(child) {
                bundles.append(url)
            } else if !holdsManifest(url) {
                bundles += xcodeBundles(below: url, depth: depth + 1, visited: &visited)
            }
        }
        return bundles
    }

    private static func loadTemplate(in folder: URL) throws -> any ModuleTemplate {
        if XcodeBundle.isBundleName(folder.lastPathComponent) { return try XcodeTemplate(at: folder) }
        return try ManifestTemplate(source: .directory(folder))
    }

    private static func xcodeID(of folder: URL) -> String? {
        XcodeBundle.isBundleName(folder.lastPathComponent)
            ? XcodeBundle.id(ofFolderNamed: folder.lastPathComponent) : nil
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
