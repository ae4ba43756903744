import ModGenTemplates

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A small user template in a temporary folder (options `interface` none/storyboard and `rx`, a parameter, a
/// storyboard only with `interface == storyboard`, one support file), so renderer and snapshot tests do not depend
/// on the built-in templates.
public struct DemoTemplate {
    public static let manifest = """
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

    public let temporary: TemporaryFolder
    public var folder: URL { temporary.url }

    public init() throws {
        temporary = try TemporaryFolder()
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

    public func write(_ path: String, _ text: String) throws {
        try temporary.write(path, text)
    }

    public func renderer() throws -> any TemplateRendering {
        let template = try TemplateCatalog(userDirectories: [folder]).template(id: "demo")
        return template.makeRenderer(headerPartial: nil)
    }
}
