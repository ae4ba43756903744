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
        /// The folder it stands for, as absolute path components.
        let folder: [String]
        /// Whether its own `path` (or being the main group) makes it the folder's group, rather than a name-only
        /// group that borrows its parent's folder.
        let ownsFolder: Bool
        /// How deep below the main group it is (0 for the main group).
        let depth: Int
        /// Its display names from the main group down (`App/Modules`), for messages and listings.
        let displayPath: String
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
    private(set) var groups: [String: Group] = [:]
    /// Groups in the order they were reached from the main group.
    private(set) var groupOrder: [String] = []
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
            groups[group.id] = Group(
                id: group.id, folder: next.folder, ownsFolder: next.ownsFolder, depth: next.depth,
                displayPath: next.displayPath)
            groupOrder.append(group.id)
            var childGroups: [Pending] = []
            for childID in group.strings("children") {
                let child = try document.object(childID, referredToBy: group, in: "children")
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

    /// The group a file in `folder` belongs in: the one standing for the deepest folder above (or at) it — a group
    /// with its own path before a name-only one, the shallowest, then the first reached — and the folder
    /// components below it that have no group yet. Case is ignored where no group matches exactly.
    func deepestGroup(for folder: [String]) -> (group: Group, missing: [String])? {
        var best: (group: Group, length: Int, exact: Bool)?
        for id in groupOrder {
            let group = groups[id]!
            guard group.folder.count <= folder.count else { continue }
            let prefix = Array(folder.prefix(group.folder.count))
            let exact = prefix == group.folder
            guard exact || PathComponents.key(prefix) == PathComponents.key(group.folder) else { continue }
            if let current = best {
                let better =
                    (group.folder.count, exact ? 1 : 0, group.ownsFolder ? 1 : 0, -group.depth)
                    > (current.length, current.exact ? 1 : 0, current.group.ownsFolder ? 1 : 0, -current.group.depth)
                if !better { continue }
            }
            best = (group, group.folder.count, exact)
        }
        return best.map { ($0.group, Array(folder.dropFirst($0.length))) }
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
