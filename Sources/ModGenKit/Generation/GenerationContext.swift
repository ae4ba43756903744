/// What a run asks for besides the template: the module name (absent for support files), option values, `--set`
/// values and header fields.
public struct GenerationRequest: Sendable {
    public var moduleName: String?
    public var options: OptionValues
    public var settings: [String: String]
    public var header: HeaderFields

    public init(
        moduleName: String?, options: OptionValues, settings: [String: String] = [:], header: HeaderFields = .init()
    ) {
        self.moduleName = moduleName
        self.options = options
        self.settings = settings
        self.header = header
    }
}

/// A module name that cannot become a Swift type name (exit 64).
public struct ModuleNameError: ModGenError, Equatable {
    public var name: String
    public var reason: String
    public var message: String { "invalid module name '\(name)': \(reason)" }
    public var exitCode: ExitCode { .usage }
}

/// Builds the variables every template sees (see docs/TEMPLATE_FORMAT.md): name forms, options, choice booleans,
/// parameters, `--set` values and header fields. `fileName` is added per file by the renderer.
enum GenerationContext {

    static func validate(moduleName: String) throws(ModuleNameError) {
        if let problem = SwiftIdentifier.problem(with: moduleName) {
            throw ModuleNameError(name: moduleName, reason: problem)
        }
    }

    /// Checks `--set` keys: lowerCamel identifiers that do not shadow an option or a built-in variable.
    static func validate(settings: [String: String], manifest: TemplateManifest) throws(OptionError) {
        for key in settings.keys.sorted() {
            if manifest.option(named: key) != nil {
                throw OptionError("--set \(key)=… names an option of '\(manifest.id)': use its flag instead")
            }
            if let problem = ContextNames.problem(withSettingKey: key) {
                throw OptionError("--set key '\(key)' \(problem)")
            }
        }
    }

    /// The context without parameters (their defaults are rendered from it) and without `fileName`.
    static func base(for request: GenerationRequest, manifest: TemplateManifest) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let name = request.moduleName {
            members += [
                ("name", .string(name)),
                ("nameCamel", .string(CaseConversion.lowerCamel(name))),
                ("nameSnake", .string(CaseConversion.snake(name))),
                ("nameKebab", .string(CaseConversion.kebab(name))),
            ]
        }
        for option in manifest.options {
            let value = request.options[option.name] ?? option.defaultValue
            switch (option.kind, value) {
            case (.flag, .flag(let on)):
                members.append((option.name, .bool(on)))
            case (.choice(let values, _), _):
                members.append((option.name, .string(value.text)))
                for choice in values { members.append(("\(option.name)_\(choice)", .bool(choice == value.text))) }
            default:
                members.append((option.name, .string(value.text)))
            }
        }
        for (key, value) in request.header.settableFields {
            members.append((key, .string(request.settings[key] ?? value)))
        }
        members += [("year", .string(request.header.year)), ("date", .string(request.header.date))]
        let declared = Set(manifest.parameters.map(\.name) + ContextNames.headerFields)
        for key in request.settings.keys.sorted() where !declared.contains(key) {
            members.append((key, .string(request.settings[key] ?? "")))
        }
        return members
    }
}
