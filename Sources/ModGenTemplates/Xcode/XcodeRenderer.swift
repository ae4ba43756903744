import ModGenCore

/// Renders an Xcode bundle for one run, or for every combination of a snapshot: the team macros file is read once
/// per location, and each warning is kept once however many combinations repeat it.
final class XcodeRenderer: TemplateRendering {
    let xcodeTemplate: XcodeTemplate
    private var warningLog: [XcodeWarning] = []
    private var loggedWarnings: Set<XcodeWarning> = []
    private var macrosByFile: [String: [String: String]] = [:]
    /// The most warnings `warnings` lists one by one: a bundle can hold any number of distinct unknown macros.
    static let maximumListedWarnings = 20

    init(template: XcodeTemplate) {
        xcodeTemplate = template
    }

    var template: any ModuleTemplate { xcodeTemplate }

    /// The first `maximumListedWarnings` warnings, then one saying how many more there are.
    var warnings: [String] {
        let listed = warningLog.prefix(Self.maximumListedWarnings).map(\.message)
        let more = warningLog.count - listed.count
        guard more > 0 else { return listed }
        return listed + [
            "\(xcodeTemplate.bundle.displayName): and \(more) more warning\(more == 1 ? "" : "s") like these"
        ]
    }

    func renderModule(_ request: GenerationRequest) throws -> [RenderedFile] {
        // Xcode's dialog takes any product name; modgen's `new` takes what every format takes.
        if let name = request.moduleName { try ModuleNameError.check(name) }
        return try render(request)
    }

    /// The same files, for a bundle whose names do not use the module's (see `XcodeTemplate.writesSupportFiles`).
    func renderSupport(_ request: GenerationRequest) throws -> [RenderedFile] {
        xcodeTemplate.writesSupportFiles ? try render(request) : []
    }

    private func render(_ request: GenerationRequest) throws -> [RenderedFile] {
        let bundle = xcodeTemplate.bundle
        // Values equal to an option's default were not given: a `Default` holding macros must still expand.
        var explicit: [String: String] = [:]
        for option in xcodeTemplate.options {
            if let value = request.options[option.name], value != option.defaultValue {
                explicit[option.name] = value.text
            }
        }
        for (key, value) in request.settings where bundle.info.option(key) != nil { explicit[key] = value }
        let settings = try macroSettings(for: request)
        var warnings: [XcodeWarning] = []
        defer { for warning in warnings where loggedWarnings.insert(warning).inserted { warningLog.append(warning) } }
        let resolved = try bundle.info.resolveOptions(
            XcodeOptionRequest(name: request.moduleName ?? xcodeTemplate.sampleName, explicit: explicit),
            bundle: bundle.displayName, settings: settings, warnings: &warnings)
        let rendering = XcodeFileRendering(
            bundle: bundle.displayName, info: bundle.info, files: bundle.files, settings: settings)
        return try rendering.render(resolved, read: bundle.read, warnings: &warnings)
    }

    private func macroSettings(for request: GenerationRequest) throws -> XcodeMacroSettings {
        var settings = XcodeMacroSettings(header: request.header, datePattern: request.environment.datePattern)
        for (key, value) in request.settings {
            switch key {
            case "project": settings.header.project = value
            case "author": settings.header.author = value
            case "company": settings.header.company = value
            default: continue
            }
        }
        let environment = request.environment
        if let file = XcodeMacrosFile.locate(
            outputDirectory: environment.outputDirectory, project: settings.header.project,
            configured: environment.xcodeMacrosFile)
        {
            if macrosByFile[file] == nil {
                try XcodeMacrosFile.checkTrusted(file, configured: environment.xcodeMacrosFile)
                macrosByFile[file] = try XcodeMacrosFile.read(atPath: file)
            }
            settings.customMacros = macrosByFile[file] ?? [:]
            settings.customMacrosFile = file
        }
        return settings
    }
}
