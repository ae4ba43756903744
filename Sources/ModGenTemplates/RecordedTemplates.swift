import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The files that make up a template version, to record a copy of it, and the template read back from such a copy,
/// so a module can be rendered exactly as it was generated, whatever the template or modgen became since.
///
/// Each format lays out its copy (`TemplateFormat.recordedFiles(of:)`): a manifest template's holds its folder as
/// `template/` and the shared files as modgen had them; an Xcode bundle's holds the bundle under its own name.
public enum RecordedTemplates {
    /// At most this many files in a template version: a template folder that holds more is not a template.
    public static let fileLimit = 2_000

    /// Every file of `template`'s current version, paths relative to the copy's folder, sorted by path.
    public static func files(of template: any ModuleTemplate) throws -> [RenderedFile] {
        try TemplateFormats.format(of: template).recordedFiles(of: template).sorted { $0.path < $1.path }
    }

    /// The version of `template` when it is known without hashing its files: a built-in template's, computed when
    /// it was embedded (`TemplateEmbedder`). `nil` for any other template: its files are hashed when a record needs
    /// the version (`FileSetDigest`).
    public static func embeddedVersion(of template: any ModuleTemplate) -> String? {
        guard case .builtIn(let folder) = template.source else { return nil }
        return EmbeddedTemplates.versions[folder]
    }

    /// The template recorded in `folder` (a copy laid out by `files(of:)`).
    public static func template(in folder: URL) throws -> any ModuleTemplate {
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for format in TemplateFormats.all {
            if let template = try format.recordedTemplate(in: folder, children: children) { return template }
        }
        throw TemplateFileError(path: folder.path, reason: "holds no recorded template")
    }
}
