import Foundation
import TestSupport
import Testing

/// A template is a closed box, but links that stay inside it keep working (the links that lead out are the
/// bad-input catalogue's `closedBox` cases); and what a search for templates meets on the way: links that loop,
/// a `template.json` that cannot be read, a bundle file too deep to read.
@Suite struct ClosedBoxEndToEndTests {
    /// The user template `mine` whose module file, support file, partial and partials folder are links inside it.
    private static func writeLinkedTemplate(in folder: TemporaryFolder) throws {
        try folder.write(
            "t/mine/template.json",
            """
            { "id": "mine", "summary": "Mine", "options": [],
              "files": [ { "template": "Linked/A.mustache", "path": "{{name}}.txt" } ],
              "supportFiles": [ { "template": "S.mustache", "path": "Base.txt" } ] }
            """)
        try folder.write("t/mine/Real/A.mustache", "{{> part}} {{> other}} {{name}}\n")
        try folder.makeLink("t/mine/Linked", to: "Real")
        try folder.write("t/mine/Shared/base.mustache", "base\n")
        try folder.makeLink("t/mine/S.mustache", to: "Shared/base.mustache")
        try folder.write("t/mine/Shared/partials/part.mustache", "part")
        try folder.write("t/mine/Shared/partials/other.mustache", "other")
        try folder.makeLink("t/mine/partials", to: "Shared/partials")
    }

    @Test func linksInsideAManifestTemplateKeepWorkingForEveryCommand() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try Self.writeLinkedTemplate(in: folder)
        let source = ["--templates", "t"]
        let new = try folder.generate(["new", "Home", "--template", "mine", "-o", "out"] + source)
        #expect(new.status == 0, "\(new.standardError)")
        #expect(folder.read("out/Home.txt") == "part other Home\n")
        let support = try folder.generate(["support", "mine", "-o", "out"] + source)
        #expect(support.status == 0, "\(support.standardError)")
        #expect(folder.read("out/Base.txt") == "base\n")
        for arguments in [
            ["describe", "mine"], ["export-xcode", "mine", "-o", "x"], ["snapshot", "mine", "-o", "s"],
        ] {
            let result = try folder.generate(arguments + source)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        let exported = folder.files(under: "x").values.map { String(decoding: $0, as: UTF8.self) }
        #expect(exported.contains { $0.contains("part other") }, "the partials are baked into the bundle")
    }

    @Test func aTemplateFolderReachedThroughALinkIsItsOwnBox() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "real/mine/template.json",
            #"{ "id": "mine", "summary": "Mine", "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }"#)
        try folder.write("real/mine/A.mustache", "{{name}}\n")
        try folder.makeLink("t/mine", to: "../real/mine")
        let result = try folder.generate(["new", "Home", "--template", "mine", "--templates", "t", "-o", "out"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read("out/Home.txt") == "Home\n")
    }

    @Test func linksInsideABundleKeepWorkingAndALinkedFolderIsListedUnderItsName() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.writeBundle(bundlePlist(""), files: ["Real/___FILEBASENAME___.swift": "// ___FILENAME___\n"])
        try folder.makeLink("t/B.xctemplate/Alias", to: "Real")
        try folder.makeLink("t/B.xctemplate/Real/Copy.swift", to: "___FILEBASENAME___.swift")
        let result = try folder.generate(newBundle)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read("out/Real/Home.swift") == "// Home.swift\n")
        #expect(folder.read("out/Alias/Home.swift") == "// Home.swift\n")
        #expect(folder.read("out/Real/Copy.swift") == "// Copy.swift\n")
        let describe = try folder.generate(["describe", "t/B.xctemplate"])
        #expect(describe.status == 0, "\(describe.standardError)")
    }

    @Test func aBundleFolderLinkingToAFolderThatHoldsItIsALoop() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.writeBundle(bundlePlist(""))
        try folder.makeLink("t/B.xctemplate/Sub/Up", to: "..")
        let result = try folder.generate(newBundle)
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "modgen: error: '\(folder.path("t/B.xctemplate/Sub/Up"))' is a symbolic link to "
                + "'\(folder.path("t/B.xctemplate"))', a folder that holds it (a loop)\n")
        #expect(!folder.exists("out"))
    }

    @Test func aTemplateJSONThatIsALoopOfLinksSaysSo() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.makeLink("t/screen/template.json", to: "template.json")
        for arguments in [["new", "Home", "--template", "screen", "-o", "out"], ["describe", "screen"]] {
            let result = try folder.generate(arguments + ["--templates", "t"])
            #expect(result.status == 66, "\(arguments)")
            #expect(
                result.standardError
                    == "modgen: error: cannot read '\(folder.path("t/screen/template.json"))': too many levels of "
                    + "symbolic links\n")
        }
    }

    /// 40 links to the folder itself made the bundle search list 40⁴ folders; each real folder is searched once.
    @Test func aFolderOfLinksToItselfIsSearchedOnce() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.writeBundle(bundlePlist(""))
        for index in 1...40 { try folder.makeLink("t/loop\(index)", to: ".") }
        try folder.makeLink("t/Category/again", to: "..")
        var variables = ProcessInfo.processInfo.environment
        variables["SOURCE_DATE_EPOCH"] = nil
        let result = execute(
            ["list", "--templates", "t"], in: folder.url, environment: variables, timeout: .seconds(20))
        #expect(!result.timedOut, "the search did not end in 20 s")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("b ") }.count == 1)
    }

    /// A bundle file whose path is longer than the system's limit cannot be read by its path: one line, not a
    /// module silently written without it.
    @Test func aBundleFileDeeperThanThePathLimitIsAnError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.writeBundle(bundlePlist(""))
        let name = String(repeating: "d", count: 200)
        try makeDeepFile(below: folder.path("t/B.xctemplate"), components: Array(repeating: name, count: 25))
        let result = try folder.generate(newBundle)
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("modgen: error: cannot read '\(folder.path("t/B.xctemplate"))/ddd"))
        #expect(result.standardError.hasSuffix("': file name too long\n"))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        #expect(!folder.exists("out"))
    }

    /// Folders `components` deep below `root`, with a file `F.swift` at the bottom, made relative to open folders
    /// (`mkdirat`, `openat`), since their path is too long to name.
    private func makeDeepFile(below root: String, components: [String]) throws {
        var descriptor = open(root, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        for component in components {
            try #require(mkdirat(descriptor, component, 0o755) == 0)
            let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            try #require(descriptor >= 0)
        }
        let file = openat(descriptor, "F.swift", O_WRONLY | O_CREAT, 0o644)
        close(descriptor)
        try #require(file >= 0)
        close(file)
    }
}
