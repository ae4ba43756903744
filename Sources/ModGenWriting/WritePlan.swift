import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What writing does (or would do) with one rendered file.
public enum WriteAction: String, Sendable, CaseIterable {
    /// The file does not exist: it is created.
    case create
    /// The file exists with other contents and the policy is `.overwrite`.
    case overwrite
    /// The file exists with exactly the rendered bytes: it is not touched.
    case unchanged
    /// The file exists with other contents and the policy is `.skip`: it is kept as it is.
    case skip
    /// The file exists with other contents and the policy is `.refuse`: nothing at all can be written.
    case conflict
    /// A file a previous run wrote that this run no longer writes (see `WrittenFilesIndex`), and the policy is
    /// `.overwrite`, or a file `modgen update` removes because the template no longer has it: it is removed. With
    /// `.refuse` a stale file is a conflict, with `.skip` it is kept.
    case remove
}

/// What to do with files that exist with other contents.
public enum ConflictPolicy: Sendable {
    /// Write nothing and report every conflicting file (the default).
    case refuse
    /// Replace them (`--force`).
    case overwrite
    /// Keep them and write the rest (`--skip-existing`).
    case skip
}

/// One line of a dry run or of the summary after writing: an action and the rendered (relative) path.
public struct WriteEntry: Equatable, Sendable {
    public var action: WriteAction
    public var path: String
    /// The output root the path is relative to; `nil`: the output directory.
    public var root: String?

    public init(action: WriteAction, path: String, root: String? = nil) {
        self.action = action
        self.path = path
        self.root = root
    }

    /// `create Sources/Modules/Home/HomePresenter.swift`: the path joined to `displayPrefix`, which should be
    /// the output directory as the user typed it.
    public func line(displayPrefix: String) -> String {
        "\(action.rawValue) \(RenderedPath.display(path, under: displayPrefix))"
    }
}

/// The decision for every rendered file, made before anything is written: the dry run, the `--check` diffs
/// and the actual writing (`apply()`) all work from it.
///
/// Building a plan only reads the disk. It fails, before anything happens, on an unsafe or duplicate rendered
/// path or on a target that cannot be a file (see `WritingError` for the exit codes); conflicts are not an
/// error here but entries with `.conflict`, so a dry run can list them.
public struct WritePlan: Sendable {
    /// One planned file with everything writing, rolling back and diffing need.
    struct Item: Sendable {
        var entry: WriteEntry
        var newBytes: [UInt8]
        /// Absolute path on disk (existing symbolic links resolved).
        var target: String
        /// The current file, when there is one and it differs: kept to diff against and to restore on roll-back.
        var existing: ExistingFile?
        /// For a file this run no longer writes (`newBytes` is empty), removed rather than written: the output
        /// folder's real path, below which the folders its removal leaves empty are removed too.
        var staleIn: String?
        /// For a file edited outside the output folders (`addEditedFile`), how it is shown; nil for rendered files.
        var editedDisplay: String? = nil
        /// The permission bits a new file gets instead of the umask's (`setPermissions`); a file that exists keeps
        /// its own.
        var newFilePermissions: UInt32? = nil
    }

    struct ExistingFile: Sendable {
        /// `nil` for a file larger than `TextFile.sizeLimit`: it differs from anything modgen renders, and reading
        /// it whole only to replace it would make it impossible to replace.
        var bytes: [UInt8]?
        /// What the file was when planned: a file not read is known to be unchanged by it.
        var identity: FileIdentity
        var permissions: UInt32
    }

    /// The output directory as the caller gave it; paths in messages are shown under it.
    public let outputDirectory: String
    /// Where each named output root goes, as the caller gave it; its files' paths are shown under it.
    public let rootDirectories: [String: String]
    public let policy: ConflictPolicy
    var items: [Item]

    /// Every rendered file with its action, in the order the files were given.
    public var entries: [WriteEntry] { items.filter { $0.editedDisplay == nil }.map(\.entry) }

    /// The dry-run output: one `<action> <path>` line per file (see `WriteEntry.line`), paths shown under
    /// `displayPrefix` (by default the output directory as given).
    public func lines(displayPrefix: String? = nil) -> [String] {
        items.filter { $0.editedDisplay == nil }.map {
            $0.entry.line(displayPrefix: directory(of: $0.entry, displayPrefix: displayPrefix))
        }
    }

    /// A rendered path of `root` as messages show it: under the root's folder, else the output directory.
    public func display(_ path: String, root: String?) -> String {
        RenderedPath.display(path, under: directory(of: WriteEntry(action: .create, path: path, root: root)))
    }

    /// The folder an entry's path is shown under: its root's, else `displayPrefix`, else the output directory.
    public func directory(of entry: WriteEntry, displayPrefix: String? = nil) -> String {
        entry.root.flatMap { rootDirectories[$0] } ?? displayPrefix ?? outputDirectory
    }

    /// The permission bits of the file at `path` of `root` that this plan removes, as they were when planned; nil
    /// when the plan removes no such file.
    public func permissionsOfRemoved(_ path: String, root: String?) -> UInt32? {
        items.first { $0.entry.action == .remove && $0.entry.path == path && $0.entry.root == root }?.existing?
            .permissions
    }

    /// Gives the file this plan creates at `path` of `root` the permission bits `permissions` rather than those the
    /// umask leaves: a moved or renamed file keeps its mode, as `mv` and `git mv` keep it. A file the plan does not
    /// create is left as it is (one that exists keeps its own bits).
    public mutating func setPermissions(_ permissions: UInt32, ofCreated path: String, root: String?) {
        for index in items.indices
        where items[index].entry.action == .create && items[index].entry.path == path && items[index].entry.root == root
        {
            items[index].newFilePermissions = permissions & 0o7777
        }
    }

    /// Plans writing `files` into `outputDirectory`, and the files of a named root into its folder in
    /// `rootDirectories`; relative paths are taken from `currentDirectory` (by default the process's; a path that is
    /// not absolute stands for a current folder that no longer exists).
    ///
    /// `removing` lists files to remove whatever the policy (`modgen update`; their bytes are ignored): each one that
    /// exists is planned as `.remove`, and one that does not is left out. `staleFiles`: paths relative to the output
    /// directory that a previous run wrote and this one no longer does (`WrittenFilesIndex.staleFiles`); those that
    /// exist are planned for removal, after the files, as the policy says (`.remove`, `.conflict` or `.skip`).
    public init(
        files: [RenderedFile], removing: [RenderedFile] = [], outputDirectory: String,
        rootDirectories: [String: String] = [:], policy: ConflictPolicy = .refuse, staleFiles: [String] = [],
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(WritingError) {
        try self.init(
            files: files, removing: removing, outputDirectory: outputDirectory, rootDirectories: rootDirectories,
            policy: policy, staleFiles: staleFiles, currentDirectory: currentDirectory, fileSystem: LiveFileSystem())
    }

    init<System: FileSystem>(
        files: [RenderedFile], removing: [RenderedFile] = [], outputDirectory: String,
        rootDirectories: [String: String] = [:], policy: ConflictPolicy, staleFiles: [String] = [],
        currentDirectory: String, fileSystem: System
    ) throws(WritingError) {
        let files = files + removing
        let removals = files.count - removing.count
        self.outputDirectory = outputDirectory
        self.rootDirectories = rootDirectories
        self.policy = policy
        try Self.checkRootsPlaced(files, rootDirectories: rootDirectories)
        // Every path is checked as text first, so a bad manifest is reported before the disk is looked at. Paths
        // are checked per root: the same relative path in two roots is two files.
        var components: [[String]] = Array(repeating: [], count: files.count)
        for root in Self.roots(of: files) {
            let indices = files.indices.filter { files[$0].root == root }
            let checked = try Self.checkPaths(indices.map { files[$0].path })
            for (index, parts) in zip(indices, checked) { components[index] = parts }
        }
        // By root, in a list: roots are few, and a dictionary keyed by an optional makes the runtime look up
        // `Optional<String>: Hashable` on every run (a scan of all conformance records, ~150 k instructions).
        var resolvers: [(root: String?, resolver: TargetResolver<System>)] = []
        for root in Self.roots(of: files) {
            resolvers.append(
                (
                    root,
                    try TargetResolver(
                        outputDirectory: root.flatMap { rootDirectories[$0] } ?? outputDirectory,
                        currentDirectory: currentDirectory, fileSystem: fileSystem)
                ))
        }
        func resolverOfRoot(_ root: String?) -> TargetResolver<System>? {
            resolvers.first { $0.root == root }?.resolver
        }

        var items: [Item] = []
        var displayByTarget: [String: String] = [:]
        var writtenByCaselessTarget: [String: (target: String, display: String)] = [:]
        var identities: [FileIdentity?] = []
        for (index, (file, pathComponents)) in zip(files, components).enumerated() {
            let directory = file.root.flatMap { rootDirectories[$0] } ?? outputDirectory
            let display = RenderedPath.display(file.path, under: directory)
            // Two roots may be one folder, or one inside the other: the target on disk tells files apart.
            let target = try resolverOfRoot(file.root)!.resolve(pathComponents, relativePath: file.path)
            if let other = displayByTarget.updateValue(display, forKey: target.path) {
                throw .sameTarget(path: other, otherPath: display)
            }
            let isRemoval = index >= removals
            if !isRemoval,
                let other = writtenByCaselessTarget.updateValue(
                    (target.path, display), forKey: CaseRule.insensitive.key(target.path)),
                CaseRule.differOnlyInCase(other.target, target.path)
            {
                throw .pathsDifferOnlyInCase(path: other.display, otherPath: display)
            }
            if isRemoval && target.existingPermissions == nil { continue }
            let newBytes = isRemoval ? [] : file.bytes
            var item = Item(
                entry: WriteEntry(action: .create, path: file.path, root: file.root), newBytes: newBytes,
                target: target.path)
            if let permissions = target.existingPermissions {
                let (bytes, identity) = try Self.read(target.path, display: display, fileSystem: fileSystem)
                if isRemoval {
                    item.entry.action = .remove
                    item.existing = ExistingFile(bytes: bytes, identity: identity, permissions: permissions)
                    // The folders its removal leaves empty go too, down to the output folder or root it is in.
                    item.staleIn = resolverOfRoot(file.root)!.root
                } else if bytes == newBytes {
                    item.entry.action = .unchanged
                } else {
                    item.entry.action =
                        switch policy {
                        case .refuse: .conflict
                        case .overwrite: .overwrite
                        case .skip: .skip
                        }
                    item.existing = ExistingFile(bytes: bytes, identity: identity, permissions: permissions)
                }
                identities.append(identity)
            } else {
                identities.append(nil)
            }
            items.append(item)
        }
        let resolver: TargetResolver<System>
        if let existing = resolverOfRoot(nil) {
            resolver = existing
        } else {
            resolver = try TargetResolver(
                outputDirectory: outputDirectory, currentDirectory: currentDirectory, fileSystem: fileSystem)
        }
        for path in staleFiles where !files.contains(where: { $0.root == nil && $0.path == path }) {
            let display = RenderedPath.display(path, under: outputDirectory)
            let target = try resolver.resolve(try RenderedPath.components(of: path), relativePath: path)
            // Already gone: nothing to remove.
            guard let permissions = target.existingPermissions else { continue }
            let (bytes, identity) = try Self.read(target.path, display: display, fileSystem: fileSystem)
            var item = Item(entry: WriteEntry(action: .remove, path: path), newBytes: [], target: target.path)
            item.entry.action =
                switch policy {
                case .refuse: .conflict
                case .overwrite: .remove
                case .skip: .skip
                }
            item.existing = ExistingFile(bytes: bytes, identity: identity, permissions: permissions)
            item.staleIn = resolver.root
            items.append(item)
            identities.append(identity)
        }
        if resolvers.contains(where: { $0.resolver.caseRule == .insensitive }) || resolver.caseRule == .insensitive {
            Self.planCaseOnlyRenames(&items, identities: identities)
        }
        self.items = items
    }

    /// On a case-insensitive file system, a file this run writes as `HOME.swift` and one it removes as
    /// `Home.swift` (a template or module renamed in case) are the same file on disk: planned as they are, writing
    /// the first would overwrite the second and removing the second would then find it changed. Each such pair
    /// becomes what it is on Linux, and in the same words: the old spelling removed (first), the new one created.
    /// Only a removal that will happen pairs: one kept (`--skip-existing`) or in conflict stays in the way.
    private static func planCaseOnlyRenames(_ items: inout [Item], identities: [FileIdentity?]) {
        var removalBefore: [Int: Int] = [:]
        for (removalIndex, removal) in items.enumerated() where removal.entry.action == .remove {
            guard let removed = identities[removalIndex] else { continue }
            let writeIndex = items.indices.first { index in
                let item = items[index]
                // A file this run writes (not one it removes or keeps as stale, nor an edited project file).
                guard item.staleIn == nil, item.editedDisplay == nil, removalBefore[index] == nil,
                    CaseRule.differOnlyInCase(item.target, removal.target), let identity = identities[index]
                else { return false }
                return identity.device == removed.device && identity.inode == removed.inode
            }
            if let writeIndex { removalBefore[writeIndex] = removalIndex }
        }
        guard !removalBefore.isEmpty else { return }
        let paired = Set(removalBefore.values)
        var reordered: [Item] = []
        for (index, item) in items.enumerated() where !paired.contains(index) {
            if let removalIndex = removalBefore[index] {
                // Removed before the new spelling is created, so the creation finds the name free.
                reordered.append(items[removalIndex])
                var created = item
                created.entry.action = .create
                created.existing = nil
                reordered.append(created)
            } else {
                reordered.append(item)
            }
        }
        items = reordered
    }

    /// The bytes of the file at `path` (`nil` past `TextFile.sizeLimit`: they are not needed to replace it) and
    /// what it is now.
    private static func read<System: FileSystem>(
        _ path: String, display: String, fileSystem: System
    ) throws(WritingError) -> (bytes: [UInt8]?, identity: FileIdentity) {
        let identity: FileIdentity?
        var bytes: [UInt8]?
        do {
            identity = try fileSystem.identity(of: path)
            if let identity, identity.size <= TextFile.sizeLimit { bytes = try fileSystem.readFile(at: path) }
        } catch {
            throw .inaccessible(path: display, reason: "it cannot be read: \(error.reason)")
        }
        guard let identity else {
            throw .inaccessible(path: display, reason: "it disappeared while modgen was reading it")
        }
        return (bytes, identity)
    }

    /// The roots the files go to, each once, in the order they first appear (`nil`: the output directory).
    static func roots(of files: [RenderedFile]) -> [String?] {
        // A list searched, not a `Set<String?>`: roots are few, and hashing an optional costs every run a runtime
        // lookup of `Optional<String>: Hashable` (a scan of all conformance records).
        var roots: [String?] = []
        for file in files where !roots.contains(file.root) { roots.append(file.root) }
        return roots
    }

    /// Refuses files of a root that `rootDirectories` does not place, before anything else is looked at: the
    /// user has to say where such a root goes.
    public static func checkRootsPlaced(
        _ files: [RenderedFile], rootDirectories: [String: String]
    ) throws(WritingError) {
        for root in roots(of: files) {
            guard let root, rootDirectories[root] == nil else { continue }
            throw .unplacedRoot(root: root, paths: files.filter { $0.root == root }.map(\.path))
        }
    }

    /// The components of every path, after refusing unsafe paths, paths given twice, and a path that is a file
    /// while other paths need it as their directory.
    private static func checkPaths(_ paths: [String]) throws(WritingError) -> [[String]] {
        var components: [[String]] = []
        for path in paths { components.append(try RenderedPath.components(of: path)) }
        var seen = Set<String>()
        for path in paths where !seen.insert(path).inserted {
            throw .duplicatePath(path: path)
        }
        // Each folder a path passes through is the path up to one of its slashes (the components are checked).
        // Most paths share their folders: each folder is looked up once, longest first (a folder seen before had
        // its own folders looked up then), and only when one is a file are the paths gone through again in order,
        // so that the error names the same folder whatever the order of the lookups.
        var folders = Set<String>()
        var folderIsFile = false
        for path in paths where !folderIsFile {
            var end = path.utf8.endIndex
            while let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                let folder = String(decoding: path.utf8[..<slash], as: UTF8.self)
                guard folders.insert(folder).inserted else { break }
                if seen.contains(folder) {
                    folderIsFile = true
                    break
                }
                end = slash
            }
        }
        guard folderIsFile else { return components }
        for path in paths {
            for (offset, byte) in path.utf8.enumerated() where byte == UInt8(ascii: "/") {
                let directory = String(decoding: path.utf8.prefix(offset), as: UTF8.self)
                if seen.contains(directory) { throw .fileAndDirectory(path: directory) }
            }
        }
        return components
    }
}
