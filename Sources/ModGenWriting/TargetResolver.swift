/// Finds where on disk each rendered path lands, following the symbolic links that already exist, and refuses
/// a target that is not a safe place for a file.
///
/// The output directory itself may be (or sit under) a symbolic link: the user chose it. Below it, a link is
/// followed only if it stays inside the output directory's real location; anything else is an escape.
struct TargetResolver<System: FileSystem> {
    /// A rendered file's real location, and what is there now.
    struct Target {
        /// Absolute, with the existing part free of symbolic links.
        var path: String
        /// nil when the file does not exist yet; otherwise it is a regular file (anything else is refused).
        var existingPermissions: UInt32?
    }

    let fileSystem: System
    /// The output directory as the caller gave it, for messages.
    let displayRoot: String
    /// The output directory's real absolute path (its missing tail, if any, appended as given). Its existing part
    /// is spelled as `realpath` spells it, which on macOS is the case the names have on disk: a folder typed in
    /// another case is still the folder the links below it resolve into.
    let root: String
    let rootExists: Bool
    /// Whether the output directory's file system tells names apart by case (see `CaseRule`).
    let caseRule: CaseRule

    init(outputDirectory: String, currentDirectory: String, fileSystem: System) throws(WritingError) {
        self.fileSystem = fileSystem
        self.displayRoot = outputDirectory
        // An empty or relative current directory means the working folder cannot be used — deleted, or its path
        // longer than the system allows (`getcwd` fails for both): joined to it, a relative output folder would
        // land under `/`.
        guard outputDirectory.hasPrefix("/") || currentDirectory.hasPrefix("/") else {
            throw .inaccessible(
                path: outputDirectory,
                reason: "it is relative, and the current folder no longer exists or its path is longer than the "
                    + "system allows (run modgen from a folder with a shorter path, or give an absolute one)")
        }
        let absolute = outputDirectory.hasPrefix("/") ? outputDirectory : currentDirectory + "/" + outputDirectory
        var current = "/"
        var exists = true
        var existing = "/"
        var followedLink = false
        for component in absolute.split(separator: "/").map(String.init) where component != "." {
            if component == ".." {
                // `current` has no symbolic links left in it, so its textual parent is its real parent.
                current = Self.parent(of: current)
                continue
            }
            let next = Self.join(current, component)
            guard exists else {
                current = next
                continue
            }
            switch try Self.status(next, fileSystem: fileSystem, display: outputDirectory)?.kind {
            case nil:
                exists = false
                current = next
            case .directory:
                current = next
                existing = current
            case .symbolicLink:
                followedLink = true
                do {
                    current = try fileSystem.resolvedPath(next)
                } catch {
                    throw .inaccessible(path: outputDirectory, reason: "'\(next)': \(error.reason)")
                }
                if try Self.status(current, fileSystem: fileSystem, display: outputDirectory)?.kind != .directory {
                    throw .unusableTarget(path: outputDirectory, reason: "'\(next)' is not a directory")
                }
                existing = current
            case .regularFile, .other:
                throw .unusableTarget(path: outputDirectory, reason: "'\(next)' is not a directory")
            }
        }
        // `existing` is the longest part that is on disk (a `..` past it leaves the path as the loop made it).
        // Where the walk met no link and a name can only be spelled as typed (Linux, a case-sensitive file
        // system), `realpath` would return `existing` unchanged at the cost of a `readlink` per component: it is
        // asked only where it can tell more.
        caseRule = fileSystem.caseRule(holding: existing)
        if followedLink || Self.realpathRespellsNames || caseRule == .insensitive,
            existing == current || current.hasPrefix(existing == "/" ? "/" : existing + "/"),
            let resolved = try? fileSystem.resolvedPath(existing)
        {
            current = resolved + current.dropFirst(existing.count)
        }
        root = current
        rootExists = exists
    }

    /// The target of a rendered path already split into checked components (see `RenderedPath`).
    func resolve(_ components: [String], relativePath: String) throws(WritingError) -> Target {
        let display = RenderedPath.display(relativePath, under: displayRoot)
        var current = root
        var exists = rootExists
        for (index, component) in components.enumerated() {
            let isLast = index == components.count - 1
            /// The path up to this component as messages show it: only an error needs it.
            func typed() -> String {
                RenderedPath.display(components[0...index].joined(separator: "/"), under: displayRoot)
            }
            let next = Self.join(current, component)
            guard exists else {
                current = next
                continue
            }
            var status = try Self.status(next, fileSystem: fileSystem, display: display)
            current = next
            if status?.kind == .symbolicLink {
                do {
                    current = try fileSystem.resolvedPath(next)
                } catch {
                    // A link to nothing is refused either way; one to nothing outside says where it leads.
                    if let destination = danglingDestination(of: next), !isInsideRoot(destination) {
                        throw .symbolicLinkEscape(path: display, link: typed(), destination: destination)
                    }
                    throw .unusableTarget(path: display, reason: "'\(typed())' is a symbolic link: \(error.reason)")
                }
                guard isInsideRoot(current) else {
                    throw .symbolicLinkEscape(path: display, link: typed(), destination: current)
                }
                status = try Self.status(current, fileSystem: fileSystem, display: display)
            }
            switch status?.kind {
            case nil:
                exists = false
            case .directory:
                if isLast { throw .unusableTarget(path: display, reason: "it is a directory") }
            case .regularFile:
                if !isLast {
                    throw .unusableTarget(path: display, reason: "'\(typed())' is a file, not a directory")
                }
                return Target(path: current, existingPermissions: status?.permissions)
            case .symbolicLink, .other:
                let what = isLast ? "it is not a regular file" : "'\(typed())' is not a directory"
                throw .unusableTarget(path: display, reason: what)
            }
        }
        return Target(path: current, existingPermissions: nil)
    }

    /// Where a symbolic link that cannot be resolved (its destination is missing) leads: its destination with the
    /// existing part of it resolved, following further links in a chain (at most 40, the usual system limit).
    /// `nil` when a link cannot even be read.
    private func danglingDestination(of link: String) -> String? {
        var path = link
        for _ in 0..<40 {
            guard let written = try? fileSystem.linkDestination(of: path) else { return nil }
            let joined = written.hasPrefix("/") ? written : Self.join(Self.parent(of: path), written)
            let destination = resolvingExistingPart(of: joined)
            guard (try? fileSystem.status(of: destination))??.kind == .symbolicLink else { return destination }
            path = destination
        }
        return nil
    }

    /// An absolute path with `.` and `..` applied and its longest existing leading part resolved.
    private func resolvingExistingPart(of path: String) -> String {
        var components: [String] = []
        for component in path.split(separator: "/").map(String.init) where component != "." {
            if component == ".." {
                _ = components.popLast()
            } else {
                components.append(component)
            }
        }
        for length in stride(from: components.count, through: 1, by: -1) {
            let prefix = "/" + components[..<length].joined(separator: "/")
            guard let resolved = try? fileSystem.resolvedPath(prefix) else { continue }
            return components[length...].reduce(resolved) { Self.join($0, $1) }
        }
        return "/" + components.joined(separator: "/")
    }

    /// `path` comes from `realpath`; on a case-insensitive file system a name may still be spelled otherwise than
    /// in `root` (a missing tail as typed), and it is the same folder all the same.
    private func isInsideRoot(_ path: String) -> Bool {
        caseRule.isInside(path, folder: root)
    }

    private static func status(
        _ path: String, fileSystem: System, display: String
    ) throws(WritingError) -> (kind: FileKind, permissions: UInt32)? {
        do {
            return try fileSystem.status(of: path)
        } catch {
            throw .inaccessible(path: display, reason: "'\(error.path)': \(error.reason)")
        }
    }

    /// Whether `realpath` may spell a link-free path otherwise than it is typed: on macOS it gives each name the
    /// case it has on disk (see `root`); Linux's returns such a path as it is.
    static var realpathRespellsNames: Bool {
        #if canImport(Darwin)
            true
        #else
            false
        #endif
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
