import Foundation
import Testing

@testable import ModGenKit

/// Renders a small user template from a temporary folder, so these tests do not depend on the built-in templates.
@Suite struct TemplateRendererTests {
    static let manifest = """
        {
          "id": "demo",
          "summary": "Demo",
          "options": [
            { "name": "interface", "kind": "choice", "values": ["none", "storyboard"], "default": "none" },
            { "name": "rx", "kind": "flag" }
          ],
          "parameters": [{ "name": "builderContext", "default": "{{name}}Context" }],
          "files": [
            { "template": "View.swift.mustache", "path": "{{name}}/{{name}}View.swift" },
            { "template": "Board.mustache", "path": "{{name}}/{{name}}.storyboard", "when": "interface == storyboard" }
          ],
          "supportFiles": [{ "template": "Base.swift.mustache", "path": "Base.swift" }]
        }
        """

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("renderer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try write("template.json", Self.manifest)
        try write(
            "View.swift.mustache",
            """
            {{> header}}
            final class {{name}}View {{#rx}}/* rx */{{/rx}}{
                let context: {{builderContext}}? = nil // {{nameCamel}} {{nameSnake}} {{nameKebab}} {{interface}}
            {{#interface_storyboard}}
                let storyboard = "{{name}}"
            {{/interface_storyboard}}
            }

            """)
        try write("Board.mustache", "<document>{{name}}</document>\n")
        try write("Base.swift.mustache", "{{> header}}\nclass Base {}\n")
        try write("partials/header.mustache", "// {{fileName}}{{#project}} — {{project}}{{/project}}\n")
    }

    func write(_ path: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    func renderer() throws -> TemplateRenderer {
        let template = try TemplateCatalog(userDirectories: [folder]).template(id: "demo")
        return TemplateRenderer(template: template)
    }

    func options(_ explicit: [String: OptionValue]) throws -> OptionValues {
        try renderer().template.manifest.resolveOptions(explicit: explicit)
    }

    @Test func rendersFilesWhoseConditionHolds() throws {
        let request = GenerationRequest(
            moduleName: "HomeScreen", options: try options(["interface": .choice("storyboard")]),
            header: HeaderFields(project: "Shop"))
        let files = try renderer().renderModule(request)
        #expect(files.map(\.path) == ["HomeScreen/HomeScreenView.swift", "HomeScreen/HomeScreen.storyboard"])
        #expect(
            files[0].contents == """
                // HomeScreenView.swift — Shop
                final class HomeScreenView {
                    let context: HomeScreenContext? = nil // homeScreen home_screen home-screen storyboard
                    let storyboard = "HomeScreen"
                }

                """)
    }

    @Test func setValuesReplaceParameterDefaults() throws {
        let request = GenerationRequest(
            moduleName: "Home", options: try options(["rx": .flag(true)]), settings: ["builderContext": "Void"])
        let files = try renderer().renderModule(request)
        #expect(files.map(\.path) == ["Home/HomeView.swift"])
        #expect(files[0].contents.contains("final class HomeView /* rx */{"))
        #expect(files[0].contents.contains("let context: Void? = nil"))
    }

    @Test func supportFilesHaveNoModuleName() throws {
        let files = try renderer().renderSupport(GenerationRequest(moduleName: "Home", options: try options([:])))
        #expect(files == [RenderedFile(path: "Base.swift", contents: "// Base.swift\nclass Base {}\n")])
    }

    @Test(arguments: ["2Home", "class", "Home-Screen", ""])
    func refusesInvalidModuleNames(name: String) throws {
        #expect(throws: ModuleNameError.self) {
            try renderer().renderModule(GenerationRequest(moduleName: name, options: try options([:])))
        }
    }

    @Test func aMisspelledVariableIsAnErrorNamingFileLineAndColumn() throws {
        try write("Board.mustache", "<document>\n  {{nmae}}\n</document>\n")
        let request = GenerationRequest(moduleName: "Home", options: try options(["interface": .choice("storyboard")]))
        do {
            _ = try renderer().renderModule(request)
            Issue.record("rendering should fail")
        } catch let error as MustacheError {
            #expect(error.message.hasPrefix(folder.appendingPathComponent("Board.mustache").path + ":2:3: "))
            #expect(error.message.contains("nmae"))
            #expect(error.exitCode == .dataError)
        }
    }

    @Test func aMissingTemplateFileIsReported() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("View.swift.mustache"))
        #expect(throws: TemplateFileError.self) {
            try renderer().renderModule(GenerationRequest(moduleName: "Home", options: try options([:])))
        }
    }
}
