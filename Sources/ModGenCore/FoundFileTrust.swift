#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a file modgen found by itself, walking up from a folder (the nearest `.modgen.json`, a project's
/// `IDETemplateMacros.plist`), may be used, as git decides whether to use a repository it finds (`safe.directory`,
/// since CVE-2022-24765): in a folder every user can write to (`/tmp`, a shared CI workspace) anyone can plant one a
/// level above someone else's work, and a config's `after` commands then run as that someone.
///
/// A found file is used only when it is the current user's and only they can change it: it (and, for a symbolic
/// link, what it points to) is owned by the effective user and not writable by every user, and the folder holding
/// it is not writable by every user unless that folder is sticky (as `/tmp` is: only a file's owner can then
/// replace it). Like git, a file of root's is not the user's (root running modgen is the one exception, being the
/// owner). A file the user names explicitly is trusted: naming it is the decision.
public enum FoundFileTrust {
    /// Why the found file at `path` must not be used, or `nil` when it may.
    public static func problem(atPath path: String) -> String? {
        var entry = stat()
        guard lstat(path, &entry) == 0 else { return nil }  // gone: reading it says so
        let user = geteuid()
        if entry.st_uid != user { return ownerProblem(entry.st_uid, user) }
        var file = stat()
        if entry.st_mode & S_IFMT == S_IFLNK, stat(path, &file) == 0 {
            if file.st_uid != user { return "points to a file that " + ownerProblem(file.st_uid, user) }
            entry = file
        }
        // A link's own mode means nothing (it is always 0777); one to nothing is reported when it is read.
        if entry.st_mode & S_IFMT != S_IFLNK, entry.st_mode & S_IWOTH != 0 { return "is writable by every user" }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var holder = stat()
        if stat(folder, &holder) == 0, holder.st_mode & S_IWOTH != 0, holder.st_mode & S_ISVTX == 0 {
            return "is in '\(RelativePath.printable(folder))', a folder every user can write to (and not sticky)"
        }
        return nil
    }

    private static func ownerProblem(_ owner: uid_t, _ user: uid_t) -> String {
        "is owned by \(userName(owner)), not by you (\(userName(user)))"
    }

    /// `uid 65534 (nobody)`, or the number alone when the system has no name for it.
    /// (`getpwuid_r`: commands run in parallel threads in tests, and `getpwuid` shares one buffer.)
    private static func userName(_ uid: uid_t) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let name = buffer.withUnsafeMutableBufferPointer { buffer -> String? in
            var entry = passwd()
            var found: UnsafeMutablePointer<passwd>?
            guard let base = buffer.baseAddress, getpwuid_r(uid, &entry, base, buffer.count, &found) == 0, found != nil,
                let name = entry.pw_name
            else { return nil }
            return String(cString: name)
        }
        return name.map { "uid \(uid) (\(RelativePath.printable($0)))" } ?? "uid \(uid)"
    }
}

/// A file modgen found by walking up that it does not use (`FoundFileTrust`): why, and how to use it anyway.
public struct UntrustedFileError: ModGenError, Equatable {
    public var path: String
    public var problem: String
    /// How to trust it, in the words of what found it ("pass it with --config <path>").
    public var remedy: String

    public init(path: String, problem: String, remedy: String) {
        self.path = path
        self.problem = problem
        self.remedy = remedy
    }

    public var message: String {
        "'\(RelativePath.printable(path))' \(problem); modgen uses a file it finds in a folder above only when it is "
            + "yours and only you can change it: \(remedy)"
    }
}
