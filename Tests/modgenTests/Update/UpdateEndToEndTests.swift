import Foundation
import TestSupport
import Testing

/// `modgen update` on a project with a user template: the workflow of a team whose template changes under
/// modules it already generated, compared with what `git merge-file` makes of each file.
@Suite struct UpdateEndToEndTests {
    static let manifest = """
        {
          "id": "screen",
          "summary": "A screen",
          "options": [{ "name": "formatter", "kind": "flag" }],
          "files": [
            { "template": "View.swift.mustache", "path": "{{name}}/{{name}}View.swift" },
            { "template": "Presenter.swift.mustache", "path": "{{name}}/{{name}}Presenter.swift" },
            { "template": "Formatter.swift.mustache", "path": "{{name}}/{{name}}Formatter.swift", "when": "formatter" }
            EXTRA
          ]
        }
        """

    static let view = """
        import UIKit

        final class {{name}}View: UIView {
            let title = "{{name}}"

            func setUp() {
                backgroundColor = .white
            }

            func tearDown() {
                removeFromSuperview()
            }
        }

        """

    static let presenter = """
        final class {{name}}Presenter {
            weak var view: {{name}}View?

            func viewDidLoad() {
                view?.setUp()
            }
        }

        """

    /// A project with `.modgen.json` naming its template folder, holding the `screen` template.
    private func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".modgen.json", #"{ "templates": ["Templates"], "template": "screen" }"#)
        try writeTemplate(in: folder, manifest: Self.manifest, view: Self.view)
        return folder
    }

    private func writeTemplate(
        in folder: TemporaryFolder, manifest: String, view: String, extraFile: Bool = false
    ) throws {
        let extra =
            extraFile ? #", { "template": "Router.swift.mustache", "path": "{{name}}/{{name}}Router.swift" }"# : ""
        try folder.write("Templates/screen/template.json", manifest.replacingOccurrences(of: "EXTRA", with: extra))
        try folder.write("Templates/screen/View.swift.mustache", view)
        try folder.write("Templates/screen/Presenter.swift.mustache", Self.presenter)
        try folder.write("Templates/screen/Formatter.swift.mustache", "struct {{name}}Formatter {}\n")
        try folder.write("Templates/screen/Router.swift.mustache", "final class {{name}}Router {}\n")
    }

    /// What the template renders now for `Home`, in a folder of its own (no record there).
    private func freshRender(of project: TemporaryFolder, _ options: [String] = []) throws -> TemporaryFolder {
        let render = try TemporaryFolder()
        try render.write(".modgen.json", "{}")
        let result = try render.generate(
            ["new", "Home", "--templates", project.path("Templates"), "--template", "screen", "--quiet"] + options)
        #expect(result.status == 0, "\(result.standardError)")
        return render
    }

    @Test(.enabled(if: GitMergeFile.isAvailable, "git is not installed: the reference merge cannot run"))
    func updateMergesAsGitMergeFileAndKeepsTheDevelopersEdits() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        #expect(folder.exists(".modgen/modules/Home.json"))
        let base = ["Home/HomeView.swift", "Home/HomePresenter.swift"].map { ($0, folder.read($0)!) }

        // The developer edits two files; the template changes other lines and adds a file.
        try folder.write(
            "Home/HomeView.swift", folder.read("Home/HomeView.swift")!.replacingOccurrences(of: ".white", with: ".red"))
        try folder.write(
            "Home/HomePresenter.swift",
            folder.read("Home/HomePresenter.swift")!.replacingOccurrences(
                of: "view?.setUp()\n", with: "view?.setUp()\n        track()\n"))
        let changedView = Self.view.replacingOccurrences(of: "removeFromSuperview()", with: "isHidden = true")
        try writeTemplate(in: folder, manifest: Self.manifest, view: changedView, extraFile: true)

        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("Home: merged Home/HomeView.swift"))
        #expect(check.standardOutput.contains("Home: created Home/HomeRouter.swift"))

        let theirs = try freshRender(of: folder)
        defer { theirs.remove() }
        let git = GitMergeFile(folder: try TemporaryFolder(), yoursLabel: "yours", theirsLabel: "template")
        defer { git.folder.remove() }
        var expected: [String: String] = [:]
        for (path, baseText) in base {
            let merged = try git.merge(base: baseText, yours: folder.read(path)!, theirs: theirs.read(path)!)
            #expect(merged.conflicts == 0)
            expected[path] = merged.text
        }

        let update = try folder.generate(["update", "Home"])
        #expect(update.status == 0, "\(update.standardError)")
        for (path, text) in expected { #expect(folder.read(path) == text, "\(path)") }
        #expect(folder.read("Home/HomeView.swift")!.contains(".red"))
        #expect(folder.read("Home/HomeView.swift")!.contains("isHidden = true"))
        #expect(folder.read("Home/HomeRouter.swift") == theirs.read("Home/HomeRouter.swift"))

        // A second update changes nothing, and the check passes.
        let before = folder.files()
        let again = try folder.generate(["update", "Home"])
        #expect(again.status == 0)
        #expect(again.standardOutput == "")
        #expect(folder.files() == before)
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func aConflictIsWrittenBetweenMarkersAndExitsWithOne() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        try folder.write(
            "Home/HomeView.swift", folder.read("Home/HomeView.swift")!.replacingOccurrences(of: ".white", with: ".red"))
        try writeTemplate(
            in: folder, manifest: Self.manifest, view: Self.view.replacingOccurrences(of: ".white", with: ".blue"))
        let presenter = folder.read("Home/HomePresenter.swift")
        let record = folder.read(".modgen/modules/Home.json")

        let update = try folder.generate(["update", "Home"])
        #expect(update.status == 1)
        #expect(update.standardOutput.contains("conflict Home/HomeView.swift"))
        #expect(update.standardError.contains("conflicts"))
        let view = folder.read("Home/HomeView.swift")!
        #expect(
            view.contains(
                "<<<<<<< Home/HomeView.swift (yours)\n        backgroundColor = .red\n=======\n"
                    + "        backgroundColor = .blue\n>>>>>>> screen (template)\n"))
        #expect(folder.read("Home/HomePresenter.swift") == presenter)
        // The record moved to the new version: once the markers are resolved, the module is up to date.
        #expect(folder.read(".modgen/modules/Home.json") != record)
        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("conflict markers Home/HomeView.swift"))
        try folder.write(
            "Home/HomeView.swift",
            view.replacingOccurrences(
                of: "<<<<<<< Home/HomeView.swift (yours)\n        backgroundColor = .red\n=======\n", with: ""
            ).replacingOccurrences(of: ">>>>>>> screen (template)\n", with: ""))
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func anOptionGivenToUpdateAddsItsFilesAndKeepsTheEdits() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        try folder.write(
            "Home/HomeView.swift", folder.read("Home/HomeView.swift")!.replacingOccurrences(of: ".white", with: ".red"))

        // `new` with other options on a recorded module points to `update`.
        let again = try folder.generate(["new", "Home", "--formatter"])
        #expect(again.status == 1)
        #expect(again.standardError.contains("modgen update Home"))
        #expect(!folder.exists("Home/HomeFormatter.swift"))

        let update = try folder.generate(["update", "Home", "--formatter"])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput == "created Home/HomeFormatter.swift\n")
        #expect(folder.read("Home/HomeFormatter.swift") == "struct HomeFormatter {}\n")
        #expect(folder.read("Home/HomeView.swift")!.contains(".red"))
        #expect(folder.read(".modgen/modules/Home.json")!.contains(#""formatter": true"#))

        // Turned off again: the unedited file goes.
        let off = try folder.generate(["update", "Home", "--no-formatter"])
        #expect(off.status == 0)
        #expect(off.standardOutput == "removed Home/HomeFormatter.swift\n")
        #expect(!folder.exists("Home/HomeFormatter.swift"))
    }

    @Test func theRecordIsDeterministicAndTheTemplateVersionStoredOnce() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet", "--date", "2026-01-31"]).status == 0)
        #expect(try folder.generate(["new", "Cart", "--quiet", "--date", "2026-01-31"]).status == 0)
        let record = folder.read(".modgen/modules/Home.json")!
        let versions = try FileManager.default.contentsOfDirectory(atPath: folder.path(".modgen/templates"))
        #expect(versions.count == 1)
        #expect(
            record == """
                {
                  "formatVersion": 1,
                  "header": {
                    "author": "",
                    "company": "",
                    "date": "2026-01-31",
                    "project": ""
                  },
                  "module": "Home",
                  "options": {
                    "formatter": false
                  },
                  "output": ".",
                  "roots": {},
                  "set": {},
                  "template": "screen",
                  "templateFolder": "Templates/screen",
                  "templateVersion": "\(versions[0])"
                }

                """)
        #expect(folder.read(".modgen/modules/Cart.json") == record.replacingOccurrences(of: "Home", with: "Cart"))
    }

    @Test func badRecordsAreOneLineErrorsAndNothingIsWritten() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        try writeTemplate(in: folder, manifest: Self.manifest, view: Self.view + "// changed\n")
        let record = folder.read(".modgen/modules/Home.json")!
        let cases: [(String, (TemporaryFolder) throws -> Void, String, Int32)] = [
            (
                "corrupt", { try $0.write(".modgen/modules/Home.json", "{ \"module\": ") },
                ".modgen/modules/Home.json:1:", 65
            ),
            (
                "hand-edited option",
                {
                    try $0.write(
                        ".modgen/modules/Home.json",
                        record.replacingOccurrences(of: #""formatter": false"#, with: #""formatter": "maybe""#))
                }, ".modgen/modules/Home.json:11:18: option 'formatter'", 65
            ),
            (
                "missing template version",
                { try FileManager.default.removeItem(atPath: $0.path(".modgen/templates")) },
                ".modgen/modules/Home.json:18:22: the template version it names is missing", 65
            ),
            (
                "a header field that ends the comment",
                {
                    try $0.write(
                        ".modgen/modules/Home.json",
                        record.replacingOccurrences(
                            of: #""company": ""#, with: #""company": "Acme\n*/ import Evil // "#))
                },
                ".modgen/modules/Home.json:\(line(of: #""company":"#, in: record)):16: header field 'company' cannot "
                    + "contain a line break", 65
            ),
            (
                "a date that is no day",
                {
                    try $0.write(
                        ".modgen/modules/Home.json",
                        record.replacing(#/"date": "[^"]*"/#, with: #""date": "2026-13-45""#))
                }, ".modgen/modules/Home.json:\(line(of: #""date":"#, in: record)):13: date '2026-13-45' is not", 65
            ),
            (
                "renamed module folder",
                { try FileManager.default.moveItem(atPath: $0.path("Home"), toPath: $0.path("Start")) },
                ".modgen/modules/Home.json:13:13: none of module Home's files", 65
            ),
        ]
        for (name, damage, message, status) in cases {
            let copy = try TemporaryFolder()
            defer { copy.remove() }
            try FileManager.default.removeItem(at: copy.url)
            try FileManager.default.copyItem(at: folder.url, to: copy.url)
            try damage(copy)
            let before = copy.files()
            let result = try copy.generate(["update", "Home"])
            #expect(result.status == status, "\(name): \(result.standardError)")
            #expect(result.standardError.hasPrefix("modgen: error: \(message)"), "\(name): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(name)")
            #expect(copy.files() == before, "\(name)")
        }
    }

    /// The 1-based number of the first line of `text` that contains `needle`.
    private func line(of needle: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    @Test func adoptRecordsAnExistingModuleWithoutChangingIt() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        try FileManager.default.removeItem(atPath: folder.path(".modgen"))
        try folder.write("Home/HomeView.swift", "// edited long ago\n")
        let before = folder.files()
        let adopt = try folder.generate(["update", "Home", "--adopt", "--template", "screen"])
        #expect(adopt.status == 0, "\(adopt.standardError)")
        #expect(folder.exists(".modgen/modules/Home.json"))
        #expect(folder.files().filter { !$0.key.hasPrefix(".modgen/") } == before)
        #expect(try folder.generate(["update", "Home"]).standardOutput == "")
    }

    @Test func aTemplateGivenWithTemplatesIsFoundAgainWhereTheRecordSaysWithoutIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", "{}")
        try writeTemplate(in: folder, manifest: Self.manifest, view: Self.view)
        let new = try folder.generate(["new", "Home", "--templates", "Templates", "--template", "screen", "--quiet"])
        #expect(new.status == 0, "\(new.standardError)")
        try writeTemplate(in: folder, manifest: Self.manifest, view: Self.view + "// changed\n")
        let update = try folder.generate(["update", "Home", "--formatter"])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput == "replaced Home/HomeView.swift\ncreated Home/HomeFormatter.swift\n")
    }

    @Test func aDryRunListsEveryFileAndWritesNothing() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        try folder.write(
            "Home/HomeView.swift", folder.read("Home/HomeView.swift")!.replacingOccurrences(of: ".white", with: ".red"))
        try writeTemplate(
            in: folder, manifest: Self.manifest, view: Self.view + "// changed\n", extraFile: true)
        let before = folder.files()
        let dryRun = try folder.generate(["update", "Home", "--dry-run"])
        #expect(dryRun.status == 0)
        #expect(
            dryRun.standardOutput == """
                Home: would merge Home/HomeView.swift
                Home: unchanged Home/HomePresenter.swift
                Home: would create Home/HomeRouter.swift
                dry run: nothing was written

                """)
        #expect(folder.files() == before)
        // `new` with other options stops in a dry run too, as the real run would.
        #expect(try folder.generate(["new", "Home", "--formatter", "--dry-run"]).status == 1)
    }

    @Test func adoptTakesTheFolderTheModuleWasGeneratedInto() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet", "--output", "Sources"]).status == 0)
        try FileManager.default.removeItem(atPath: folder.path(".modgen"))
        let adopt = try folder.generate(["update", "Home", "--adopt", "--template", "screen", "--output", "Sources"])
        #expect(adopt.status == 0, "\(adopt.standardError)")
        #expect(adopt.standardOutput == "recorded Home in .modgen/modules/Home.json\n")
        #expect(folder.read(".modgen/modules/Home.json")!.contains(#""output": "Sources""#))
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    /// Records are kept by module name: a module of the same name in another folder is another module. It is
    /// generated with its own options (CI generates one name into several folders), not recorded, with a warning.
    @Test func aModuleOfARecordedNameInAnotherFolderIsGeneratedButNotRecorded() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet", "--output", "A"]).status == 0)
        let record = folder.read(".modgen/modules/Home.json")
        let other = try folder.generate(["new", "Home", "--formatter", "--quiet", "--output", "B"])
        #expect(other.status == 0, "\(other.standardError)")
        #expect(folder.exists("B/Home/HomeFormatter.swift"))
        #expect(
            other.standardError
                == "modgen: warning: 'Home' is not recorded for 'modgen update': the module of that name in 'A' is "
                + "(.modgen/modules/Home.json)\n")
        #expect(folder.read(".modgen/modules/Home.json") == record)
        // In the recorded folder, other options are still `update`'s work.
        #expect(try folder.generate(["new", "Home", "--formatter", "--output", "A"]).status == 1)
    }
}
