import ModGenKit

/// What `describe` shows for the template's sample name with every option at its default: each file's path
/// (`Home/HomePresenter.swift`, not `{{name}}/{{name}}Presenter.swift`) and each parameter's default (`HomeContext`,
/// not `{{name}}Context`), with the config's header fields. A path or default that cannot be rendered that way (it
/// needs a parameter, or a module name in a support file), or one of a template format modgen cannot render alone,
/// is shown as written.
struct SamplePaths {
    private var render: (TemplateFile, Bool) -> String? = { _, _ in nil }
    private var defaults: [String: String] = [:]
    /// The name the paths and defaults are rendered for.
    private(set) var sampleName = ""

    /// Paths as the manifest writes them.
    init() {}

    init(template: any ModuleTemplate, renderer: any TemplateRendering, header: HeaderFields = HeaderFields()) {
        guard let renderer = renderer as? ManifestRenderer, let defaults = try? template.optionValues(explicit: [:])
        else { return }
        sampleName = template.sampleName
        let module = GenerationRequest(moduleName: template.sampleName, options: defaults, header: header)
        let support = GenerationRequest(moduleName: nil, options: defaults, header: header)
        self.render = { file, isSupport in try? renderer.path(of: file, for: isSupport ? support : module) }
        self.defaults = (try? renderer.defaultValues(for: module)) ?? [:]
    }

    /// The path, after its root's name when the file goes to a named root: `tests:HomeTests/HomePresenterTests.swift`.
    func shown(_ file: TemplateFile, support: Bool) -> String {
        let path = render(file, support) ?? file.path
        return file.root.map { "\($0):\(path)" } ?? path
    }

    /// `default for Home: HomeContext`, or the default as the manifest writes it when it cannot be rendered alone.
    func shownDefault(of parameter: TemplateParameter) -> String {
        guard let value = defaults[parameter.name] else {
            return "default: " + (parameter.defaultTemplate.isEmpty ? "empty" : parameter.defaultTemplate)
        }
        return "default for \(sampleName): " + (value.isEmpty ? "empty" : value)
    }
}
