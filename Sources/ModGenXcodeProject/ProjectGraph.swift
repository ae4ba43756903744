import ModGenCore

/// A target of the project that builds files (a `PBXNativeTarget`).
public struct ProjectTarget: Sendable, Equatable {
    public let id: String
    public let name: String
    public let productType: String
    /// Its build phases, in order.
    let phaseIDs: [String]
    /// The synchronized folders (`PBXFileSystemSynchronizedRootGroup`) whose files it builds.
    let synchronizedGroupIDs: [String]

    public static func == (lhs: ProjectTarget, rhs: ProjectTarget) -> Bool { lhs.id == rhs.id }

    public var isApplication: Bool { productType == "com.apple.product-type.application" }
    public var isUnitTestBundle: Bool { productType == "com.apple.product-type.bundle.unit-test" }
    /// A unit-test or UI-test bundle: what test files may join.
    public var isTestBundle: Bool {
        isUnitTestBundle || productType == "com.apple.product-type.bundle.ui-testing"
    }
}

/// What the groups of a project stand for on disk, read once from the main group down with Xcode's rules: a
/// `path` is relative to the parent group's folder (`<group>`), the project's folder (`SOURCE_ROOT`) or the root
/// (`<absolute>`); a group without `path` is a folder of its parent's; other source trees are not on disk.
struct ProjectGraph {
    struct Group {
        let id: String
        /// The group whose `children` list it is in; nil for the main group.
        let parentID: String?
        /// The folder it stands for, as absolute path components.
        let folder: [String]
        /// Whether its own `path` (or being the main group) makes it the folder's group, rather than a name-only
        /// group that borrows its parent's folder.
        let ownsFolder: Bool
        /// How deep below the main group it is (0 for the main group).
        let depth: Int
        /// Its display names from the main group down (`App/Modules`), for messages and listings.
        let displayPath: String
        /// `PathComponents.key(folder)`, made once: what a folder is looked up by.
        let key: String
        /// `PathComponents.string(folder)`.
        let path: String
    }

    struct Reference {
        let id: String
        let parentGroupID: String
    }

    struct SynchronizedFolder {
        let id: String
        let folder: [String]
        let parentGroupID: String
    }

    let document: ProjectDocument
    /// The folder the project's paths start from: the `.xcodeproj`'s folder and the project's `projectDirPath`.
    let projectFolder: [String]
    /// The main group's ID (empty when the project names none that is on disk).
    private(set) var mainGroupID = ""
    private(set) var groups: [String: Group] = [:]
    /// Group IDs by the key of the folder they stand for, each list in the order the groups were reached.
    private(set) var groupsByFolderKey: [String: [String]] = [:]
    /// File references by the lower-cased path they resolve to (macOS volumes ignore case).
    private(set) var referencesByPath: [String: [Reference]] = [:]
    /// Each referenced file's path as the project spells it (absolute), by its key in `referencesByPath`.
    private(set) var referencedPaths: [String: String] = [:]
    private(set) var synchronizedFolders: [SynchronizedFolder] = []
    let targets: [ProjectTarget]
    /// Real projects nest groups a dozen levels deep; each level is a folder, and a path has room for about 2,000.
    static let maximumGroupDepth = 512

    init(document: ProjectDocument, containingFolder: [String]) throws {
        self.document = document
        let root = document.rootObject
        projectFolder = PathComponents.joined(containingFolder, root.string("projectDirPath") ?? "")
        var targets: [ProjectTarget] = []
        for id in root.strings("targets") {
            let target = try document.object(id, referredToBy: root, in: "targets")
            guard target.isa == "PBXNativeTarget" else { continue }
            for phase in target.strings("buildPhases") {
                _ = try document.object(phase, referredToBy: target, in: "buildPhases")
            }
            targets.append(
                ProjectTarget(
                    id: id, name: target.string("name") ?? id, productType: target.string("productType") ?? "",
                    phaseIDs: target.strings("buildPhases"),
                    synchronizedGroupIDs: target.strings("fileSystemSynchronizedGroups")))
        }
        self.targets = targets
        guard let mainID = root.string("mainGroup") else {
            throw DataFileError(
                fileName: document.fileName, position: root.position, reason: "the project has no mainGroup")
        }
        let main = try document.object(mainID, referredToBy: root, in: "mainGroup")
        mainGroupID = mainID
        guard let mainFolder = folder(of: main, parentFolder: projectFolder) else { return }
        try visitGroups(from: main, folder: mainFolder)
    }

    /// The folder `object` stands for, or nil when it is not on disk (a build-products or SDK reference).
    func folder(of object: ProjectObject, parentFolder: [String]) -> [String]? {
        let path = object.string("path") ?? ""
        let base: [String]
        switch object.string("sourceTree") ?? "<group>" {
        case "<group>": base = parentFolder
        case "SOURCE_ROOT": base = projectFolder
        case "<absolute>": base = []
        default: return nil
        }
        return PathComponents.joined(base, path)
    }

    /// Every group from the main group down, depth first in list order (the order Xcode's navigator shows), with a
    /// stack of its own rather than recursion: a crafted file may chain groups deeper than any thread's stack.
    private mutating func visitGroups(from main: ProjectObject, folder: [String]) throws {
        typealias Pending = (
            group: ProjectObject, parentID: String?, folder: [String], ownsFolder: Bool, depth: Int,
            displayPath: String
        )
        var pending: [Pending] = [(main, nil, folder, true, 0, "")]
        var parentOf: [String: String] = [:]
        while let next = pending.popLast() {
            let group = next.group
            guard groups[group.id] == nil else { continue }
            parentOf[group.id] = next.parentID
            let key = PathComponents.key(next.folder)
            let entry = Group(
                id: group.id, parentID: next.parentID, folder: next.folder, ownsFolder: next.ownsFolder,
                depth: next.depth,
                displayPath: next.displayPath, key: key, path: PathComponents.string(next.folder))
            groups[group.id] = entry
            groupsByFolderKey[key, default: []].append(group.id)
            var childGroups: [Pending] = []
            for childID in group.strings("children") {
                let child = try document.object(childID, referredToBy: group, in: "children")
                if child.isa == "PBXFileReference", let (key, path) = Self.simpleReference(child, in: entry) {
                    referencesByPath[key, default: []].append(Reference(id: childID, parentGroupID: group.id))
                    referencedPaths[key] = path
                    continue
                }
                guard let childFolder = self.folder(of: child, parentFolder: next.folder) else { continue }
                switch child.isa {
                case "PBXGroup":
                    // Only a group already reached can be one this group was reached through.
                    if groups[childID] != nil, Self.isAncestor(childID, of: group.id, parentOf: parentOf) {
                        throw DataFileError(
                            fileName: document.fileName, position: child.position,
                            reason: "group \(childID) contains itself (through \(group.id))")
                    }
                    guard next.depth < Self.maximumGroupDepth else {
                        throw DataFileError(
                            fileName: document.fileName, position: child.position,
                            reason: "groups are nested more than \(Self.maximumGroupDepth) levels deep")
                    }
                    let name = child.string("name") ?? child.string("path") ?? childID
                    childGroups.append(
                        (
                            child, group.id, childFolder, child.string("path") != nil, next.depth + 1,
                            next.displayPath.isEmpty ? name : next.displayPath + "/" + name
                        ))
                case "PBXFileReference":
                    let key = PathComponents.key(childFolder)
                    referencesByPath[key, default: []].append(Reference(id: childID, parentGroupID: group.id))
                    referencedPaths[key] = PathComponents.string(childFolder)
                case "PBXFileSystemSynchronizedRootGroup":
                    synchronizedFolders.append(
                        SynchronizedFolder(id: childID, folder: childFolder, parentGroupID: group.id))
                default:
                    // Variant groups (localized files), references to other projects and kinds Xcode adds later
                    // hold nothing a module's files are placed in.
                    continue
                }
            }
            pending.append(contentsOf: childGroups.reversed())
        }
    }

    /// Whether `id` is `group` or one of the groups it was reached through.
    private static func isAncestor(_ id: String, of group: String, parentOf: [String: String]) -> Bool {
        var current: String? = group
        while let step = current {
            if step == id { return true }
            current = parentOf[step]
        }
        return false
    }

    /// The key and path of a file reference whose path is one name inside its group's folder (`<group>`), as nearly
    /// every reference is: made from the group's own key and path, without splitting and joining components again
    /// for each file. Nil for any other reference, which `folder(of:parentFolder:)` resolves.
    private static func simpleReference(_ reference: ProjectObject, in group: Group) -> (key: String, path: String)? {
        guard let name = reference.string("path"), !name.isEmpty, name != ".", name != "..",
            !name.utf8.contains(UInt8(ascii: "/")), (reference.string("sourceTree") ?? "<group>") == "<group>"
        else { return nil }
        let key = group.key.isEmpty ? name.lowercased() : group.key + "/" + name.lowercased()
        return (key, group.folder.isEmpty ? "/" + name : group.path + "/" + name)
    }

    /// The group a file in `folder` belongs in: the one standing for the deepest folder above (or at) it — a group
    /// with its own path before a name-only one, the shallowest, then the first reached — and the folder
    /// components below it that have no group yet. Case is ignored where no group matches exactly. Looked up by
    /// the keys of the folder and the folders above it, deepest first: as many look-ups as the folder is deep,
    /// whatever the number of groups.
    func deepestGroup(for folder: [String]) -> (group: Group, missing: [String])? {
        var key = PathComponents.key(folder)
        var length = folder.count
        while true {
            if let ids = groupsByFolderKey[key] {
                let prefix = folder[..<length]
                // A group whose folder is spelt as the file's before one that differs in case only.
                let best = ids.lazy.map { self.groups[$0]! }.min { lhs, rhs in
                    (lhs.folder[...] == prefix ? 0 : 1, lhs.ownsFolder ? 0 : 1, lhs.depth)
                        < (rhs.folder[...] == prefix ? 0 : 1, rhs.ownsFolder ? 0 : 1, rhs.depth)
                }!
                return (best, Array(folder[length...]))
            }
            guard length > 0 else { return nil }
            length -= 1
            // The key of the folder above: everything before the last `/` (the root's key is empty).
            key = String(key[..<(key.lastIndex(of: "/") ?? key.startIndex)])
        }
    }

    /// The synchronized folder `path` lies in, if any (the deepest one).
    func synchronizedFolder(containing path: [String]) -> SynchronizedFolder? {
        synchronizedFolders.filter { folder in
            folder.folder.count < path.count
                && PathComponents.key(Array(path.prefix(folder.folder.count))) == PathComponents.key(folder.folder)
        }.max { $0.folder.count < $1.folder.count }
    }

    /// The build phase of `target` of the kind `isa`, if it has one.
    func phase(of target: ProjectTarget, isa: String) -> ProjectObject? {
        target.phaseIDs.lazy.compactMap { document.objects[$0] }.first { $0.isa == isa }
    }

    /// Whether `phase` has a build file for the reference `referenceID`.
    func phase(_ phase: ProjectObject, builds referenceID: String) -> Bool {
        phase.strings("files").contains { document.objects[$0]?.string("fileRef") == referenceID }
    }
}

/// Absolute paths as component lists, normalised as text (`.` and `..` resolved), compared without case where
/// macOS would.
enum PathComponents {
    static func split(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// `path` taken from `base` (or from the root, when it starts with `/`), normalised.
    static func joined(_ base: [String], _ path: String) -> [String] {
        var result = path.hasPrefix("/") ? [] : base
        for component in split(path) {
            switch component {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(component)
            }
        }
        return result
    }

    static func key(_ components: [String]) -> String { components.joined(separator: "/").lowercased() }

    static func string(_ components: [String]) -> String { "/" + components.joined(separator: "/") }
}
