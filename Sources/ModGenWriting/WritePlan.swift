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

    public init(action: WriteAction, path: String) {
        self.action = action
        self.path = path
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
    }

    struct ExistingFile: Sendable {
        var bytes: [UInt8]
        var permissions: UInt32
    }

    /// The output directory as the caller gave it; paths in messages are shown under it.
    public let outputDirectory: String
    public let policy: ConflictPolicy
    let items: [Item]

    /// Every rendered file with its action, in the order the files were given.
    public var entries: [WriteEntry] { items.map(\.entry) }

    /// The dry-run output: one `<action> <path>` line per file (see `WriteEntry.line`), paths shown under
    /// `displayPrefix` (by default the output directory as given).
    public func lines(displayPrefix: String? = nil) -> [String] {
        items.map { $0.entry.line(displayPrefix: displayPrefix ?? outputDirectory) }
    }

    /// Plans writing `files` into `outputDirectory` (relative paths are taken from the current directory).
    public init(files: [RenderedFile], outputDirectory: String, policy: ConflictPolicy = .refuse) throws(WritingError) {
        try self.init(
            files: files, outputDirectory: outputDirectory, policy: policy,
            currentDirectory: FileManager.default.currentDirectoryPath, fileSystem: LiveFileSystem())
    }

    init(
        files: [RenderedFile], outputDirectory: String, policy: ConflictPolicy, currentDirectory: String,
        fileSystem: some FileSystem
    ) throws(WritingError) {
        self.outputDirectory = outputDirectory
        self.policy = policy
        // Every path is checked as text first, so a bad manifest is reported before the disk is looked at.
        let components = try Self.checkPaths(files.map(\.path))
        let resolver = try TargetResolver(
            outputDirectory: outputDirectory, currentDirectory: currentDirectory, fileSystem: fileSystem)

        var items: [Item] = []
        var pathByTarget: [String: String] = [:]
        for (file, pathComponents) in zip(files, components) {
            let display = RenderedPath.display(file.path, under: outputDirectory)
            let target = try resolver.resolve(pathComponents, relativePath: file.path)
            if let other = pathByTarget.updateValue(file.path, forKey: target.path) {
                throw .sameTarget(path: RenderedPath.display(other, under: outputDirectory), otherPath: display)
            }
            let newBytes = file.bytes
            var item = Item(
                entry: WriteEntry(action: .create, path: file.path), newBytes: newBytes, target: target.path)
            if let permissions = target.existingPermissions {
                let bytes: [UInt8]
                do {
                    bytes = try fileSystem.readFile(at: target.path)
                } catch {
                    throw .unusableTarget(path: display, reason: "it cannot be read: \(error.reason)")
                }
                if bytes == newBytes {
                    item.entry.action = .unchanged
                } else {
                    item.entry.action =
                        switch policy {
                        case .refuse: .conflict
                        case .overwrite: .overwrite
                        case .skip: .skip
                        }
                    item.existing = ExistingFile(bytes: bytes, permissions: permissions)
                }
            }
            items.append(item)
        }
        self.items = items
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
        for parts in components {
            for length in 1..<parts.count {
                let directory = parts[0..<length].joined(separator: "/")
                if seen.contains(directory) { throw .fileAndDirectory(path: directory) }
            }
        }
        return components
    }
}
