import Foundation
import ModGenKit
import TestSupport

/// A Generamba project as the reference runs had it (`Tests/GenerambaFixtures`): a home folder whose
/// `~/.generamba/user_preferences.yml` names the author `modgen`, the catalog's template beside the project folder,
/// and in the project the fixture's `App.xcodeproj` and the case's `Rambafile`.
struct GenerambaProject {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../GenerambaFixtures").standardizedFileURL

    /// Every reference case, `<template>/<case>`.
    static let cases: [String] = {
        let reference = fixtures.appendingPathComponent("reference")
        let templates = (try? FileManager.default.contentsOfDirectory(atPath: reference.path)) ?? []
        return templates.sorted().flatMap { template in
            let folder = reference.appendingPathComponent(template)
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map {
                "\(template)/\($0)"
            }
        }
    }()

    let folder: TemporaryFolder
    let reference: URL
    let template: String
    let module: String

    var project: URL { folder.url("project") }
    var environment: [String: String] { ["HOME": folder.path("home")] }

    init(case name: String) throws {
        folder = try TemporaryFolder()
        reference = Self.fixtures.appendingPathComponent("reference/\(name)")
        template = String(name.split(separator: "/")[0])
        let meta = try JSONDocument(
            parsing: String(contentsOf: reference.appendingPathComponent("meta.json"), encoding: .utf8),
            fileName: "meta.json")
        module = meta.root["module"]?.stringValue ?? ""
        try folder.write("home/.generamba/user_preferences.yml", "username: modgen\n")
        let files = FileManager.default
        try files.createDirectory(at: folder.url("template"), withIntermediateDirectories: true)
        try files.copyItem(
            at: Self.fixtures.appendingPathComponent("templates/\(template)"),
            to: folder.url("template/\(template)"))
        try files.createDirectory(at: project, withIntermediateDirectories: true)
        try files.copyItem(
            at: Self.fixtures.appendingPathComponent("fixture/App.xcodeproj"),
            to: project.appendingPathComponent("App.xcodeproj"))
        try files.copyItem(
            at: reference.appendingPathComponent("Rambafile"), to: project.appendingPathComponent("Rambafile"))
    }

    /// `modgen new <Module> --template <template> --date 2026-01-15` in the project, plus `extra` arguments.
    func generate(_ extra: [String] = []) -> ProcessResult {
        execute(
            ["new", module, "--template", template, "--date", "2026-01-15"] + extra, in: project,
            environment: environment)
    }

    /// Every file below `root` (relative paths), but the project file and modgen's records.
    static func files(below root: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        for case let path as String in walker {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            guard !path.hasPrefix("App.xcodeproj/"), !path.hasPrefix(".modgen/"), path != "Rambafile" else { continue }
            result[path] = try? Data(contentsOf: url)
        }
        return result
    }
}
