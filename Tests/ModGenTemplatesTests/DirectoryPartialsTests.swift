import Foundation
import ModGenCore
import ModGenMustache
import Testing

@testable import ModGenTemplates

@Suite("Directory partials")
struct DirectoryPartialsTests {
    private func makeFolder(_ files: [String: Data]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
        for (path, contents) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file)
        }
        return folder
    }

    private func render(_ text: String, _ partials: some MustachePartialProvider, strict: Bool = false)
        throws(MustacheError)
        -> String
    {
        try MustacheTemplate(text, name: "T.mustache").render(
            ["name": "Home"], partials: partials, options: MustacheRenderOptions(strictPartials: strict))
    }

    @Test("reads <dir>/<name>.mustache, including names with subfolders")
    func readsFiles() throws {
        let folder = try makeFolder([
            "header.mustache": Data("// {{name}}\n".utf8), "rows/row.mustache": Data("row {{name}}".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let partials = DirectoryPartials(directory: folder)
        #expect(try render("{{>header}}body", partials) == "// Home\nbody")
        #expect(try render("[{{>rows/row}}]", partials) == "[row Home]")
    }

    @Test("a partial that leads out of the template's folder is a bad template; one that stays inside is read")
    func linkOutOfTheBox() throws {
        let folder = try makeFolder([
            "mine/partials/inside.mustache": Data("inside".utf8), "secret.txt": Data("secret".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let partials = folder.appendingPathComponent("mine/partials")
        try FileManager.default.createSymbolicLink(
            atPath: partials.appendingPathComponent("out.mustache").path, withDestinationPath: "../../secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: partials.appendingPathComponent("alias.mustache").path, withDestinationPath: "inside.mustache")
        let box = ContainmentFolder(folder.appendingPathComponent("mine").path)
        let boxed = DirectoryPartials(directory: partials, inside: box)
        #expect(try render("{{>alias}}", boxed) == "inside")
        let error = try #require(throws: MustacheError.self) { try render("{{>out}}", boxed) }
        #expect(error.kind == .invalidTemplate)
        #expect(error.templateName == partials.appendingPathComponent("out.mustache").path)
        #expect(error.reason.hasPrefix("leads outside the template folder '\(box.path)'"))
        // A folder the user names (`render --partials`) has no box: its links are the user's own.
        #expect(try render("{{>out}}", DirectoryPartials(directory: partials)) == "secret")
    }

    @Test("a missing file is no partial: nothing, or an error when strict")
    func missingFile() throws {
        let folder = try makeFolder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let partials = DirectoryPartials(directory: folder)
        #expect(try partials.template(named: "nope") == nil)
        #expect(try render("a{{>nope}}b", partials) == "ab")
        #expect(
            throws: MustacheError(
                templateName: "T.mustache", position: MustachePosition(line: 1, column: 2),
                reason: "unknown partial 'nope'")
        ) { try render("a{{>nope}}b", partials, strict: true) }
    }

    @Test("each file is read once: later changes to it are not seen")
    func caches() throws {
        let folder = try makeFolder(["p.mustache": Data("first".utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let partials = DirectoryPartials(directory: folder)
        #expect(try render("{{>p}}", partials) == "first")
        try Data("second".utf8).write(to: folder.appendingPathComponent("p.mustache"))
        #expect(try render("{{>p}}", partials) == "first")
        #expect(try render("{{>p}}", DirectoryPartials(directory: folder)) == "second")
    }

    @Test("errors name the partial's file path, line and column")
    func errorsNameTheFile() throws {
        let folder = try makeFolder([
            "bad.mustache": Data("ok\n  {{#open}}".utf8), "latin1.mustache": Data([0x63, 0xE9]),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let partials = DirectoryPartials(directory: folder)
        let bad = folder.appendingPathComponent("bad.mustache").path
        #expect(
            throws: MustacheError(
                templateName: bad, position: MustachePosition(line: 2, column: 3),
                reason: "unclosed section 'open'")
        ) { try render("{{>bad}}", partials) }
        let latin1 = folder.appendingPathComponent("latin1.mustache").path
        // "c" then a lone 0xE9: the bad byte is the second character of line 1.
        #expect(
            throws: MustacheError(
                templateName: latin1, position: MustachePosition(line: 1, column: 2),
                reason: "the file is not valid UTF-8")
        ) { try render("{{>latin1}}", partials) }
    }

    @Test("a partial file that cannot be read is an I/O error")
    func unreadable() throws {
        let folder = try makeFolder(["dir.mustache/inner.txt": Data()])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try render("{{>dir}}", DirectoryPartials(directory: folder))
            Issue.record("reading a folder as a partial should fail")
        } catch {
            #expect(error.templateName == folder.appendingPathComponent("dir.mustache").path)
            #expect(error.reason.hasPrefix("cannot read the partial"))
            #expect(error.kind == .unreadablePartial)
        }
    }

    @Test("names cannot leave the folder")
    func refusesEscapingNames() throws {
        let folder = try makeFolder(["inside/p.mustache": Data("x".utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let partials = DirectoryPartials(directory: folder.appendingPathComponent("inside"))
        for name in ["../inside/p", "/etc/passwd", "a//b", "./p", "a\\b"] {
            #expect(throws: MustacheError.self, "\(name)") { try partials.template(named: name) }
        }
        do {
            _ = try partials.template(named: "../secret")
            Issue.record("'../secret' should be refused")
        } catch {
            #expect(
                error.message
                    == "\(folder.appendingPathComponent("inside").path): partial name '../secret' must be a relative "
                    + "path inside the partials folder")
        }
    }

}
