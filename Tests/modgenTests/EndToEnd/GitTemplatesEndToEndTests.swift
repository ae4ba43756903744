import Foundation
import ModGenKit
import TestSupport
import Testing

/// A `.modgen.json` naming a repository of manifest templates (`{"git": url, "ref": …, "path": …}`): fetched into
/// the cache, pinned in `modgen.lock` by a run that writes (never by `--dry-run`), moved forward by
/// `modgen update-templates`.
@Suite struct GitTemplatesEndToEndTests {
    struct Setup {
        let project: TemporaryFolder
        let cache: TemporaryFolder
        let repository: GitRepositoryFixture
        let demo: DemoTemplate

        init() throws {
            project = try TemporaryFolder()
            cache = try TemporaryFolder()
            demo = try DemoTemplate()
            var files: [String: String] = [:]
            for path in try FileWalker.relativeFilePaths(under: demo.folder) {
                files["Templates/demo/\(path)"] = try String(
                    contentsOf: demo.folder.appendingPathComponent(path), encoding: .utf8)
            }
            repository = try GitRepositoryFixture(files: files)
            try project.write(
                ".modgen.json",
                """
                {
                  "template": "demo",
                  "output": "Modules",
                  "templates": [{ "git": "\(repository.url)", "ref": "main", "path": "Templates" }]
                }

                """)
        }

        var environment: [String: String] { [GitTemplates.Settings.cacheVariable: cache.path] }
        var lock: URL { project.url(TemplateLock.fileName) }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) -> ProcessResult {
            execute(arguments, in: project.url, environment: environment.merging(extra) { $1 })
        }

        func remove() {
            project.remove()
            cache.remove()
            repository.remove()
            demo.temporary.remove()
        }
    }

    @Test func aManifestTemplateFromGitRendersAsFromItsFolderAndIsPinnedByAWritingRun() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let dryRun = setup.run(["new", "Home", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(!FileManager.default.fileExists(atPath: setup.lock.path))

        let run = setup.run(["new", "Home"])
        #expect(run.status == 0, "\(run.standardError)")
        let fromGit = try String(contentsOf: setup.project.url("Modules/Home/HomeView.swift"), encoding: .utf8)
        let local = try TemporaryFolder()
        defer { local.remove() }
        let fromFolder = execute(
            ["new", "Home", "--templates", setup.demo.folder.path, "--template", "demo", "--output", "Modules"],
            in: local.url)
        #expect(fromFolder.status == 0)
        #expect(try String(contentsOf: local.url("Modules/Home/HomeView.swift"), encoding: .utf8) == fromGit)
        let lock = try TemplateLock(contentsOf: setup.lock)
        #expect(lock.pins == [GitRemote(url: setup.repository.url, ref: "main"): try setup.repository.head()])
    }

    /// `list` and `describe` write no lock, so with none they would ask the server on every run: they take the
    /// commit the cache last resolved for the URL and ref instead. The repository moved away is a server that cannot
    /// be reached: any attempt to reach it fails the command.
    @Test func listAndDescribeWithoutALockAskTheServerOnlyOnce() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let moved = setup.repository.folder.url("moved.git")
        func unreachable(_ body: () throws -> Void) throws {
            try FileManager.default.moveItem(at: setup.repository.bare, to: moved)
            defer { try? FileManager.default.moveItem(at: moved, to: setup.repository.bare) }
            try body()
        }
        // Nothing resolved yet: the server is asked, so the check below can fail.
        try unreachable {
            let first = setup.run(["list"])
            #expect(first.status == 69)
            #expect(first.standardError.contains("cannot fetch \(setup.repository.url) (main)"))
        }
        let fetching = setup.run(["list"])
        #expect(fetching.status == 0, "\(fetching.standardError)")
        #expect(fetching.standardOutput.contains("demo"))
        let first = try setup.repository.head()
        try setup.repository.commit(["Templates/demo/extra.txt": "newer\n"], message: "second", push: true)
        try unreachable {
            let list = setup.run(["list"])
            #expect(list.status == 0, "\(list.standardError)")
            #expect(list.standardOutput == fetching.standardOutput)
            let describe = setup.run(["describe", "demo"])
            #expect(describe.status == 0, "\(describe.standardError)")
            #expect(describe.standardOutput.contains("demo"))
            // A run that writes pins the newest commit, so it asks the server.
            #expect(setup.run(["new", "Home"]).status == 69)
        }
        #expect(!FileManager.default.fileExists(atPath: setup.lock.path))
        #expect(setup.run(["new", "Home"]).status == 0)
        #expect(try TemplateLock(contentsOf: setup.lock).pins.values.first != first)
    }

    /// Tab completes the ids of templates from git the lock pins and the cache holds, without git: here with the
    /// repository gone and no git on PATH.
    @Test func completionOffersLockedAndCachedTemplatesWithoutGit() throws {
        let setup = try Setup()
        defer { setup.remove() }
        func offered() -> [String] {
            let result = setup.run(
                ["---completion", "--", "new", "--template", ""], environment: ["PATH": "/nonexistent"])
            return result.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        // Not fetched yet: the built-in templates only, and no fetch.
        #expect(offered() == ["mvvm-fc", "viper", "viper-s"])
        #expect(setup.run(["new", "Home"]).status == 0)
        try FileManager.default.removeItem(at: setup.repository.bare)
        #expect(offered() == ["demo", "mvvm-fc", "viper", "viper-s"])
    }

    @Test func updateTemplatesMovesTheLockForwardAndOtherRunsKeepIt() throws {
        let setup = try Setup()
        defer { setup.remove() }
        #expect(setup.run(["new", "Home"]).status == 0)
        let first = try setup.repository.head()
        let second = try setup.repository.commit(
            ["Templates/demo/Base.swift.mustache": "{{> header}}\nclass Base2 {}\n"], message: "second", push: true)

        // The lock keeps the first commit: `support` renders the old file.
        let old = setup.run(["support", "demo", "--output", "Old"])
        #expect(old.status == 0, "\(old.standardError)")
        #expect(setup.project.read("Old/Base.swift")?.contains("class Base {}") == true)

        let dryRun = setup.run(["update-templates", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(
            dryRun.standardOutput
                == "\(setup.repository.url) (main): \(first.prefix(12)) -> \(second.prefix(12))\nwould write "
                + "\(TemplateLock.fileName)\n")
        #expect(try TemplateLock(contentsOf: setup.lock).pins.values.first == first)

        let update = setup.run(["update-templates"])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput.hasSuffix("wrote \(TemplateLock.fileName)\n"))
        #expect(try TemplateLock(contentsOf: setup.lock).pins.values.first == second)
        let new = setup.run(["support", "demo", "--output", "New"])
        #expect(new.status == 0)
        #expect(setup.project.read("New/Base.swift")?.contains("class Base2 {}") == true)

        let again = setup.run(["update-templates"])
        #expect(again.standardOutput == "1 unchanged\n\(TemplateLock.fileName) is up to date\n")
    }

    @Test func xcodeBundlesFromGitGenerateAsFromTheirFolder() throws {
        let infinum = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/XcodeTemplates/Infinum/VIPER Templates")
        let repository = try GitRepositoryFixture(copying: infinum, into: "Xcode/VIPER Templates")
        let project = try TemporaryFolder()
        let local = try TemporaryFolder()
        let cache = try TemporaryFolder()
        defer {
            for folder in [project, local, cache, repository.folder] { folder.remove() }
        }
        try project.write(
            ".modgen.json",
            "{ \"templates\": [{ \"git\": \"\(repository.url)\", \"path\": \"Xcode/VIPER Templates\" }] }\n")
        let arguments = [
            "new", "Home", "--template", "module", "--interface", "XIB", "--set", "complex=Simple", "--set",
            "project=Shop", "--date", "2026-01-31", "-o", "out",
        ]
        let fromGit = execute(
            arguments, in: project.url, environment: [GitTemplates.Settings.cacheVariable: cache.path])
        #expect(fromGit.status == 0, "\(fromGit.standardError)")
        let fromFolder = execute(arguments + ["--templates", infinum.path], in: local.url)
        #expect(fromFolder.status == 0, "\(fromFolder.standardError)")
        #expect(fromGit.standardOutput == fromFolder.standardOutput)
        let files = try FileWalker.relativeFilePaths(under: local.url("out"))
        #expect(files.count == 5)
        #expect(try FileWalker.relativeFilePaths(under: project.url("out")) == files)
        for file in files { #expect(project.read("out/\(file)") == local.read("out/\(file)"), "\(file)") }
        #expect(project.exists(TemplateLock.fileName))
    }

    @Test func aLinkOutOfTheCheckoutIsRefusedAsInAnyTemplate() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let secret = setup.cache.url("secret.txt")
        try Data("secret\n".utf8).write(to: secret)
        // The repository's template file becomes a link to a file of the user's, outside the checkout.
        let file = setup.repository.work.appendingPathComponent("Templates/demo/View.swift.mustache")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: secret.path)
        try setup.repository.commit([:], message: "link out", push: true)
        let run = setup.run(["new", "Home"])
        #expect(run.status == 65)
        #expect(run.standardError.contains("leads outside the template folder"))
        #expect(!setup.project.exists("Modules"))
    }

    @Test func aPathOutOfTheRepositoryIsRefused() throws {
        let setup = try Setup()
        defer { setup.remove() }
        try setup.repository.commit(["Templates/demo/x": "x\n"], message: "x", push: false)
        try setup.project.write(
            ".modgen.json",
            """
            {
              "templates": [{ "git": "\(setup.repository.url)", "path": "../.." }]
            }

            """)
        let run = setup.run(["list"])
        #expect(run.status == 65)
        #expect(run.standardError.contains(".modgen.json:2:"))
        #expect(run.standardError.contains("'..' component"))
    }
}
