import Foundation
import ModGenCore
import ModGenDigest
import TestSupport
import Testing

@testable import ModGenTemplates

/// A template version's name: computed when a built-in template is embedded, from the files otherwise.
@Suite struct RecordedTemplatesTests {
    /// The embedder lays out and hashes each built-in template's recorded copy by itself; a run must arrive at the
    /// same name from the files it would record, or a record would name a copy that hashes to something else.
    @Test func eachBuiltInTemplatesEmbeddedVersionIsTheHashOfItsRecordedFiles() throws {
        let catalog = TemplateCatalog()
        let ids = try catalog.summaries().map(\.id)
        #expect(ids.count == BuiltInTemplates.templateFolders.count)
        #expect(Set(EmbeddedTemplates.versions.keys) == Set(BuiltInTemplates.templateFolders))
        for id in ids {
            let template = try catalog.template(id: id)
            let files = try RecordedTemplates.files(of: template)
            // The copy holds the template's own files and the shared ones.
            #expect(files.contains { $0.path == "template/template.json" })
            #expect(files.contains { $0.path.hasPrefix(BuiltInTemplates.sharedFolder + "/") })
            let computed = FileSetDigest.hex(of: files.map { ($0.path, $0.bytes) })
            #expect(RecordedTemplates.embeddedVersion(of: template) == computed, "\(id)")
        }
    }

    @Test func aUserTemplatesVersionIsNotEmbedded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "viper/template.json",
            #"{ "id": "viper", "summary": "Mine", "files": [{ "template": "A.mustache", "path": "A.swift" }] }"#)
        try folder.write("viper/A.mustache", "a\n")
        let template = try TemplateCatalog(userDirectories: [folder.url("viper")]).template(id: "viper")
        #expect(template.source == .directory(folder.url("viper")))
        #expect(RecordedTemplates.embeddedVersion(of: template) == nil)
    }
}
