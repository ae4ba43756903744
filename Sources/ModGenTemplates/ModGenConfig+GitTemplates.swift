import ModGenCore
import ModGenGit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ModGenConfig {
    /// `"templates"`: folders (strings), and repositories from git (`{"git": url, "ref": "v2", "path": "Templates"}`:
    /// the repository's folder `path`, at the branch, tag or commit `ref`, else its default branch), in the order
    /// written, each with where it is written.
    static func readTemplateFolders(
        _ fields: JSONFields, resolve: (String) -> URL, gitTemplates: inout GitTemplates
    ) throws -> [(folder: URL, position: SourcePosition)] {
        var folders: [(folder: URL, position: SourcePosition)] = []
        for index in 0..<(try fields.count("templates")) {
            let entry = "templates[\(index)]"
            let position = fields.document.position(of: entry)
            if fields.value(at: entry)?.objectValue == nil {
                folders.append((resolve(try fields.string(entry)), position))
                continue
            }
            try fields.checkKeys(entry, allowed: ["git", "ref", "path"], allowingComments: true)
            let remote = GitRemote(
                url: try fields.string("\(entry).git"), ref: try fields.optionalString("\(entry).ref"))
            let subfolder = try fields.optionalString("\(entry).path")
            if let subfolder, let problem = RelativePath.problem(with: subfolder, inside: "the repository") {
                throw fields.error(at: "\(entry).path", "\"path\" '\(RelativePath.printable(subfolder))': \(problem)")
            }
            let checkout = try gitTemplates.checkout(
                GitTemplateDeclaration(
                    remote: remote, file: fields.document.fileName, position: position, subject: entry))
            guard let subfolder else {
                folders.append((checkout, position))
                continue
            }
            folders.append((try folder(subfolder, of: checkout, fields.error(at: "\(entry).path", "")), position))
        }
        return folders
    }

    /// The folder `relativePath` of a repository's checkout, when it is one and really inside the checkout (a
    /// link out of it would take templates from anywhere); errors are `blame` with its reason.
    package static func folder(
        _ relativePath: String, of checkout: URL, _ blame: DataFileError
    ) throws(DataFileError) -> URL {
        let folder = checkout.appendingPathComponent(relativePath)
        func failure(_ reason: String) -> DataFileError {
            var error = blame
            error.reason = blame.reason.isEmpty ? reason : "\(blame.reason): \(reason)"
            return error
        }
        do {
            _ = try ContainmentFolder(checkout.path).realPath(of: folder.path, shownAs: relativePath)
        } catch {
            throw failure("'\(RelativePath.printable(relativePath))' in the repository: \(error.reason)")
        }
        guard FileStatus.isDirectory(atPath: folder.path) == true else {
            throw failure("the repository has no folder '\(RelativePath.printable(relativePath))'")
        }
        return folder
    }
}
