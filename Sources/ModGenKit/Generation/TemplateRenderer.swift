import Foundation

/// Renders a template's files in memory. One renderer serves a whole run: each `.mustache` file is read and parsed
/// the first time it is needed and reused after that (`modgen snapshot` renders a template many times).
///
/// Rendering is strict: a variable that is not in the context or a partial that does not exist is an error naming
/// the template file, line and column — a typo must not silently generate empty code.
public final class TemplateRenderer {
    public let template: Template
    private let partials: TemplatePartials
    private var parsed: [String: MustacheTemplate] = [:]
    private var parsedPaths: [String: MustacheTemplate] = [:]
    private static let options = MustacheRenderOptions(escaping: .none, strictPartials: true, strictVariables: true)

    /// - Parameter headerPartial: replaces the `header` partial (from the config file), as template text.
    public init(template: Template, headerPartial: String? = nil) {
        self.template = template
        self.partials = TemplatePartials(source: template.source, headerOverride: headerPartial)
    }

    /// The module's files, in manifest order, for the files whose `when` holds.
    public func renderModule(_ request: GenerationRequest) throws -> [RenderedFile] {
        guard let name = request.moduleName else { throw ModuleNameError(name: "", reason: "the name is empty") }
        try GenerationContext.validate(moduleName: name)
        return try render(template.manifest.files, request)
    }

    /// The template's support (base) files; the context has no module name.
    public func renderSupport(_ request: GenerationRequest) throws -> [RenderedFile] {
        var request = request
        request.moduleName = nil
        return try render(template.manifest.supportFiles, request)
    }

    private func render(_ files: [TemplateFile], _ request: GenerationRequest) throws -> [RenderedFile] {
        let manifest = template.manifest
        try GenerationContext.validate(settings: request.settings, manifest: manifest)
        var context = GenerationContext.base(for: request, manifest: manifest)
        for parameter in manifest.parameters {
            let value: String
            if let given = request.settings[parameter.name] {
                value = given
            } else if request.moduleName != nil {
                value = try renderText(
                    parameter.defaultTemplate, name: "template.json: parameter '\(parameter.name)'", context: context)
            } else {
                // Support files are shared by every module: a default derived from a module's name has no meaning
                // there, so a support template that uses such a parameter fails as any unknown variable does.
                continue
            }
            context.append((parameter.name, .string(value)))
            // Mustache cannot compare strings, so `{{#builderContext_Void}}` is how a template asks "is it Void?".
            if SwiftIdentifier.problem(with: value) == nil {
                context.append(("\(parameter.name)_\(value)", .bool(true)))
            }
        }
        var rendered: [RenderedFile] = []
        for file in files where file.when?.evaluate(request.options) ?? true {
            let path = try renderPath(file.path, context: context)
            let fileName = String(path.split(separator: "/").last ?? Substring(path))
            let fileContext = MustacheValue(json: .object(context + [("fileName", .string(fileName))]))
            let contents = try parsedTemplate(file.template).render(
                fileContext, partials: partials, options: Self.options)
            rendered.append(RenderedFile(path: path, contents: contents))
        }
        return rendered
    }

    private func renderPath(_ pathTemplate: String, context: [(key: String, value: JSONValue)]) throws -> String {
        let parsedPath: MustacheTemplate
        if let cached = parsedPaths[pathTemplate] {
            parsedPath = cached
        } else {
            parsedPath = try MustacheTemplate(pathTemplate, name: "template.json: path '\(pathTemplate)'")
            parsedPaths[pathTemplate] = parsedPath
        }
        let path = try parsedPath.render(
            MustacheValue(json: .object(context)), partials: partials, options: Self.options)
        if path.isEmpty || path.hasSuffix("/") {
            throw DataFileError(
                fileName: template.source.displayPath(of: "template.json"),
                position: SourcePosition(line: 1, column: 1),
                reason: "output path '\(pathTemplate)' renders to '\(path)', which names no file")
        }
        return path
    }

    private func renderText(
        _ text: String, name: String, context: [(key: String, value: JSONValue)]
    ) throws -> String {
        try MustacheTemplate(text, name: name).render(
            MustacheValue(json: .object(context)), partials: partials, options: Self.options)
    }

    private func parsedTemplate(_ relativePath: String) throws -> MustacheTemplate {
        if let cached = parsed[relativePath] { return cached }
        let displayPath = template.source.displayPath(of: relativePath)
        guard let text = try template.source.text(of: relativePath) else {
            throw TemplateFileError(path: displayPath, reason: "template file named in template.json does not exist")
        }
        let result = try MustacheTemplate(text, name: displayPath)
        parsed[relativePath] = result
        return result
    }
}

/// Partials for a template: its own `partials/<name>.mustache`, then the shared `_shared/partials/<name>.mustache`;
/// the config file may replace `header`.
final class TemplatePartials: MustachePartialProvider {
    private let source: TemplateSource
    private let headerOverride: String?
    private var cache: [String: MustacheTemplate?] = [:]

    init(source: TemplateSource, headerOverride: String?) {
        self.source = source
        self.headerOverride = headerOverride
    }

    func template(named name: String) throws(MustacheError) -> MustacheTemplate? {
        if let cached = cache[name] { return cached }
        let found = try load(name)
        cache[name] = found
        return found
    }

    private func load(_ name: String) throws(MustacheError) -> MustacheTemplate? {
        if name == "header", let headerOverride {
            return try MustacheTemplate(headerOverride, name: "header partial (config)")
        }
        // Partial names are plain words: a name with a path separator could reach files outside the template.
        guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), name != "..", name != "." else { return nil }
        for path in ["partials/\(name).mustache", "\(BuiltInTemplates.sharedFolder)/partials/\(name).mustache"] {
            let text: String?
            do {
                text = try source.text(of: path)
            } catch {
                text = nil
            }
            if let text { return try MustacheTemplate(text, name: source.displayPath(of: path)) }
        }
        return nil
    }
}
