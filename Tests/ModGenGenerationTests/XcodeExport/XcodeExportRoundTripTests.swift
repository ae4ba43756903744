import ModGenCore
import ModGenGeneration
import ModGenTemplates
import TestSupport
import Testing

/// The exported bundle, run by modgen as Xcode would run it, writes for every combination the files `modgen new`
/// writes with the same options, its own files (without a root; the generated tests are not Xcode's to write): the
/// same paths, the same bytes, the header aside (Xcode writes its own).
@Suite struct XcodeExportRoundTripTests {
    static let exportable = ["viper", "mvvm-fc"]

    @Test(arguments: exportable)
    func bundleRunsLikeTheTemplateInEveryCombination(templateID: String) throws {
        let template = try TemplateCatalog().template(id: templateID)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for file in try XcodeBundleExporter(template: template).export() { try folder.write(file.path, file.contents) }
        let bundle = try XcodeTemplate(at: folder.url("\(templateID).xctemplate"))
        let manifestRenderer = template.makeRenderer(headerPartial: nil)
        let bundleRenderer = bundle.makeRenderer(headerPartial: nil)
        let header = HeaderFields(project: "Shop", author: "Ann Smith", company: "Acme", date: "2026-01-31")
        let combinations = try template.validCombinations()
        #expect(combinations.count > 1)
        // The bundle holds the module's own files: those without a root, whatever `tests` (left out) picks.
        let bundleOptions = Set(bundle.options.map(\.name))
        #expect(!bundleOptions.contains("tests"))
        for combination in combinations {
            let request = GenerationRequest(moduleName: "Home", options: combination.values, header: header)
            let expected = try manifestRenderer.renderModule(request).filter { $0.root == nil }.map(Self.withoutHeader)
                .sorted { $0.path < $1.path }
            let bundleRequest = GenerationRequest(
                moduleName: "Home",
                options: OptionValues(combination.values.values.filter { bundleOptions.contains($0.key) }),
                header: header)
            let actual = try bundleRenderer.renderModule(bundleRequest).map(Self.withoutHeader).sorted {
                $0.path < $1.path
            }
            #expect(actual.map(\.path) == expected.map(\.path), "\(combination.name)")
            #expect(actual == expected, "\(combination.name)")
        }
    }

    @Test(arguments: ["", "Items"])
    func textOptionsRoundTripAsVariables(group: String) throws {
        let small = try XcodeBundleExporterTests.SmallTemplate(
            options: #"{ "name": "group", "kind": "text", "default": "" }, { "name": "rx", "kind": "flag" }"#,
            files: #"{ "template": "View.swift.mustache", "path": "{{name}}/{{group}}{{name}}View.swift" }"#,
            templates: [
                "View.swift.mustache": "{{> header}}\nfinal class {{group}}{{name}}View {}{{#rx}} // rx{{/rx}}\n"
            ])
        defer { small.folder.remove() }
        let output = try TemporaryFolder()
        defer { output.remove() }
        for file in try small.export() { try output.write(file.path, file.contents) }
        let bundle = try XcodeTemplate(at: output.url("small.xctemplate"))
        for rx in [false, true] {
            let request = GenerationRequest(
                moduleName: "Home", options: OptionValues(["group": .text(group), "rx": .flag(rx)]))
            let expected = try small.template.makeRenderer(headerPartial: nil).renderModule(request)
            let actual = try bundle.makeRenderer(headerPartial: nil).renderModule(request)
            #expect(actual.map(Self.withoutHeader) == expected.map(Self.withoutHeader))
            #expect(actual.map(\.path) == ["Home/\(group)HomeView.swift"])
        }
    }

    /// The file without its leading `//` comment lines: modgen's header partial, or Xcode's FILEHEADER.
    static func withoutHeader(_ file: RenderedFile) -> RenderedFile {
        let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
        return RenderedFile(
            path: file.path, contents: lines.drop { $0.hasPrefix("//") }.joined(separator: "\n"))
    }
}
