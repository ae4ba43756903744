import Foundation
import ModGenCore
import ModGenGeneration
import ModGenRun
import ModGenTemplates
import ModGenWriting
import ModGenXcodeProject
import TestSupport
import Testing

/// A run carries out its requests as one plan: files, records, template store and project together, or nothing.
@Suite struct ModuleRunTests {
    /// A project folder (`.modgen` in it) with the demo template and a small Xcode project.
    struct Project {
        let folder: TemporaryFolder
        let demo: DemoTemplate
        let session: GenerationSession
        let records: ModuleRecords

        init() throws {
            folder = try TemporaryFolder()
            demo = try DemoTemplate()
            session = GenerationSession(ignoringConfigFiles: [demo.folder], workingDirectory: folder.url)
            records = ModuleRecords(folder: folder.url(".modgen"), shownAs: ".modgen")
            try folder.write("App.xcodeproj/project.pbxproj", SmallXcodeProject.text)
        }

        func remove() {
            folder.remove()
            demo.temporary.remove()
        }

        func run(_ mode: ModuleRun.Mode) -> ModuleRun {
            ModuleRun(
                mode: mode, session: session, records: records, currentDirectory: folder.path,
                shown: { $0.path })
        }

        var template: any ModuleTemplate {
            get throws { try session.catalog.template(id: "demo") }
        }

        /// `new <name>` as a request: the demo's files in `App/`, recorded, joining the project.
        func newModule(_ name: String, policy: ConflictPolicy = .refuse) throws -> ModuleRequest {
            let template = try template
            let request = GenerationRequest(moduleName: name, options: try template.optionValues(explicit: [:]))
            let files = try session.renderer(for: template).renderModule(request)
            let recorded = try ModuleRecording.record(
                module: name, template: template, request: request, records: records,
                outputDirectory: folder.url("App"), rootDirectories: [:])
            return .generate(
                GeneratedFiles(
                    moduleName: name, files: files, placement: FilePlacement(outputDirectory: folder.path("App")),
                    policy: policy, record: .write(recorded.record, templateFiles: recorded.templateFiles),
                    project: ProjectMembership(
                        path: folder.path("App.xcodeproj"), absolutePath: folder.path("App.xcodeproj"),
                        targets: .typed([]), testTargets: .typed([]), configFile: "none")))
        }
    }

    @Test func twoModulesOneProjectEditAndTheirRecords() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run(.apply).carryOut([project.newModule("Alpha"), project.newModule("Beta")])
        #expect(result.isApplied)
        #expect(result.projects.count == 1, "one project: one edit for both modules")
        let text = try #require(project.folder.read("App.xcodeproj/project.pbxproj"))
        #expect(text.contains("AlphaView.swift in Sources"))
        #expect(text.contains("BetaView.swift in Sources"))
        #expect(project.folder.read("App/Alpha/AlphaView.swift") != nil)
        #expect(project.folder.exists(".modgen/modules/Alpha.json"))
        #expect(project.folder.exists(".modgen/modules/Beta.json"))
        let record = try #require(try project.records.record(module: "Alpha"))
        // Both modules share one template version, stored once.
        let versions = try FileManager.default.contentsOfDirectory(atPath: project.folder.path(".modgen/templates"))
        #expect(versions == [record.templateVersion])
        // The records are bookkeeping: no request's report lists them.
        #expect(result.requests.allSatisfy { $0.report?.entries.allSatisfy { !$0.path.hasSuffix(".json") } == true })
    }

    @Test func aConflictInTheSecondModuleWritesNothing() throws {
        let project = try Project()
        defer { project.remove() }
        try project.folder.write("App/Beta/BetaView.swift", "mine\n")
        let before = project.folder.listing()
        let projectBefore = project.folder.read("App.xcodeproj/project.pbxproj")
        let result = try project.run(.apply).carryOut([project.newModule("Alpha"), project.newModule("Beta")])
        #expect(!result.isApplied)
        #expect(result.conflicts == [project.folder.path("App") + "/Beta/BetaView.swift"])
        #expect(project.folder.listing() == before, "neither module, nor a record, nor the store")
        #expect(project.folder.read("App.xcodeproj/project.pbxproj") == projectBefore)
    }

    @Test func aDryRunPlansEverythingAndWritesNothing() throws {
        let project = try Project()
        defer { project.remove() }
        let before = project.folder.listing()
        let result = try project.run(.dryRun).carryOut([project.newModule("Alpha")])
        #expect(!result.isApplied)
        #expect(result.requests[0].plan.entries.map(\.action) == [.create])
        #expect(result.projects.first?.edit.changesProject == true)
        #expect(project.folder.listing() == before)
    }

    @Test func updateAllStopsBeforeWritingWhenOneModuleCannotBePlanned() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha"), project.newModule("Beta")])
        try project.demo.write(
            "View.swift.mustache", "final class {{name}}View {}\n// a line the template gained\n")
        // Beta's record names a template version nobody stored.
        let betaRecord = try #require(project.folder.read(".modgen/modules/Beta.json"))
        let alpha = try #require(try project.records.record(module: "Alpha"))
        try project.folder.write(
            ".modgen/modules/Beta.json",
            betaRecord.replacingOccurrences(of: alpha.templateVersion, with: String(repeating: "0", count: 64)))
        let before = project.folder.read("App/Alpha/AlphaView.swift")
        let template = try project.template
        let requests = try project.records.allRecords().map {
            ModuleRequest.update(record: $0, template: template, changes: ModuleAnswerChanges())
        }
        #expect(throws: DataFileError.self) { try project.run(.apply).carryOut(requests) }
        #expect(project.folder.read("App/Alpha/AlphaView.swift") == before)
    }

    @Test func adoptWritesOnlyTheRecordAndTheTemplateCopy() throws {
        let project = try Project()
        defer { project.remove() }
        let template = try project.template
        try project.folder.write("App/Gamma/GammaView.swift", "final class GammaView {}\n")
        let before = project.folder.read("App/Gamma/GammaView.swift")
        let request = GenerationRequest(moduleName: "Gamma", options: try template.optionValues(explicit: [:]))
        let result = try project.run(.apply).carryOut([
            .adopt(
                ModuleAdoption(
                    module: "Gamma", template: template, request: request,
                    outputDirectory: project.folder.url("App"), rootDirectories: [:]))
        ])
        #expect(result.isApplied)
        #expect(try project.records.record(module: "Gamma")?.output == "App")
        #expect(project.folder.read("App/Gamma/GammaView.swift") == before)
    }

    /// A version stored already is not planned again (so not read back to be compared); a copy whose files no
    /// longer have their sizes (cut short, removed by hand) is written anew.
    @Test func aStoredTemplateVersionIsWrittenOnlyWhenItsFilesAreNotThere() throws {
        let project = try Project()
        defer { project.remove() }
        let first = try project.run(.apply).carryOut([project.newModule("Alpha")])
        #expect(!first.templateStore.entries.isEmpty)
        let version = try #require(try project.records.record(module: "Alpha")).templateVersion
        let copy = ".modgen/templates/\(version)"
        let stored = try FileWalker.relativeFilePaths(under: project.folder.url(copy))
        #expect(first.templateStore.entries.count == stored.count)

        let second = try project.run(.apply).carryOut([project.newModule("Beta")])
        #expect(second.isApplied)
        #expect(second.templateStore.entries.isEmpty)
        #expect(try project.records.record(module: "Beta")?.templateVersion == version)

        let file = try #require(stored.first)
        let original = try #require(project.folder.read("\(copy)/\(file)"))
        try project.folder.write("\(copy)/\(file)", "")
        let third = try project.run(.apply).carryOut([project.newModule("Gamma")])
        #expect(third.templateStore.entries.count == stored.count)
        #expect(project.folder.read("\(copy)/\(file)") == original)
    }

    @Test func theStoreKeepsOnlyTheVersionsRecordsUse() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try project.run(.apply).carryOut([project.newModule("Alpha"), project.newModule("Beta")])
        let old = try #require(try project.records.record(module: "Alpha")).templateVersion
        try project.demo.write("View.swift.mustache", "final class {{name}}View {}\n// changed\n")
        let template = try project.template
        let alpha = try #require(try project.records.record(module: "Alpha"))
        _ = try project.run(.apply).carryOut([.update(record: alpha, template: template, changes: .init())])
        // Beta still uses the old version: both are kept.
        let store = project.folder.path(".modgen/templates")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store).count == 2)
        let beta = try #require(try project.records.record(module: "Beta"))
        _ = try project.run(.apply).carryOut([.update(record: beta, template: template, changes: .init())])
        let versions = try FileManager.default.contentsOfDirectory(atPath: store)
        #expect(versions == [try #require(try project.records.record(module: "Beta")).templateVersion])
        #expect(!versions.contains(old))
    }
}
