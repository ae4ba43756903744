import Foundation
import ModGenKit
import Testing

/// Generamba's own catalog in a Generamba project: `modgen new <Module> --template <template>` writes what upstream
/// `generamba gen` wrote (`Tests/GenerambaFixtures/reference`), at the same paths, byte for byte, and the project
/// gains the same groups, file references and build phases (`xcode_summary.json`); a second run changes nothing.
@Suite struct GenerambaReferenceTests {
    @Test(arguments: GenerambaProject.cases)
    func generatesWhatGenerambaWrote(_ name: String) throws {
        let project = try GenerambaProject(case: name)
        let run = project.generate()
        #expect(run.status == 0, "\(run.standardError)")
        let upstreamFailed =
            (try? String(contentsOf: project.reference.appendingPathComponent("exit_code"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) != "0"
        // Generamba failed on Linux where a template names a file in another letter case; the `-ci` case holds
        // what it wrote on a Mac, which is what modgen writes here, with a warning.
        let reference =
            upstreamFailed
            ? project.reference.deletingLastPathComponent().appendingPathComponent("Home-ci") : project.reference
        if upstreamFailed || name.hasSuffix("-ci") {
            #expect(run.standardError.contains("on disk; read as a Mac's case-insensitive file system reads it"))
        }
        if !upstreamFailed || project.module == "Home" {
            let expected = GenerambaProject.files(below: reference.appendingPathComponent("files"))
            let written = GenerambaProject.files(below: project.project)
            #expect(!expected.isEmpty)
            #expect(written.keys.sorted() == expected.keys.sorted())
            for (path, bytes) in expected where written[path] != bytes {
                Issue.record("\(name): \(path) differs from what Generamba wrote")
            }
            let ours = try XcodeSummary.summary(
                ofProjectFile: project.project.appendingPathComponent("App.xcodeproj/project.pbxproj").path)
            let theirs = try XcodeSummary.reference(reference.appendingPathComponent("xcode_summary.json"))
            for (kind, mine, upstream) in [("group", ours.groups, theirs.groups), ("file", ours.files, theirs.files)] {
                let byHierarchy = { (values: [JSONValue]) in
                    Dictionary(values.map { ($0["hierarchy"]?.stringValue ?? "", $0) }, uniquingKeysWith: { a, _ in a })
                }
                let (left, right) = (byHierarchy(mine), byHierarchy(upstream))
                for key in Set(left.keys).union(right.keys).sorted() where left[key] != right[key] {
                    if Self.knownDifferences[key] != nil, name.hasPrefix("adkrviper_controller/"),
                        Self.withoutPhases(left[key]) == Self.withoutPhases(right[key])
                    {
                        continue
                    }
                    let shown = { (value: JSONValue?) in
                        value?.prettyPrinted.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                            .joined(separator: " ") ?? "none"
                    }
                    Issue.record("\(name) \(kind) \(key): modgen \(shown(left[key])), Generamba \(shown(right[key]))")
                }
            }
        }
        let again = project.generate()
        #expect(again.status == 0)
        let changed = again.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("unchanged ") }
        #expect(changed.isEmpty, "\(changed)")
    }

    /// Where upstream Generamba is wrong and modgen is not: adkrviper_controller writes `HomeViewModel.m` in the
    /// module and a test file of the same name; Generamba adds both files to the Sources phases of both targets
    /// (the xcodeproj gem finds an existing build file by name), modgen adds each file to its own side's target.
    /// Everything else about these files (group, path, type) must still be the same.
    static let knownDifferences: [String: String] = [
        "/App/Modules/Home/View/ViewModels/HomeViewModel.m": "module file also in AppTests",
        "/AppTests/Modules/Home/View/HomeViewModel.m": "test file also in App",
        "/App/Modules/HTTPProfile2/View/ViewModels/MGHTTPProfile2ViewModel.m": "module file also in AppTests",
        "/AppTests/Modules/HTTPProfile2/View/MGHTTPProfile2ViewModel.m": "test file also in App",
    ]

    static func withoutPhases(_ value: JSONValue?) -> JSONValue? {
        guard case .object(let members)? = value else { return value }
        return .object(members.filter { $0.key != "build_phases" })
    }
}
