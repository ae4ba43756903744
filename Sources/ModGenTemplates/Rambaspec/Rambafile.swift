import ModGenCore
import ModGenGit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Generamba project's `Rambafile` (YAML) read as modgen's settings, so `modgen new Home --template X` in a
/// Generamba project writes what `generamba gen Home X` writes, where it writes it:
///
/// | Rambafile | modgen |
/// | --- | --- |
/// | `company`, `author`, `project_name` | header fields `company`, `author` (else `~/.generamba/user_preferences.yml`'s `username`), `project` |
/// | `prefix`, `product_module_name` | the template's `prefix` and `product_module_name` settings |
/// | `project_file_path`, `test_file_path` | the output folder and the `tests` root |
/// | `xcodeproj_path`, `project_target(s)`, `test_target(s)` | the Xcode project and its targets |
/// | `project_group_path`, `test_group_path`, `create_logical_groups` | the groups files join (`XcodeGroupPaths`) |
/// | `templates` (`local:`), `./Templates/` | template folders, read in place |
/// | `templates` (`git:`, `branch:`), `catalogs` | repositories, fetched into the user's cache (`GitTemplates`) |
///
/// Paths are relative to the Rambafile's folder. A group path equal to its file path, without logical groups, is
/// modgen's own placement (the group of each file's folder); otherwise the files' groups are named as Generamba
/// names them (`XcodeGroupPaths`, `ProjectGroupPlacement`).
public enum Rambafile {
    public static let fileName = "Rambafile"

    /// The nearest `Rambafile` in `directory` or one of its parents (none from a relative `directory`, as
    /// `ModGenConfig.find(from:)`).
    public static func find(from directory: URL) -> URL? {
        FileStatus.nearestEntry(named: fileName, inOrAbove: directory.standardizedFileURL.path).map {
            URL(fileURLWithPath: $0, isDirectory: false)
        }
    }

    /// The nearest `Rambafile` when it may be used: one that is not the user's alone is refused, as a
    /// `.modgen.json` found by walking up is.
    public static func findTrusted(from directory: URL) throws(UntrustedFileError) -> URL? {
        guard let found = find(from: directory) else { return nil }
        if let problem = FoundFileTrust.problem(atPath: found.path) {
            throw UntrustedFileError(
                path: found.path, problem: problem, remedy: "to use it, make it yours or run in another folder")
        }
        return found
    }

    /// The settings a Rambafile gives, as a config. `home` is where `~/.generamba/user_preferences.yml` is looked
    /// for (the author when the Rambafile names none); templates from git come through `gitTemplates`.
    public static func config(
        contentsOf url: URL, home: URL?, gitTemplates: inout GitTemplates
    ) throws -> ModGenConfig {
        let path = url.path
        let document = try YAMLReader.parse(try TextFile.readText(atPath: path), fileName: path)
        let base = url.deletingLastPathComponent()
        func fail(_ node: YAMLNode?, _ reason: String) -> DataFileError {
            DataFileError(fileName: path, position: node?.position ?? document.position, reason: reason)
        }
        guard document.mapping != nil else { throw fail(document, "a Rambafile is a map of settings") }
        func text(_ key: String) throws -> String? {
            guard let node = document[key] else { return nil }
            if node.scalar != nil { return node.text }
            throw fail(node, "\(key) must be a single value, found \(node.kindName)")
        }
        func list(_ plural: String, _ singular: String) throws -> [String] {
            if let node = document[plural], node.text != nil || node.sequence != nil {
                if let items = node.sequence { return items.compactMap(\.text) }
                return node.text.map { [$0] } ?? []
            }
            return try text(singular).map { [$0] } ?? []
        }
        /// Generamba strips leading and trailing slashes from the four paths.
        func folder(_ key: String) throws -> String? {
            guard var value = try text(key) else { return nil }
            while value.hasPrefix("/") { value.removeFirst() }
            while value.hasSuffix("/") { value.removeLast() }
            return value
        }

        var config = ModGenConfig()
        config.file = url
        config.header.company = try text("company") ?? ""
        config.header.project = try text("project_name") ?? ""
        config.header.author = try text("author") ?? authorPreference(home: home) ?? ""
        if let prefix = try text("prefix") { config.settings["prefix"] = prefix }
        if let module = try text("product_module_name") { config.settings["product_module_name"] = module }

        // Generamba copies a missing file or group path from the other; a side is named here only where its groups
        // are not simply its folders'.
        let logical = document["create_logical_groups"]?.isTruthy == true
        var sides: [XcodeGroupPaths.Side?] = []
        for (file, group) in [("project_file_path", "project_group_path"), ("test_file_path", "test_group_path")] {
            guard let groupPath = try folder(group) ?? folder(file) else {
                sides.append(nil)
                continue
            }
            let differs = groupPath != (try folder(file) ?? groupPath)
            sides.append(differs || logical ? XcodeGroupPaths.Side(path: groupPath, differsFromFolder: differs) : nil)
        }
        let groups = XcodeGroupPaths(code: sides[0], tests: sides[1], logical: logical)
        if logical { config.settings[XcodeGroupPaths.logicalSetting] = "true" }
        if let output = try folder("project_file_path") ?? folder("project_group_path") {
            config.output = base.appendingPathComponent(output)
        }
        if let tests = try folder("test_file_path") ?? folder("test_group_path") {
            config.roots[RambaspecSpec.testsRoot] = base.appendingPathComponent(tests)
        }
        if let project = try text("xcodeproj_path") {
            config.xcodeProject = XcodeProjectSettings(
                path: base.appendingPathComponent(project),
                targets: try list("project_targets", "project_target"),
                testTargets: try list("test_targets", "test_target"),
                targetsPosition: (document["project_targets"] ?? document["project_target"] ?? document).position,
                testTargetsPosition: (document["test_targets"] ?? document["test_target"] ?? document).position)
            if groups.code != nil || groups.tests != nil { config.xcodeProject?.groups = groups }
        }
        config.templateDirectories = try templateFolders(
            document, base: base, fileName: path, fail: fail, gitTemplates: &gitTemplates)
        return config
    }

    /// The folders of the templates the Rambafile declares, in its order: `local:` ones in place, `git:` ones as
    /// fetched (the repository is the template's folder, as Generamba has it), a template named alone from the first
    /// of `catalogs` that holds a folder of its name; then `./Templates` (where `generamba template install` put
    /// them) when it exists. Catalogs are fetched only when a template is named alone, and Rambler's shared catalog,
    /// which Generamba always adds, only when `catalogs` lists it: modgen fetches nothing the Rambafile does not name.
    private static func templateFolders(
        _ document: YAMLNode, base: URL, fileName: String, fail: (YAMLNode?, String) -> DataFileError,
        gitTemplates: inout GitTemplates
    ) throws -> [URL] {
        var folders: [URL] = []
        var catalogs: [URL]?
        for entry in document["templates"]?.sequence ?? [] {
            guard entry.mapping != nil, let name = entry["name"]?.text else {
                throw fail(entry, "an entry of templates needs a name ({name: X, local: path})")
            }
            if let git = entry["git"] {
                guard let url = git.text else { throw fail(git, "template '\(name)': git must be a URL") }
                if let branch = entry["branch"], branch.text == nil {
                    throw fail(branch, "template '\(name)': branch must be a single value")
                }
                let remote = GitRemote(url: url, ref: entry["branch"]?.text)
                folders.append(
                    try gitTemplates.checkout(
                        GitTemplateDeclaration(
                            remote: remote, file: fileName, position: git.position, subject: "template '\(name)'")))
            } else if let local = entry["local"]?.text {
                let folder = local.hasPrefix("/") ? URL(fileURLWithPath: local) : base.appendingPathComponent(local)
                guard FileStatus.isDirectory(atPath: folder.path) == true else {
                    throw fail(entry["local"], "template '\(name)': no such template folder '\(local)'")
                }
                folders.append(folder)
            } else {
                if catalogs == nil {
                    catalogs = try catalogFolders(document, fileName: fileName, fail: fail, &gitTemplates)
                }
                if let folder = try catalogs?.lazy.compactMap({ try catalogTemplate(name, in: $0, entry, fail) }).first
                {
                    folders.append(folder)
                }
            }
        }
        let installed = base.appendingPathComponent("Templates")
        if FileStatus.isDirectory(atPath: installed.path) == true { folders.append(installed) }
        return folders
    }

    /// The checkouts of the Rambafile's `catalogs`, in order.
    private static func catalogFolders(
        _ document: YAMLNode, fileName: String, fail: (YAMLNode?, String) -> DataFileError,
        _ gitTemplates: inout GitTemplates
    ) throws -> [URL] {
        guard let catalogs = document["catalogs"] else { return [] }
        guard let entries = catalogs.sequence else { throw fail(catalogs, "catalogs must be a list of git URLs") }
        return try entries.enumerated().map { index, entry in
            guard let url = entry.text else { throw fail(entry, "an entry of catalogs must be a git URL") }
            return try gitTemplates.checkout(
                GitTemplateDeclaration(
                    remote: GitRemote(url: url, ref: nil), file: fileName, position: entry.position,
                    subject: "catalogs[\(index)]"))
        }
    }

    /// The folder of template `name` in a catalog's checkout, when it has one; one that leads out of the checkout
    /// is refused.
    private static func catalogTemplate(
        _ name: String, in catalog: URL, _ entry: YAMLNode, _ fail: (YAMLNode?, String) -> DataFileError
    ) throws -> URL? {
        guard RelativePath.problem(with: name, inside: "the catalog") == nil,
            FileStatus.entryExists(atPath: catalog.appendingPathComponent(name).path)
        else { return nil }
        return try ModGenConfig.folder(name, of: catalog, fail(entry, "template '\(name)'"))
    }

    /// `username` from `~/.generamba/user_preferences.yml`, as Generamba keeps the author's name.
    static func authorPreference(home: URL?) -> String? {
        guard let home else { return nil }
        let path = home.appendingPathComponent(".generamba/user_preferences.yml").path
        guard FileStatus.entryExists(atPath: path), let text = try? TextFile.readText(atPath: path),
            let document = try? YAMLReader.parse(text, fileName: path)
        else { return nil }
        return document["username"]?.text
    }
}
