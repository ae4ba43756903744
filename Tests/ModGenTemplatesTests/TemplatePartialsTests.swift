import Foundation
import ModGenCore
import ModGenMustache
import TestSupport
import Testing

@testable import ModGenTemplates

/// Where a template's partials come from: the config's header, the template's `partials/`, the shared folder.
@Suite struct TemplatePartialsTests {
    let folder: TemporaryFolder
    var source: TemplateSource { .directory(URL(fileURLWithPath: folder.path)) }

    init() throws {
        folder = try TemporaryFolder()
    }

    func render(_ text: String, _ partials: TemplatePartials) throws -> String {
        try MustacheTemplate(text, name: "T.mustache").render(
            MustacheValue(json: .object([("fileName", .string("A.swift"))])), partials: partials,
            options: MustacheRenderOptions(escaping: .none, strictPartials: true, strictVariables: false))
    }

    @Test func theTemplatesOwnPartialWinsOverTheSharedOne() throws {
        defer { folder.remove() }
        try folder.write("partials/header.mustache", "// own {{fileName}}\n")
        #expect(try render("{{> header}}", TemplatePartials(source: source, header: nil)) == "// own A.swift\n")
    }

    @Test func withoutAnOwnPartialTheSharedOneIsUsed() throws {
        defer { folder.remove() }
        let shared = try #require(BuiltInTemplates.files["_shared/partials/header.mustache"])
        let found = try #require(try TemplatePartials(source: source, header: nil).template(named: "header"))
        #expect(found.name == "_shared/partials/header.mustache")
        #expect(
            try render("{{> header}}", TemplatePartials(source: source, header: nil)).hasPrefix("//\n//  A.swift\n"))
        #expect(shared.hasPrefix("//\n//  {{fileName}}\n"))
    }

    @Test func builtInTemplatesReadTheirEmbeddedPartials() throws {
        let partials = TemplatePartials(source: .builtIn(folder: "viper"), header: nil)
        #expect(try partials.template(named: "assembly")?.name == "viper/partials/assembly.mustache")
        #expect(try partials.template(named: "header")?.name == "_shared/partials/header.mustache")
        #expect(try partials.template(named: "nothing") == nil)
    }

    @Test func theConfigHeaderWinsAndItsErrorsNameItsPath() throws {
        defer { folder.remove() }
        try folder.write("partials/header.mustache", "// own\n")
        try folder.write(".modgen.json", #"{ "header": { "partial": "Tools/header.mustache" } }"#)
        try folder.write("Tools/header.mustache", "// config {{fileName}}\n// {{nmae}}\n")
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        let partials = TemplatePartials(source: source, header: config.headerPartial)
        #expect(try partials.template(named: "header")?.name == folder.url("Tools/header.mustache").path)
        do {
            _ = try MustacheTemplate("{{> header}}", name: "T.mustache").render(
                MustacheValue(json: .object([("fileName", .string("A.swift"))])), partials: partials,
                options: MustacheRenderOptions(strictPartials: true, strictVariables: true))
            Issue.record("a misspelled variable in the config's header should fail")
        } catch {
            #expect(error.message == "\(folder.url("Tools/header.mustache").path):2:4: no value named 'nmae'")
        }
    }

    @Test func aPartialThatIsNotUTF8IsAnErrorNotAFallBack() throws {
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url("partials"), withIntermediateDirectories: true)
        try Data([0x2F, 0x2F, 0x20, 0xC3, 0x28]).write(to: folder.url("partials/header.mustache"))
        #expect(
            throws: MustacheError(
                templateName: folder.url("partials/header.mustache").path,
                position: MustachePosition(line: 1, column: 4),
                reason: "the file is not valid UTF-8")
        ) { try TemplatePartials(source: source, header: nil).template(named: "header") }
    }

    @Test func aPartialThatCannotBeReadIsAnErrorNotAFallBack() throws {
        defer { folder.remove() }
        // A folder where the file should be: it exists, but reading it fails on every system and for every user.
        try FileManager.default.createDirectory(
            at: folder.url("partials/header.mustache"), withIntermediateDirectories: true)
        do {
            _ = try TemplatePartials(source: source, header: nil).template(named: "header")
            Issue.record("an unreadable partial should be an error")
        } catch {
            #expect(error.templateName == folder.url("partials/header.mustache").path)
            #expect(error.kind == .unreadablePartial)
            #expect(error.reason.hasPrefix("cannot read the partial: "))
        }
    }

    @Test(arguments: ["../template", "/etc/passwd", "a//b", "./header", "a\\b", ""])
    func namesThatCouldLeaveTheFolderAreNoPartial(name: String) throws {
        defer { folder.remove() }
        try folder.write("template.mustache", "outside partials/\n")
        #expect(try TemplatePartials(source: source, header: nil).template(named: name) == nil)
    }

    @Test func partialsInSubfoldersAreFound() throws {
        defer { folder.remove() }
        try folder.write("partials/rows/row.mustache", "row\n")
        #expect(try render("{{> rows/row}}", TemplatePartials(source: source, header: nil)) == "row\n")
    }
}
