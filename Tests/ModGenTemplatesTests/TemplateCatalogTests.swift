import Foundation
import ModGenCore
import ModGenMustache
import TestSupport
import Testing

@testable import ModGenTemplates

@Suite struct TemplateCatalogTests {
    @Test func builtInSummariesSayTheyAreBuiltIn() throws {
        let summaries = try TemplateCatalog().summaries()
        #expect(summaries.map(\.id) == ["mvvm-fc", "viper", "viper-s"])
        for summary in summaries {
            #expect(summary.source == .builtIn(folder: summary.id))
        }
    }

    /// The default is data: `Templates/catalog.json` names it, and it must be a built-in template.
    @Test func theDefaultTemplateIsTheOneTheBuiltInCatalogDeclares() throws {
        let text = try #require(BuiltInTemplates.files["catalog.json"])
        let declared = try JSONDocument(parsing: text, fileName: "catalog.json").root["defaultTemplate"]?.stringValue
        #expect(TemplateCatalog.defaultTemplateID == declared)
        #expect(try TemplateCatalog().summaries().map(\.id).contains(TemplateCatalog.defaultTemplateID))
    }

    /// The build-time embedder parsed every built-in Mustache file: each one's stored tree is what parsing its text
    /// gives now, and a user template's file, or a recorded copy's, has none (it is read and parsed).
    @Test func everyBuiltInMustacheFileIsStoredParsed() throws {
        let mustacheFiles = BuiltInTemplates.files.filter { $0.key.hasSuffix(".mustache") }
        #expect(mustacheFiles.count > 40)
        #expect(Set(BuiltInTemplates.compiledForms.keys) == Set(mustacheFiles.keys))
        for (path, text) in mustacheFiles {
            #expect(
                BuiltInTemplates.compiledForms[path] == (try MustacheTemplate(text, name: path).compiledForm), "\(path)"
            )
        }
        #expect(TemplateSource.builtIn(folder: "viper").compiledForm(of: "Presenter.swift.mustache") != nil)
        #expect(TemplateSource.builtIn(folder: "viper").compiledForm(of: "_shared/partials/header.mustache") != nil)
        let folder = URL(fileURLWithPath: "/nonexistent/viper")
        #expect(TemplateSource.directory(folder).compiledForm(of: "Presenter.swift.mustache") == nil)
        #expect(TemplateSource.directory(folder).compiledForm(of: "_shared/partials/header.mustache") != nil)
        #expect(TemplateSource.recorded(folder).compiledForm(of: "_shared/partials/header.mustache") == nil)
    }

    /// The Mustache written in the built-in manifests (output paths, parameter defaults) is stored parsed too: each
    /// stored tree is what parsing its text gives now. Only a built-in manifest's texts are read that way.
    @Test func theBuiltInManifestsTextsAreStoredParsed() throws {
        #expect(BuiltInTemplates.compiledManifestTexts.count > 20)
        #expect(BuiltInTemplates.compiledManifestTexts["{{name}}/{{name}}Interfaces.swift"] != nil)
        for (text, form) in BuiltInTemplates.compiledManifestTexts {
            #expect(form == (try MustacheTemplate(text, name: "template.json").compiledForm), "\(text)")
        }
        let text = "{{name}}/{{name}}Interfaces.swift"
        #expect(TemplateSource.builtIn(folder: "viper").compiledForm(ofManifestText: text) != nil)
        #expect(TemplateSource.directory(URL(fileURLWithPath: "/viper")).compiledForm(ofManifestText: text) == nil)
    }

    @Test func aUserTemplateNamesItsFolderAndReplacesTheBuiltInOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "viper/template.json",
            #"{ "id": "viper", "summary": "Mine", "files": [{ "template": "A.mustache", "path": "A.swift" }] }"#)
        let summaries = try TemplateCatalog(userDirectories: [URL(fileURLWithPath: folder.path)]).summaries()
        let viper = try #require(summaries.first { $0.id == "viper" })
        #expect(viper.summary == "Mine")
        #expect(viper.source == .directory(folder.url("viper")))
        #expect(summaries.filter { $0.id == "viper" }.count == 1)
        #expect(summaries.first { $0.id == "mvvm-fc" }?.source == .builtIn(folder: "mvvm-fc"))
    }

    static func manifest(id: String) -> String {
        #"{ "id": "\#(id)", "summary": "\#(id)", "files": [{ "template": "A.mustache", "path": "A.swift" }] }"#
    }

    @Test func aBrokenUnrelatedManifestDoesNotStopOtherTemplates() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("good/template.json", Self.manifest(id: "good"))
        try folder.write("broken/template.json", "{ \"id\": ")
        let catalog = TemplateCatalog(userDirectories: [URL(fileURLWithPath: folder.path)])
        #expect(try catalog.template(id: "good").id == "good")
        #expect(try catalog.template(id: "viper").source == .builtIn(folder: "viper"))
        // Asked for by its folder's name, or when nothing else has the id, the broken manifest is the answer.
        #expect(throws: DataFileError.self) { try catalog.template(id: "broken") }
        #expect(throws: DataFileError.self) { try catalog.template(id: "missing") }
    }

    @Test func twoTemplatesWithOneIdInOneFolderAreAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("a/template.json", Self.manifest(id: "same"))
        try folder.write("b/template.json", Self.manifest(id: "same"))
        let catalog = TemplateCatalog(userDirectories: [URL(fileURLWithPath: folder.path)])
        #expect(throws: DuplicateTemplateError(id: "same", paths: [folder.url("a").path, folder.url("b").path])) {
            try catalog.template(id: "same")
        }
    }

    @Test func theFirstUserDirectoryWinsOverLaterOnes() throws {
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        defer {
            first.remove()
            second.remove()
        }
        try first.write("x/template.json", Self.manifest(id: "same"))
        try second.write("y/template.json", Self.manifest(id: "same"))
        let catalog = TemplateCatalog(userDirectories: [first.path, second.path].map { URL(fileURLWithPath: $0) })
        #expect(try catalog.template(id: "same").source == .directory(first.url("x")))
    }

    @Test func aManifestFileGivenAsFolderIsExplained() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("t/template.json", Self.manifest(id: "t"))
        let catalog = TemplateCatalog(userDirectories: [folder.url("t/template.json")])
        #expect(throws: TemplateFileError.self) { try catalog.template(id: "t") }
    }
}
