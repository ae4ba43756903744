import ModGenKit

/// The paths `describe` shows: each file's path rendered for the template's sample name with every option at its
/// default (`Home/HomePresenter.swift`, not `{{name}}/{{name}}Presenter.swift`). A path that cannot be rendered
/// that way (it needs a parameter, or a module name in a support file), or one of a template format modgen cannot
/// render paths of alone, is shown as written.
struct SamplePaths {
    private var render: (TemplateFile, Bool) -> String? = { _, _ in nil }

    /// Paths as the manifest writes them.
    init() {}

    init(template: any ModuleTemplate, renderer: any TemplateRendering) {
        guard let renderer = renderer as? ManifestRenderer, let defaults = try? template.optionValues(explicit: [:])
        else { return }
        let module = GenerationRequest(moduleName: template.sampleName, options: defaults)
        let support = GenerationRequest(moduleName: nil, options: defaults)
        self.render = { file, isSupport in try? renderer.path(of: file, for: isSupport ? support : module) }
    }

    /// The path, after its root's name when the file goes to a named root: `tests:HomeTests/HomePresenterTests.swift`.
    func shown(_ file: TemplateFile, support: Bool) -> String {
        let path = render(file, support) ?? file.path
        return file.root.map { "\($0):\(path)" } ?? path
    }
}
