import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Generamba's templates as an entry of the registry: a folder holding `<name>.rambaspec` (the file's name is the
/// template's id, as `generamba gen` looks it up). A recorded copy holds the folder under the template's id.
package struct RambaspecFormat: TemplateFormat {
    package static let fileExtension = "rambaspec"

    package func holdsTemplate(_ folder: URL) -> Bool { Self.specName(in: folder) != nil }

    /// The rambaspec's name in `folder`: `<folder name>.rambaspec`, else the folder's only `.rambaspec` (a
    /// Rambafile's `local:` folder may be named otherwise than its template).
    package static func specName(in folder: URL) -> String? {
        let own = "\(folder.lastPathComponent).\(fileExtension)"
        if FileStatus.entryExists(atPath: folder.appendingPathComponent(own).path) { return own }
        guard FileStatus.isDirectory(atPath: folder.path) == true else { return nil }
        let specs = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".\(fileExtension)") && $0.count > fileExtension.count + 1
        }
        return specs.count == 1 ? specs[0] : nil
    }

    package func expectedID(ofFolder folder: URL) -> String {
        Self.specName(in: folder).map { String($0.dropLast(Self.fileExtension.count + 1)) }
            ?? folder.lastPathComponent
    }

    package func template(in folder: URL) throws -> any ModuleTemplate { try RambaspecTemplate(at: folder) }

    package func owns(_ template: any ModuleTemplate) -> Bool { template is RambaspecTemplate }

    package func recordedFiles(of template: any ModuleTemplate) throws -> [RenderedFile] {
        guard case .directory(let root) = template.source else { return [] }
        return try TemplateFormats.folderFiles(root, under: "\(Self.recordedFolder)/\(template.id)")
    }

    /// The folder of a recorded copy that holds the template's folder, named by its id.
    static let recordedFolder = "rambaspec"

    package func recordedTemplate(in copy: URL, children: [String]) throws -> (any ModuleTemplate)? {
        guard children.contains(Self.recordedFolder) else { return nil }
        let folder = copy.appendingPathComponent(Self.recordedFolder)
        guard let id = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().first
        else { return nil }
        return try RambaspecTemplate(at: folder.appendingPathComponent(id))
    }
}
