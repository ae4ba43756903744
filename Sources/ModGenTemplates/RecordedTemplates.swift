import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The files that make up a template version, to record a copy of it, and the template read back from such a copy,
/// so a module can be rendered exactly as it was generated, whatever the template or modgen became since.
///
/// A manifest template's copy holds its folder as `template/` and the shared files (`_shared/`: partials and files
/// its manifest may name) as modgen had them; an Xcode bundle's copy holds the bundle under its own name, which is
/// its id.
public enum RecordedTemplates {
    /// At most this many files in a template version: a template folder that holds more is not a template.
    public static let fileLimit = 2_000

    /// Every file of `template`'s current version, paths relative to the copy's folder, sorted by path.
    public static func files(of template: any ModuleTemplate) throws -> [RenderedFile] {
        let own = TemplateSource.recordedTemplateFolder
        var files: [RenderedFile] = []
        switch template.source {
        case .builtIn(let folder):
            for (path, text) in BuiltInTemplates.files where path.hasPrefix(folder + "/") {
                files.append(RenderedFile(path: "\(own)/\(path.dropFirst(folder.count + 1))", contents: text))
            }
        case .directory(let root):
            let prefix = template is XcodeTemplate ? root.lastPathComponent : own
            files = try folderFiles(root).map { RenderedFile(path: "\(prefix)/\($0.path)", bytes: $0.bytes) }
        case .recorded(let root):
            // Already laid out as a copy, shared files included.
            return try folderFiles(root)
        }
        if !(template is XcodeTemplate) {
            for (path, text) in BuiltInTemplates.files where path.hasPrefix(BuiltInTemplates.sharedFolder + "/") {
                files.append(RenderedFile(path: path, contents: text))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    private static func folderFiles(_ root: URL) throws -> [RenderedFile] {
        // What is recorded is what the template may read: nothing from outside its folder.
        let box = ContainmentFolder(root.path)
        let paths = try FileWalker.relativeFilePaths(under: root, inside: box)
        guard paths.count <= fileLimit else {
            throw TemplateFileError(
                path: root.path, reason: "holds more than \(fileLimit) files, too many to record as a template")
        }
        var files: [RenderedFile] = []
        for path in paths {
            files.append(
                RenderedFile(
                    path: path,
                    bytes: try TextFile.readBytes(atPath: root.appendingPathComponent(path).path, inside: box)))
        }
        return files
    }

    /// The template recorded in `folder` (a copy laid out by `files(of:)`).
    public static func template(in folder: URL) throws -> any ModuleTemplate {
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        if let bundle = children.first(where: XcodeBundle.isBundleName) {
            return try XcodeTemplate(at: folder.appendingPathComponent(bundle))
        }
        return try ManifestTemplate(source: .recorded(folder))
    }
}
