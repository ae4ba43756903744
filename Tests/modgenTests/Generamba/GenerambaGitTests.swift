import Foundation
import ModGenKit
import TestSupport
import Testing

/// A Rambafile's `git:` templates and `catalogs`, from local bare repositories (`file://`, no network): the module is
/// the one the same template gives from a folder, the commit is pinned in `modgen.lock`, and the next run needs
/// neither the repository nor git.
@Suite struct GenerambaGitTests {
    /// Every file of a folder, relative path → text.
    static func files(of folder: URL, under prefix: String = "") throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try FileWalker.relativeFilePaths(under: folder) {
            files[prefix + path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// The project of a reference case, its Rambafile's `templates:` replaced by `templates`.
    static func project(_ name: String, templates: String) throws -> GenerambaProject {
        let project = try GenerambaProject(case: name)
        let rambafile = project.project.appendingPathComponent("Rambafile")
        var text = try String(contentsOf: rambafile, encoding: .utf8)
        let start = try #require(text.range(of: "templates:\n"))
        text = String(text[..<start.lowerBound]) + templates
        try Data(text.utf8).write(to: rambafile)
        return project
    }

    @Test func aTemplateFromGitGeneratesWhatTheSameTemplateGivesFromAFolderAndThenWorksOffline() throws {
        let template = GenerambaProject.fixtures.appendingPathComponent("templates/swifty_viper")
        let repository = try GitRepositoryFixture(files: try Self.files(of: template))
        let cache = try TemporaryFolder()
        defer {
            repository.remove()
            cache.remove()
        }
        let local = try GenerambaProject(case: "swifty_viper/Home")
        defer { local.folder.remove() }
        #expect(local.generate().status == 0)

        let fromGit = try Self.project(
            "swifty_viper/Home", templates: "templates:\n- {name: swifty_viper, git: '\(repository.url)'}\n")
        defer { fromGit.folder.remove() }
        var environment = fromGit.environment
        environment[GitTemplates.Settings.cacheVariable] = cache.path
        let run = execute(
            ["new", fromGit.module, "--template", "swifty_viper", "--date", "2026-01-15"], in: fromGit.project,
            environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        let written = GenerambaProject.files(below: fromGit.project).filter { $0.key != TemplateLock.fileName }
        let expected = GenerambaProject.files(below: local.project)
        #expect(!expected.isEmpty)
        #expect(written == expected)
        #expect(
            try String(
                contentsOf: fromGit.project.appendingPathComponent("App.xcodeproj/project.pbxproj"), encoding: .utf8)
                == String(
                    contentsOf: local.project.appendingPathComponent("App.xcodeproj/project.pbxproj"), encoding: .utf8))
        let lock = try TemplateLock(contentsOf: fromGit.project.appendingPathComponent(TemplateLock.fileName))
        #expect(lock.pins == [GitRemote(url: repository.url, ref: nil): try repository.head()])

        // The repository gone and no git on PATH: the pinned commit is in the cache.
        try FileManager.default.removeItem(at: repository.bare)
        environment["PATH"] = cache.path
        let again = execute(
            ["new", fromGit.module, "--template", "swifty_viper", "--date", "2026-01-15"], in: fromGit.project,
            environment: environment)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("unchanged ") })
        let list = execute(["list"], in: fromGit.project, environment: environment)
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("swifty_viper"))
    }

    @Test func aCatalogGivesTheTemplatesNamedAlone() throws {
        let templates = GenerambaProject.fixtures.appendingPathComponent("templates")
        var files: [String: String] = ["README.md": "catalog\n"]
        for name in ["swifty_viper", "rviper_controller"] {
            files.merge(try Self.files(of: templates.appendingPathComponent(name), under: "\(name)/")) { $1 }
        }
        let catalog = try GitRepositoryFixture(files: files)
        let cache = try TemporaryFolder()
        defer {
            catalog.remove()
            cache.remove()
        }
        let project = try Self.project(
            "rviper_controller/Home",
            templates: """
                catalogs:
                - '\(catalog.url)'
                templates:
                - {name: rviper_controller}
                - {name: swifty_viper}

                """)
        defer { project.folder.remove() }
        let local = try GenerambaProject(case: "rviper_controller/Home")
        defer { local.folder.remove() }
        #expect(local.generate().status == 0)
        var environment = project.environment
        environment[GitTemplates.Settings.cacheVariable] = cache.path
        let list = execute(["list"], in: project.project, environment: environment)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains("rviper_controller") && list.standardOutput.contains("swifty_viper"))
        // `list` writes nothing: the lock is written by a run that writes.
        #expect(
            !FileManager.default.fileExists(atPath: project.project.appendingPathComponent(TemplateLock.fileName).path))
        let run = execute(
            ["new", project.module, "--template", "rviper_controller", "--date", "2026-01-15"], in: project.project,
            environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        let written = GenerambaProject.files(below: project.project).filter { $0.key != TemplateLock.fileName }
        #expect(written == GenerambaProject.files(below: local.project))
        #expect(
            FileManager.default.fileExists(atPath: project.project.appendingPathComponent(TemplateLock.fileName).path))
    }

    @Test func aFetchThatFailsIsOneLineNamingTheRambafileKey() throws {
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let project = try Self.project(
            "swifty_viper/Home",
            templates: "templates:\n- {name: swifty_viper, git: 'file://\(cache.path)/missing.git', branch: main}\n")
        defer { project.folder.remove() }
        var environment = project.environment
        environment[GitTemplates.Settings.cacheVariable] = cache.path
        let run = execute(["list"], in: project.project, environment: environment)
        #expect(run.status == 69)
        let rambafile = project.project.appendingPathComponent("Rambafile").path
        #expect(run.standardError.hasPrefix("modgen: error: \(rambafile):21:"))
        #expect(run.standardError.contains(": template 'swifty_viper': cannot fetch file://"))
        #expect(run.standardError.split(separator: "\n").count == 1)
    }

    @Test func aHostileURLIsRefusedBeforeGitRuns() throws {
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let marker = cache.path("pwned")
        let project = try Self.project(
            "swifty_viper/Home", templates: "templates:\n- {name: swifty_viper, git: 'ext::sh -c touch% \(marker)'}\n")
        defer { project.folder.remove() }
        var environment = project.environment
        environment[GitTemplates.Settings.cacheVariable] = cache.path
        let run = execute(["list"], in: project.project, environment: environment)
        #expect(run.status == 65)
        #expect(run.standardError.contains("Rambafile:21:"))
        #expect(run.standardError.contains("run commands"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
