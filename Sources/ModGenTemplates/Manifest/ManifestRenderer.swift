import ModGenCore
import ModGenMustache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders a template's files in memory. One renderer serves a whole run: each `.mustache` file is read and parsed
/// the first time it is needed and reused after that (`modgen snapshot` renders a template many times).
///
/// Rendering is strict: a variable that is not in the context or a partial that does not exist is an error naming
/// the template file, line and column — a typo must not silently generate empty code.
public final class ManifestRenderer: TemplateRendering {
    public let manifestTemplate: ManifestTemplate
    public var template: any ModuleTemplate { manifestTemplate }
    private let partials: TemplatePartials
    private var parsed: [String: MustacheTemplate] = [:]
    /// Output paths and parameter defaults by their text.
    private var parsedManifestTexts: [String: MustacheTemplate] = [:]
    private static let options = MustacheRenderOptions(escaping: .none, strictPartials: true, strictVariables: true)

    /// How errors name the manifest: `viper/template.json`, or its path on disk.
    private var manifestPath: String { manifestTemplate.definitionPath }

    /// - Parameter headerPartial: replaces the `header` partial (the config file's `header.partial`).
    public init(template: ManifestTemplate, headerPartial: MustacheTemplate? = nil) {
        self.manifestTemplate = template
        self.partials = TemplatePartials(source: manifestTemplate.source, header: headerPartial)
    }

    /// The module's files, in manifest order, for the files whose `when` holds.
    public func renderModule(_ request: GenerationRequest) throws -> [RenderedFile] {
        guard let name = request.moduleName else { throw ModuleNameError(name: "", reason: "the name is empty") }
        try ModuleNameError.check(name)
        return try render(manifestTemplate.manifest.files, request)
    }

    /// The template's support (base) files; the context has no module name.
    public func renderSupport(_ request: GenerationRequest) throws -> [RenderedFile] {
        var request = request
        request.moduleName = nil
        return try render(manifestTemplate.manifest.supportFiles, request)
    }

    /// Where `file` goes for `request`, whether or not its `when` holds: `modgen describe` shows every path for the
    /// sample name this way, instead of as Mustache.
    public func path(of file: TemplateFile, for request: GenerationRequest) throws -> String {
        let context = ManifestContext.base(for: request, manifest: manifestTemplate.manifest)
        return try renderPath(of: file, context: MustacheValue(json: .object(context)))
    }

    /// Each parameter's default for `request`'s module as a run renders it (`HomeContext`, not `{{name}}Context`),
    /// by name: `modgen describe` shows these.
    public func defaultValues(for request: GenerationRequest) throws -> [String: String] {
        var context = Self.mustacheObject(ManifestContext.base(for: request, manifest: manifestTemplate.manifest))
        var values: [String: String] = [:]
        for parameter in manifestTemplate.manifest.parameters {
            let value = try renderDefault(of: parameter, context: context)
            values[parameter.name] = value
            context[parameter.name] = .string(value)
        }
        return values
    }

    private func render(_ files: [TemplateFile], _ request: GenerationRequest) throws -> [RenderedFile] {
        let manifest = manifestTemplate.manifest
        try ManifestContext.validate(settings: request.settings, manifest: manifest)
        var context = ManifestContext.base(for: request, manifest: manifest)
        // The same values as Mustache sees them, kept beside `context` as it grows: converted once, not again for
        // each parameter's default and for the files (only `fileName` differs between the files).
        var fileContext = Self.mustacheObject(context)
        func add(_ key: String, _ value: JSONValue) {
            context.append((key, value))
            fileContext[key] = MustacheValue(json: value)
        }
        for parameter in manifest.parameters {
            // Support files are shared by every module: a default derived from a module's name has no meaning
            // there, so a support template that uses such a parameter fails as any unknown variable does.
            var defaultValue: String?
            if request.moduleName != nil {
                defaultValue = try renderDefault(of: parameter, context: fileContext)
            }
            guard let value = request.settings[parameter.name] ?? defaultValue else { continue }
            add(parameter.name, .string(value))
            // Mustache cannot compare strings, so `{{#builderContext_Void}}` is how a template asks "is it Void?",
            // and `{{#builderContext_default}}` whether it is the manifest's default (a type the template may
            // declare, where a user's own type must not be declared again). `default` is a keyword, so no
            // identifier value can produce the same name.
            if SwiftIdentifier.problem(with: value) == nil {
                add("\(parameter.name)_\(value)", .bool(true))
            }
            add("\(parameter.name)_default", .bool(value == defaultValue))
        }
        add(ContextNames.swiftString, ManifestContext.swiftStrings(of: context))
        let sharedContext = MustacheValue.object(fileContext)
        var rendered: [RenderedFile] = []
        for file in files where file.when?.evaluate(request.options) ?? true {
            let path = try renderPath(of: file, context: sharedContext)
            fileContext["fileName"] = .string(String(path.split(separator: "/").last ?? Substring(path)))
            let contents = try parsedTemplate(of: file).render(
                .object(fileContext), partials: partials, options: Self.options)
            rendered.append(RenderedFile(path: path, contents: contents, root: file.root))
        }
        return rendered
    }

    /// `context`'s members as Mustache values, in order (a repeated key keeps its last value, as
    /// `MustacheValue(json:)` converts an object).
    private static func mustacheObject(_ context: [(key: String, value: JSONValue)]) -> MustacheObject {
        var object = MustacheObject()
        for (key, value) in context { object[key] = MustacheValue(json: value) }
        return object
    }

    private func renderPath(of file: TemplateFile, context: MustacheValue) throws -> String {
        let path = try renderManifestText(
            file.path, at: file.pathPosition, describedAs: "output path", context: context)
        if path.isEmpty || path.hasSuffix("/") {
            throw DataFileError(
                fileName: manifestPath, position: file.pathPosition,
                reason: "output path '\(RelativePath.printable(file.path))' renders to "
                    + "'\(RelativePath.printable(path))', which names no file")
        }
        return path
    }

    /// A parameter's default for this module. An identifier parameter's default must render to an identifier
    /// even when `--set` replaces it: the manifest is wrong either way, and `modgen snapshot` would find it.
    private func renderDefault(of parameter: TemplateParameter, context: MustacheObject) throws -> String {
        let description = "parameter '\(parameter.name)' default"
        let value = try renderManifestText(
            parameter.defaultTemplate, at: parameter.defaultPosition, describedAs: description,
            context: .object(context))
        if let problem = parameter.problem(withValue: value) {
            throw DataFileError(
                fileName: manifestPath, position: parameter.defaultPosition,
                reason: "\(description) '\(RelativePath.printable(parameter.defaultTemplate))' renders to "
                    + "'\(RelativePath.printable(value))', which is \(problem)")
        }
        return value
    }

    /// Renders Mustache written in the manifest (an output path, a parameter default). Its errors name the manifest
    /// and where the value is written, then quote the value: `template.json:12:42: output path '{{nam}}.swift': no
    /// value named 'nam'`. Errors inside a partial it includes keep naming that partial's file.
    private func renderManifestText(
        _ text: String, at position: SourcePosition, describedAs description: String, context: MustacheValue
    ) throws -> String {
        do {
            return try parsedManifestText(text).render(context, partials: partials, options: Self.options)
        } catch {
            guard error.templateName == manifestPath else { throw error }
            throw DataFileError(
                fileName: manifestPath, position: position,
                reason: "\(description) '\(RelativePath.printable(text))': \(error.reason)")
        }
    }

    private func parsedManifestText(_ text: String) throws(MustacheError) -> MustacheTemplate {
        if let cached = parsedManifestTexts[text] { return cached }
        let result = try MustacheTemplate(
            text, name: manifestPath, compiledForm: manifestTemplate.source.compiledForm(ofManifestText: text))
        parsedManifestTexts[text] = result
        return result
    }

    /// A file's template, parsed once. A missing one is the manifest's mistake, named where the manifest
    /// names it.
    private func parsedTemplate(of file: TemplateFile) throws -> MustacheTemplate {
        if let cached = parsed[file.template] { return cached }
        guard let text = try manifestTemplate.source.text(of: file.template) else {
            throw DataFileError(
                fileName: manifestPath, position: file.templatePosition,
                reason: "template file '\(RelativePath.printable(file.template))' does not exist")
        }
        let result = try MustacheTemplate(
            text, name: manifestTemplate.source.displayPath(of: file.template),
            compiledForm: manifestTemplate.source.compiledForm(of: file.template))
        parsed[file.template] = result
        return result
    }
}
