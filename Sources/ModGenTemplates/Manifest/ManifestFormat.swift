import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// modgen's own format as an entry of the registry: a folder holding a `template.json`. A recorded copy holds the
/// folder as `template/` and the shared files (`_shared/`) modgen rendered it with beside it.
package struct ManifestFormat: TemplateFormat {
    package func holdsTemplate(_ folder: URL) -> Bool {
        // Even a manifest that cannot be read (a link to nothing, a loop of links) makes the folder a template.
        FileStatus.entryExists(atPath: folder.appendingPathComponent(ManifestTemplate.manifestFileName).path)
    }

    package func template(in folder: URL) throws -> any ModuleTemplate {
        try ManifestTemplate(source: .directory(folder))
    }

    package func owns(_ template: any ModuleTemplate) -> Bool { template is ManifestTemplate }

    package func recordedFiles(of template: any ModuleTemplate) throws -> [RenderedFile] {
        let own = TemplateSource.recordedTemplateFolder
        var files: [RenderedFile] = []
        switch template.source {
        case .builtIn(let folder):
            for (path, text) in BuiltInTemplates.files where path.hasPrefix(folder + "/") {
                files.append(RenderedFile(path: "\(own)/\(path.dropFirst(folder.count + 1))", contents: text))
            }
        case .directory(let root):
            files = try TemplateFormats.folderFiles(root, under: own)
        case .recorded(let root):
            // Already laid out as a copy, shared files included.
            return try TemplateFormats.folderFiles(root)
        }
        for (path, text) in BuiltInTemplates.files where path.hasPrefix(BuiltInTemplates.sharedFolder + "/") {
            files.append(RenderedFile(path: path, contents: text))
        }
        return files
    }

    package func recordedTemplate(in copy: URL, children: [String]) throws -> (any ModuleTemplate)? {
        children.contains(TemplateSource.recordedTemplateFolder) ? try ManifestTemplate(source: .recorded(copy)) : nil
    }
}
