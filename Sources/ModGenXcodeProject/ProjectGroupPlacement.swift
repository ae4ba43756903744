/// A group named by its chain of names from the main group, for a file that goes where its folder does not say:
/// Generamba's `project_group_path` + `<Module>` + the template's sub-folders, when the group path differs from the
/// file path or groups are logical (`create_logical_groups`). Each name is looked up among its parent's groups (by
/// the name Xcode shows: `name`, else the last component of `path`), as the xcodeproj gem looks groups up; the
/// groups that are missing are made as Generamba makes them:
///
/// - the module's group (`moduleIndex`): with the module's folder relative to the project (`SOURCE_ROOT`) when
///   `moduleFolder` is given (the group path differs from the file path), else with its name as its path;
/// - any other group: with its name as its path, or with no path at all when `logical` (a group of its parent's
///   folder).
///
/// The file's reference is relative to the folder its group stands for, as Xcode writes one.
public struct ProjectGroupPlacement: Sendable, Equatable {
    /// The group's names from the main group down (the main group itself not included).
    public var names: [String]
    /// The index in `names` of the module's group.
    public var moduleIndex: Int
    /// The module's folder (absolute) when the group path differs from the file path; `nil` otherwise.
    public var moduleFolder: String?
    /// Groups made (but the module's) stand for no folder of their own.
    public var logical: Bool

    public init(names: [String], moduleIndex: Int, moduleFolder: String?, logical: Bool) {
        self.names = names
        self.moduleIndex = moduleIndex
        self.moduleFolder = moduleFolder
        self.logical = logical
    }

    /// What the ID of the group made for the names `chain` (`App/Screens/Home`) is derived from, so that removing
    /// knows the groups adding made (`XcodeProject.removing`).
    static func idSeed(_ chain: String) -> String { "namedGroup:" + chain }

    /// How a missing group at `index` in `names` is made, below a parent standing for `parentFolder`: its `path`
    /// (`nil`: none), source tree and the folder it then stands for.
    func madeGroup(at index: Int, parentFolder: [String], projectFolder: [String]) -> (
        path: String?, sourceTree: String, folder: [String]
    ) {
        let name = names[index]
        if index == moduleIndex, let moduleFolder {
            let folder = PathComponents.joined([], moduleFolder)
            return (PathComponents.relative(from: projectFolder, to: folder), "SOURCE_ROOT", folder)
        }
        if logical, index != moduleIndex { return (nil, "<group>", parentFolder) }
        return (name, "<group>", parentFolder + [name])
    }
}

extension ProjectGraph {
    /// The deepest existing group along `names` from the main group (the main group when the first is missing), and
    /// the names below it that have no group yet. The first child group whose shown name matches is taken.
    func namedGroup(_ names: [String]) -> (group: Group, missing: [String])? {
        guard var current = groups[mainGroupID] else { return nil }
        for (index, name) in names.enumerated() {
            let children = document.objects[current.id]?.strings("children") ?? []
            let match = children.lazy.compactMap { self.document.objects[$0] }.first { child in
                child.isa == "PBXGroup" && Self.shownName(child) == name
            }
            guard let match, let group = groups[match.id] else { return (current, Array(names[index...])) }
            current = group
        }
        return (current, [])
    }

    /// The name Xcode's navigator shows for a group: its `name`, else the last component of its `path`.
    static func shownName(_ object: ProjectObject) -> String? {
        if let name = object.string("name") { return name }
        return object.string("path").map { path in
            path.split(separator: "/").last.map(String.init) ?? path
        }
    }
}

extension PathComponents {
    /// The path from the folder `base` to `target` (both absolute components), with `..` where it climbs: how Xcode
    /// writes a reference relative to a group whose folder is not above the file.
    static func relative(from base: [String], to target: [String]) -> String {
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
