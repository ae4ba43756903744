import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenGit

/// Templates from git on local bare repositories (`file://`, no network): fetched into the cache, pinned in the lock,
/// used from the cache with no git at all once pinned, moved forward only when asked.
@Suite struct GitTemplatesTests {
    /// A project folder (where the lock goes), a cache folder and a repository.
    struct Setup {
        let project: TemporaryFolder
        let cache: TemporaryFolder
        let repository: GitRepositoryFixture

        init(files: [String: String] = ["Module/template.json": "{}\n", "README.md": "one\n"]) throws {
            project = try TemporaryFolder()
            cache = try TemporaryFolder()
            repository = try GitRepositoryFixture(files: files)
        }

        var lockFile: URL { project.url(TemplateLock.fileName) }

        func resolver(_ mode: GitTemplates.Mode = .locked, environment: [String: String] = [:]) -> GitTemplates {
            var variables = environment
            variables[GitTemplates.Settings.cacheVariable] = cache.path
            return GitTemplates(lockFile: lockFile, settings: GitTemplates.Settings(environment: variables, mode: mode))
        }

        func declaration(ref: String? = nil, url: String? = nil) -> GitTemplateDeclaration {
            GitTemplateDeclaration(
                remote: GitRemote(url: url ?? repository.url, ref: ref), file: "Rambafile",
                position: SourcePosition(line: 3, column: 7), subject: "template 'demo'")
        }

        /// Writes what `resolver` pinned as the project's lock, as a run that writes does.
        func save(_ resolver: GitTemplates) throws {
            if let text = resolver.changedLockText { try project.write(TemplateLock.fileName, text) }
        }

        func remove() {
            project.remove()
            cache.remove()
            repository.remove()
        }
    }

    @Test func aRepositoryIsFetchedIntoTheCacheByCommitAndPinned() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var git = setup.resolver()
        let folder = try git.checkout(setup.declaration())
        let commit = try setup.repository.head()
        #expect(folder.path == setup.cache.path("templates/\(commit)"))
        #expect(try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8) == "one\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path))
        #expect(git.lock.pins == [GitRemote(url: setup.repository.url, ref: nil): commit])
        #expect(git.changes.map(\.to) == [commit] && git.changes.map(\.from) == [nil])
        // Only the checkout is left in the cache: the temporary folder went.
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path("templates")) == [commit])
        let text = try #require(git.changedLockText)
        #expect(
            text == """
                {
                  "//": "Written by modgen: the commit of each template repository. Commit this file; 'modgen update-templates' moves it forward.",
                  "version": 1,
                  "repositories": [
                    {
                      "url": "\(setup.repository.url)",
                      "commit": "\(commit)"
                    }
                  ]
                }

                """)
    }

    @Test func aPinnedCommitInTheCacheNeedsNoGitAndNoRepository() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var first = setup.resolver()
        let folder = try first.checkout(setup.declaration())
        try setup.save(first)
        // The repository is gone and there is no git on PATH: the pinned commit comes from the cache.
        try FileManager.default.removeItem(at: setup.repository.bare)
        var offline = setup.resolver(environment: ["PATH": setup.project.path])
        #expect(try offline.checkout(setup.declaration()) == folder)
        #expect(offline.changes.isEmpty)
        #expect(offline.changedLockText == nil)
    }

    /// `.cachedOnly` (Tab completion) takes a pinned commit the cache holds, and refuses anything else without
    /// running git: a git on PATH that leaves a mark proves it.
    @Test func cachedOnlyUsesWhatTheLockPinsAndTheCacheHoldsAndNeverRunsGit() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let marker = setup.project.path("git-ran")
        try setup.project.write("bin/git", "#!/bin/sh\ntouch '\(marker)'\nexit 1\n")
        chmod(setup.project.path("bin/git"), 0o755)
        let environment = ["PATH": setup.project.path("bin")]
        var unlocked = setup.resolver(.cachedOnly, environment: environment)
        let noLock = try #require(throws: GitTemplateError.self) { try unlocked.checkout(setup.declaration()) }
        #expect(noLock.kind == .unavailable)
        #expect(noLock.message.contains("has no commit in modgen.lock"), "\(noLock.message)")
        var first = setup.resolver()
        let folder = try first.checkout(setup.declaration())
        try setup.save(first)
        var cached = setup.resolver(.cachedOnly, environment: environment)
        #expect(try cached.checkout(setup.declaration()) == folder)
        try FileManager.default.removeItem(at: folder)
        var evicted = setup.resolver(.cachedOnly, environment: environment)
        let missing = try #require(throws: GitTemplateError.self) { try evicted.checkout(setup.declaration()) }
        #expect(missing.message.contains("is not in the cache"), "\(missing.message)")
        #expect(!FileManager.default.fileExists(atPath: marker), "git ran")
    }

    @Test func theLockKeepsItsCommitUntilTheNewestIsAskedFor() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var first = setup.resolver()
        let old = try first.checkout(setup.declaration())
        try setup.save(first)
        let oldCommit = try setup.repository.head()
        let newCommit = try setup.repository.commit(["README.md": "two\n"], message: "second", push: true)

        var locked = setup.resolver()
        #expect(try locked.checkout(setup.declaration()) == old)

        var newest = setup.resolver(.newest)
        let new = try newest.checkout(setup.declaration())
        #expect(try String(contentsOf: new.appendingPathComponent("README.md"), encoding: .utf8) == "two\n")
        #expect(newest.changes.map(\.from) == [oldCommit] && newest.changes.map(\.to) == [newCommit])
        try setup.save(newest)
        #expect(try TemplateLock(contentsOf: setup.lockFile).pins.values.sorted() == [newCommit])
    }

    @Test func withoutALockACommitTheCacheHoldsIsOnlyAskedForNotDownloaded() throws {
        let setup = try Setup()
        defer { setup.remove() }
        try setup.repository.branch("v2")
        try setup.repository.commit(["README.md": "v2\n"], message: "v2", push: true)
        try GitRepositoryFixture.git(
            ["-c", "user.name=Test", "-c", "user.email=test@example.com", "tag", "-a", "-m", "release", "release-2"],
            in: setup.repository.work)
        try GitRepositoryFixture.git(
            ["push", "--quiet", setup.repository.bare.path, "release-2"], in: setup.repository.work)
        // A git that logs its commands, then runs the real one.
        let log = setup.project.path("git.log")
        let real = try #require(GitProcess.find(environment: ProcessInfo.processInfo.environment))
        try setup.project.write("bin/git", "#!/bin/sh\necho \"$*\" >> '\(log)'\nexec '\(real)' \"$@\"\n")
        chmod(setup.project.path("bin/git"), 0o755)
        let environment = ["PATH": setup.project.path("bin")]
        for ref in [nil, "v2", "release-2"] {
            var first = setup.resolver(environment: environment)
            let folder = try first.checkout(setup.declaration(ref: ref))
            try? FileManager.default.removeItem(atPath: log)
            var second = setup.resolver(environment: environment)
            #expect(try second.checkout(setup.declaration(ref: ref)) == folder)
            let commands = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let words = Set(commands.split(whereSeparator: { $0 == " " || $0 == "\n" }))
            #expect(words.contains("ls-remote"), "\(ref ?? "HEAD"): \(commands)")
            #expect(!words.contains("clone") && !words.contains("fetch"), "\(ref ?? "HEAD"): \(commands)")
        }
    }

    @Test func aPinnedCommitMissingFromTheCacheIsFetchedByItsID() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var first = setup.resolver()
        _ = try first.checkout(setup.declaration())
        try setup.save(first)
        let pinned = try setup.repository.head()
        try setup.repository.commit(["README.md": "two\n"], message: "second", push: true)
        try FileManager.default.removeItem(at: setup.cache.url("templates"))
        // Another machine with the lock: the pinned commit, not the branch's newest.
        var other = setup.resolver()
        let folder = try other.checkout(setup.declaration())
        #expect(folder.lastPathComponent == pinned)
        #expect(try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8) == "one\n")
    }

    @Test func aBranchIsTakenAtItsOwnCommitAndPinnedApart() throws {
        let setup = try Setup()
        defer { setup.remove() }
        try setup.repository.branch("swift6")
        let branchCommit = try setup.repository.commit(["README.md": "branch\n"], message: "branch", push: true)
        var git = setup.resolver()
        let main = try git.checkout(setup.declaration())
        let branch = try git.checkout(setup.declaration(ref: "swift6"))
        #expect(try String(contentsOf: main.appendingPathComponent("README.md"), encoding: .utf8) == "one\n")
        #expect(try String(contentsOf: branch.appendingPathComponent("README.md"), encoding: .utf8) == "branch\n")
        #expect(git.lock.pins[GitRemote(url: setup.repository.url, ref: "swift6")] == branchCommit)
        #expect(git.lock.pins.count == 2)
        let text = try #require(git.changedLockText)
        try setup.project.write(TemplateLock.fileName, text)
        #expect(try TemplateLock(contentsOf: setup.lockFile) == git.lock)
    }

    @Test func aMissingBranchIsOneLineNamingTheDeclaration() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var git = setup.resolver()
        let error = try #require(throws: GitTemplateError.self) { try git.checkout(setup.declaration(ref: "nope")) }
        #expect(error.kind == .unavailable)
        #expect(
            error.message.hasPrefix("Rambafile:3:7: template 'demo': cannot fetch \(setup.repository.url) (nope): "))
        #expect(!error.message.contains("\n"))
    }

    @Test(arguments: [
        "ext::sh -c touch% /tmp/modgen-pwned", "-uhelp", "--upload-pack=touch /tmp/modgen-pwned",
        "ssh://-oProxyCommand=touch%20/tmp/modgen-pwned/x", "-oProxyCommand=x:repo", "http://example.com/a.git",
        "fd::17", "/tmp/local/repo", "../repo", "file:///tmp/a b", "",
    ])
    func hostileURLsAreRefusedBeforeGitRuns(_ url: String) throws {
        let setup = try Setup()
        defer { setup.remove() }
        // A git that would leave a mark if it ran at all.
        let marker = setup.project.path("ran")
        try setup.project.write("bin/git", "#!/bin/sh\ntouch '\(marker)'\nexit 1\n")
        chmod(setup.project.path("bin/git"), 0o755)
        var git = setup.resolver(environment: ["PATH": setup.project.path("bin")])
        let error = try #require(throws: GitTemplateError.self) { try git.checkout(setup.declaration(url: url)) }
        #expect(error.kind == .refused)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test(arguments: ["-b", "--upload-pack=x", "a..b", "a b", "HEAD@{1}", "x:y", ""])
    func hostileRefsAreRefused(_ ref: String) throws {
        #expect(GitRemote.problem(withRef: ref) != nil)
    }

    @Test(arguments: [
        "https://github.com/rambler-digital-solutions/generamba-catalog", "git@github.com:acme/templates.git",
        "ssh://git@example.com:2222/acme/t.git", "git://example.com/t.git", "file:///srv/git/t.git",
    ])
    func ordinaryURLsAreAccepted(_ url: String) {
        #expect(GitRemote.problem(withURL: url) == nil)
    }

    @Test func gitMissingIsOneLine() throws {
        let setup = try Setup()
        defer { setup.remove() }
        var git = setup.resolver(environment: ["PATH": setup.project.path])
        let error = try #require(throws: GitTemplateError.self) { try git.checkout(setup.declaration()) }
        #expect(error.kind == .unavailable)
        #expect(error.message == "Rambafile:3:7: template 'demo': templates from git need git, and none is on PATH")
    }

    @Test func aGitThatHangsIsStoppedAtTheTimeLimit() throws {
        let setup = try Setup()
        defer { setup.remove() }
        try setup.project.write("bin/git", "#!/bin/sh\nexec /bin/sleep 30\n")
        chmod(setup.project.path("bin/git"), 0o755)
        var git = setup.resolver(
            environment: ["PATH": setup.project.path("bin"), GitTemplates.Settings.timeLimitVariable: "1"])
        let started = Date()
        let error = try #require(throws: GitTemplateError.self) { try git.checkout(setup.declaration()) }
        #expect(error.message.contains("took longer than 1 s (MODGEN_GIT_TIMEOUT sets the limit)"))
        // Not a timing assertion: the 30 s the fake git sleeps would mean the limit did nothing.
        #expect(Date().timeIntervalSince(started) < 25)
    }

    /// ssh would ask on the terminal for a passphrase, a password or an unknown host key (standard input `/dev/null`
    /// does not stop it): git runs it in batch mode, which fails at once, and the error is ssh's reason in one line
    /// naming the URL. A command the user chose for ssh (`core.sshCommand`, `GIT_SSH_COMMAND`) is theirs: used as it
    /// is. Each fake ssh logs its arguments and fails as ssh does on an unknown host.
    @Test func sshRunsInBatchModeUnlessTheUserChoseHowSSHRuns() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let log = setup.project.path("ssh.log")
        for name in ["ssh", "their-ssh"] {
            try setup.project.write(
                "bin/\(name)",
                "#!/bin/sh\necho \"\(name) $*\" >> '\(log)'\necho 'Host key verification failed.' >&2\nexit 255\n")
            chmod(setup.project.path("bin/\(name)"), 0o755)
        }
        let url = "ssh://git@example.invalid/templates.git"
        let path = setup.project.path("bin") + ":/usr/bin:/bin:/usr/local/bin"
        func attempt(_ environment: [String: String]) throws -> (message: String, ssh: String) {
            try? FileManager.default.removeItem(atPath: log)
            var git = setup.resolver(environment: environment.merging(["PATH": path]) { $1 })
            let error = try #require(throws: GitTemplateError.self) { try git.checkout(setup.declaration(url: url)) }
            return (error.message, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
        try setup.project.write("empty.gitconfig", "")
        let plain = try attempt(["GIT_CONFIG_GLOBAL": setup.project.path("empty.gitconfig")])
        #expect(plain.ssh.hasPrefix("ssh -o BatchMode=yes "), "\(plain.ssh)")
        #expect(plain.message == "Rambafile:3:7: template 'demo': cannot fetch \(url): Host key verification failed.")

        try setup.project.write("their.gitconfig", "[core]\n\tsshCommand = their-ssh -o User=me\n")
        let configured = try attempt(["GIT_CONFIG_GLOBAL": setup.project.path("their.gitconfig")])
        #expect(configured.ssh.hasPrefix("their-ssh -o User=me "), "\(configured.ssh)")
        #expect(!configured.ssh.contains("BatchMode"))

        let variable = try attempt([
            "GIT_CONFIG_GLOBAL": setup.project.path("empty.gitconfig"), "GIT_SSH_COMMAND": "their-ssh",
        ])
        #expect(variable.ssh.hasPrefix("their-ssh "), "\(variable.ssh)")
        #expect(!variable.ssh.contains("BatchMode"))
    }

    /// git's own prompt for a user name or password, and any askpass program, are off.
    @Test func gitAsksNoCredentialQuestion() {
        let environment = GitProcess.environment(
            from: ["GIT_ASKPASS": "/usr/bin/ksshaskpass", "SSH_ASKPASS": "/usr/bin/ksshaskpass"], ceiling: "/tmp")
        #expect(environment["GIT_TERMINAL_PROMPT"] == "0")
        #expect(environment["GIT_ASKPASS"] == "")
    }

    @Test func hooksFromTheUsersConfigDoNotRunAndAnOuterRepositoryIsIgnored() throws {
        let setup = try Setup()
        defer { setup.remove() }
        // A global config naming a hooks folder whose post-checkout hook leaves a mark; and GIT_DIR as a git hook
        // that runs modgen would have it.
        let marker = setup.project.path("hooked")
        try setup.project.write("hooks/post-checkout", "#!/bin/sh\ntouch '\(marker)'\n")
        chmod(setup.project.path("hooks/post-checkout"), 0o755)
        try setup.project.write("gitconfig", "[core]\n\thooksPath = \(setup.project.path("hooks"))\n")
        // The control: a plain clone with that config runs the hook.
        let plain = Process()
        plain.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        plain.arguments = ["git", "clone", "--quiet", setup.repository.url, setup.project.path("plain")]
        plain.environment = ["GIT_CONFIG_GLOBAL": setup.project.path("gitconfig"), "PATH": "/usr/bin:/bin"]
        try plain.run()
        plain.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: marker))
        try FileManager.default.removeItem(atPath: marker)
        var git = setup.resolver(environment: [
            "GIT_CONFIG_GLOBAL": setup.project.path("gitconfig"), "GIT_DIR": setup.project.path("nowhere"),
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ])
        _ = try git.checkout(setup.declaration())
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func twoRunsFetchingOneCommitAtOnceBothGetIt() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let folders = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var git = setup.resolver()
                    return try git.checkout(setup.declaration())
                }
            }
            return try await group.reduce(into: [URL]()) { $0.append($1) }
        }
        #expect(Set(folders.map(\.path)).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path("templates")).count == 1)
    }

    @Test func aFetchRemovesTemporaryFoldersAKilledRunLeftADayAgoAndNoOthers() throws {
        let setup = try Setup()
        defer { setup.remove() }
        try setup.cache.write("templates/.tmp-killed/checkout/README.md", "half\n")
        try setup.cache.write("templates/.tmp-running/checkout/README.md", "half\n")
        let dayAndAHalfAgo = Date().addingTimeInterval(-36 * 60 * 60)
        try FileManager.default.setAttributes(
            [.modificationDate: dayAndAHalfAgo], ofItemAtPath: setup.cache.path("templates/.tmp-killed"))
        var git = setup.resolver()
        _ = try git.checkout(setup.declaration())
        #expect(!setup.cache.exists("templates/.tmp-killed"))
        #expect(setup.cache.exists("templates/.tmp-running"))
    }

    @Test func aBrokenLockIsTheLocksErrorAtItsLine() throws {
        let setup = try Setup()
        defer { setup.remove() }
        try setup.project.write(
            TemplateLock.fileName,
            "{\n  \"version\": 1,\n  \"repositories\": [\n    { \"url\": \"ext::sh\", \"commit\": \"\(String(repeating: "a", count: 40))\" }\n  ]\n}\n"
        )
        var git = setup.resolver()
        let error = try #require(throws: DataFileError.self) { try git.checkout(setup.declaration()) }
        #expect(error.fileName == setup.lockFile.path)
        #expect(error.position.line == 4)
    }
}
