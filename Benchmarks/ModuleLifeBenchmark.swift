import Foundation
import ModGenKit

/// A module's life in one project, as the commands run it through `ModuleRun`: `new` of the built-in VIPER module
/// (with tests, joining a real project's app and test targets), then `move` of it to another folder, `rename` of it,
/// and `remove` — each timed alone, in process CPU time (`CLOCK_PROCESS_CPUTIME_ID`), so the machine's other load counts less than
/// on a wall clock. The issue asks `remove`, `move` and `rename` to cost at most twice `new`; printed, not asserted.
func benchmarkModuleLife() throws {
    let name = "module life: new, move, rename, remove"
    if let benchmarkFilter, !name.contains(benchmarkFilter) { return }
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/ModGenXcodeProjectTests/Fixtures/infinum+ios-viper-xcode-templates")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgen-bench-\(UUID().uuidString)")
        .standardizedFileURL
    defer { try? FileManager.default.removeItem(at: folder) }
    let projectFolder = folder.appendingPathComponent("App.xcodeproj")
    try FileManager.default.createDirectory(at: projectFolder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
        at: fixture.appendingPathComponent("project.pbxproj"),
        to: projectFolder.appendingPathComponent("project.pbxproj"))
    let project = try XcodeProject.load(at: projectFolder.path, currentDirectory: folder.path)
    let app = project.targets.first(where: \.isApplication)?.name
    let tests = project.targets.first(where: \.isUnitTestBundle)?.name

    let session = GenerationSession(ignoringConfigFiles: [], workingDirectory: folder)
    let records = ModuleRecords(folder: folder.appendingPathComponent(".modgen"), shownAs: ".modgen")
    let template = try session.catalog.template(id: "viper")
    func run() -> ModuleRun {
        ModuleRun(mode: .apply, session: session, records: records, currentDirectory: folder.path, shown: { $0.path })
    }
    func record(_ module: String) throws -> ModuleRecord {
        guard let record = try records.record(module: module) else { throw ModuleRunError.noRecordsFolder }
        return record
    }
    let output = folder.appendingPathComponent("App/Modules")
    let roots = ["tests": folder.appendingPathComponent("AppTests/Modules")]
    func new() throws {
        let request = GenerationRequest(
            moduleName: "Home", options: try session.resolveOptions(for: template, explicit: [:]),
            header: HeaderFields(project: "App", author: "modgen", company: "ModgenCo", date: "2026-01-15"))
        let files = try session.renderer(for: template).renderModule(request)
        let recorded = try ModuleRecording.record(
            module: "Home", template: template, request: request, records: records, outputDirectory: output,
            rootDirectories: roots)
        _ = try run().carryOut([
            .generate(
                GeneratedFiles(
                    moduleName: "Home", files: files,
                    placement: FilePlacement(outputDirectory: output.path, rootDirectories: roots.mapValues(\.path)),
                    policy: .refuse, record: .write(recorded.record, templateFiles: recorded.templateFiles),
                    project: ProjectMembership(
                        path: projectFolder.path, absolutePath: projectFolder.path,
                        targets: .typed(app.map { [$0] } ?? []), testTargets: .typed(tests.map { [$0] } ?? []),
                        configFile: "none")))
        ])
    }
    let steps: [(String, () throws -> Void)] = [
        ("new", new),
        (
            "move",
            {
                _ = try run().carryOut([
                    .move(
                        record: try record("Home"), outputDirectory: folder.appendingPathComponent("App/Features"),
                        rootDirectories: [:])
                ])
            }
        ),
        (
            "rename",
            {
                _ = try run().carryOut([
                    .rename(record: try record("Home"), newName: "Start", template: template)
                ])
            }
        ),
        ("remove", { _ = try run().carryOut([.remove(record: try record("Start"), force: false)]) }),
    ]
    let rounds = (roundsOverride ?? 5) * (iterationsOverride ?? 4)
    var seconds: [String: [Double]] = [:]
    for round in 0...rounds {
        for (step, body) in steps {
            let start = processCPUSeconds()
            try body()
            // The first round warms up, untimed.
            if round > 0 { seconds[step, default: []].append(processCPUSeconds() - start) }
        }
    }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    let newMedian = median(seconds["new"]!)
    print("\(name) (viper with tests, into \(fixture.lastPathComponent)'s project), median CPU time of \(rounds):")
    for (step, _) in steps {
        let value = median(seconds[step]!)
        print(
            "  \(step): \(String(format: "%.2f", value * 1000)) ms"
                + (step == "new" ? "" : String(format: " (%.2f× new)", value / newMedian)))
    }
}
