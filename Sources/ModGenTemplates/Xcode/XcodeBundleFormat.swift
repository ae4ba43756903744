import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Xcode's `.xctemplate` bundles as an entry of the registry: a bundle is known by its folder's name, found below
/// category folders as Xcode finds them, and named by its path as a template id of its own. A recorded copy holds
/// the bundle under its own name.
package struct XcodeBundleFormat: TemplateFormat {
    package func holdsTemplate(_ folder: URL) -> Bool { XcodeBundle.isBundleName(folder.lastPathComponent) }

    package func isNamedByPath(_ path: String) -> Bool {
        XcodeBundle.isBundleName(path.hasSuffix("/") ? String(path.dropLast()) : path)
    }

    package func expectedID(ofFolder folder: URL) -> String {
        XcodeBundle.id(ofFolderNamed: folder.lastPathComponent)
    }

    package func template(in folder: URL) throws -> any ModuleTemplate { try XcodeTemplate(at: folder) }

    package func isUnlisted(_ error: any Error) -> Bool {
        if case .missingInfo = error as? XcodeTemplateError { return true }
        return false
    }

    package func owns(_ template: any ModuleTemplate) -> Bool { template is XcodeTemplate }

    /// Bundles below `directory` as Xcode finds them in category folders: at any depth (up to a few levels, so a
    /// folder of folders is searched without walking a whole disk), not inside a template of any format.
    package func templateFolders(in directory: URL, isTemplate: (URL) -> Bool) -> [URL] {
        var visited: Set<String> = []
        return bundles(below: directory, depth: 0, isTemplate: isTemplate, visited: &visited)
    }

    /// Links to folders are followed, but each real folder is searched once (`visited`): links to a folder itself
    /// or to each other would otherwise multiply the search at every level.
    private func bundles(
        below folder: URL, depth: Int, isTemplate: (URL) -> Bool, visited: inout Set<String>
    ) -> [URL] {
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
            } else if !isTemplate(url) {
                bundles += self.bundles(below: url, depth: depth + 1, isTemplate: isTemplate, visited: &visited)
            }
        }
        return bundles
    }

    /// What generation reads of the bundle: `TemplateInfo.plist` and the template files, not the icons beside them
    /// (nor a Finder `.DS_Store`), which only Xcode's dialog shows. The bundle listed its files when it was read.
    package func recordedFiles(of template: any ModuleTemplate) throws -> [RenderedFile] {
        guard case .directory(let root) = template.source else { return [] }
        guard let bundle = (template as? XcodeTemplate)?.bundle else {
            return try TemplateFormats.folderFiles(root, under: root.lastPathComponent)
        }
        let paths = [XcodeBundle.infoFileName] + bundle.files.paths
        try TemplateFormats.checkRecordable(fileCount: paths.count, in: root)
        let name = root.lastPathComponent
        return try paths.map { RenderedFile(path: "\(name)/\($0)", bytes: try bundle.read($0)) }
    }

    package func recordedTemplate(in copy: URL, children: [String]) throws -> (any ModuleTemplate)? {
        guard let bundle = children.first(where: XcodeBundle.isBundleName) else { return nil }
        return try XcodeTemplate(at: copy.appendingPathComponent(bundle))
    }
}
