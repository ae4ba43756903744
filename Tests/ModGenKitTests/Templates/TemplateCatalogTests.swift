import Foundation
import Testing

@testable import ModGenKit

@Suite struct TemplateCatalogTests {
    @Test func builtInSummariesSayTheyAreBuiltIn() throws {
        let summaries = try TemplateCatalog().summaries()
        #expect(summaries.map(\.id) == ["mvvm-fc", "viper", "viper-s"])
        for summary in summaries {
            #expect(summary.source == .builtIn(folder: summary.id))
        }
    }

    @Test func aUserTemplateNamesItsFolderAndReplacesTheBuiltInOne() throws {
        let folder = try ScratchDirectory()
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
}
