import Foundation

/// A git repository for tests of templates from git: a working copy (`work/`) whose commits are pushed to a bare
/// repository (`bare.git`), reached as `file://…/bare.git` as a server would be (no network). Built with the
/// system git.
public struct GitRepositoryFixture: Sendable {
    public let folder: TemporaryFolder

    public var work: URL { folder.url("work") }
    public var bare: URL { folder.url("bare.git") }
    /// The URL a config names it by.
    public var url: String { "file://" + bare.path }

    /// A repository holding `files` (relative path → text) in its first commit, on branch `main`.
    public init(files: [String: String]) throws {
        folder = try TemporaryFolder()
        try Self.git(["init", "--quiet", "-b", "main", work.path], in: folder.url)
        try commit(files, message: "first")
        try Self.git(["clone", "--quiet", "--bare", work.path, bare.path], in: folder.url)
    }

    /// A repository whose first commit holds a copy of `source` (binary files too) as its folder `subfolder`.
    public init(copying source: URL, into subfolder: String) throws {
        folder = try TemporaryFolder()
        try Self.git(["init", "--quiet", "-b", "main", work.path], in: folder.url)
        let destination = work.appendingPathComponent(subfolder)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
        try commit([:], message: "first")
        try Self.git(["clone", "--quiet", "--bare", work.path, bare.path], in: folder.url)
    }

    /// Commits `files` (written over what is there; `nil` removes) on the current branch and pushes it.
    @discardableResult
    public func commit(_ files: [String: String?], message: String, push: Bool = false) throws -> String {
        for (path, text) in files {
            let url = work.appendingPathComponent(path)
            if let text {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } else {
                try FileManager.default.removeItem(at: url)
            }
        }
        try Self.git(["add", "--all"], in: work)
        try Self.git(
            ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "--quiet", "-m", message], in: work)
        if push { try Self.git(["push", "--quiet", bare.path, "HEAD"], in: work) }
        return try head()
    }

    /// Starts branch `name` at the current commit.
    public func branch(_ name: String) throws {
        try Self.git(["checkout", "--quiet", "-b", name], in: work)
    }

    /// The current commit of the working copy.
    public func head() throws -> String {
        try Self.git(["rev-parse", "HEAD"], in: work).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs the system git; its standard output, or an error with its standard error.
    @discardableResult
    public static func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        // The test's repositories are made with the user's defaults left out.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GitFixtureError(message: "git \(arguments.joined(separator: " ")): \(complaint)")
        }
        return text
    }

    public func remove() { folder.remove() }
}

public struct GitFixtureError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
