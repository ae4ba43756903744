import Foundation
import ModGenRun
import ModGenWriting
import TestSupport
import Testing

/// The groups a module's files needed are modgen's lines too: a module that leaves a folder takes the groups modgen
/// made for it, so the project only gains or loses what modgen is responsible for.
@Suite struct ModuleProjectGroupsTests {
    typealias Project = ModuleRunTests.Project

    private func record(_ project: Project, _ name: String) throws -> ModuleRecord {
        try #require(try project.records.record(module: name))
    }

    private func projectText(_ project: Project) throws -> String {
        try #require(project.folder.read("App.xcodeproj/project.pbxproj"))
    }

    @Test func newThenRemoveGivesTheProjectBackByteForByte() throws {
        let project = try Project()
        defer { project.remove() }
        let original = try projectText(project)
        _ = try project.run(.apply).carryOut([project.newModule("Alpha")])
        #expect(try projectText(project).contains("/* Alpha */ = {"), "new makes the module folder's group")
        _ = try project.run(.apply).carryOut([.remove(record: try record(project, "Alpha"), force: false)])
        #expect(try projectText(project) == original)
    }

    @Test func moveAndRenameTakeTheGroupsTheyEmptied() throws {
        let project = try Project()
        defer { project.remove() }
        let original = try projectText(project)
        _ = try project.run(.apply).carryOut([project.newModule("Alpha"), project.newModule("Gamma")])
        _ = try project.run(.apply).carryOut([
            .move(
                record: try record(project, "Alpha"), outputDirectory: project.folder.url("Features"),
                rootDirectories: [:])
        ])
        var text = try projectText(project)
        #expect(text.contains("/* Features */ = {"))
        #expect(text.components(separatedBy: "/* Alpha */ = {").count == 2, "one Alpha group, in Features")
        _ = try project.run(.apply).carryOut([
            .rename(record: try record(project, "Gamma"), newName: "Beta", template: try project.template)
        ])
        text = try projectText(project)
        #expect(!text.contains("/* Gamma */"), "the renamed module's old group goes")
        #expect(text.contains("/* Beta */ = {"))
        _ = try project.run(.apply).carryOut([
            .remove(record: try record(project, "Alpha"), force: false),
            .remove(record: try record(project, "Beta"), force: false),
        ])
        #expect(try projectText(project) == original, "Features goes with the last module in it")
    }
}
