import ModGenCore

/// Builds the variables every template sees (see docs/TEMPLATE_FORMAT.md): name forms, options, choice booleans,
/// parameters and header fields (`--set` values replace their defaults). `fileName` is added per file by the renderer.
enum ManifestContext {

    /// Checks a request's settings by the `--set` rules: the session checks command-line values as it reads them,
    /// the renderer checks them again for callers that build a request themselves.
    static func validate(settings: [String: String], manifest: TemplateManifest) throws(OptionError) {
        for key in settings.keys.sorted() {
            try validate(settingKey: key, value: settings[key] ?? "", manifest: manifest)
        }
    }

    /// A `--set` key must be a parameter the template declares or a header field, so a typo
    /// (`builderContxt=Void`) is an error instead of a value no template reads; an identifier parameter's value
    /// must be a Swift identifier.
    static func validate(settingKey key: String, value: String, manifest: TemplateManifest) throws(OptionError) {
        func refuse(_ problem: OptionError.SettingProblem) -> OptionError {
            .invalidSetting(key: key, value: value, problem: problem)
        }
        if manifest.option(named: key) != nil { throw refuse(.isAnOption(template: manifest.id)) }
        if let problem = ContextNames.problem(withSettingKey: key) { throw refuse(.reservedKey(problem)) }
        if ContextNames.headerFields.contains(key) {
            if let problem = HeaderFields.problem(withFieldValue: value) { throw refuse(.badHeaderValue(problem)) }
            return
        }
        guard let parameter = manifest.parameter(named: key) else {
            let parameters = manifest.parameters.map(\.name)
            let known =
                (parameters.isEmpty ? "it has no parameters" : "its parameters: \(parameters.joined(separator: ", "))")
                + "; header fields: \(ContextNames.headerFields.joined(separator: ", "))"
            let suggestion = Suggestion.closest(to: key, among: parameters + ContextNames.headerFields)
            throw refuse(.unknownKey(template: manifest.id, known: known, suggestion: suggestion))
        }
        if let problem = parameter.problem(withValue: value) { throw refuse(.badValue(problem)) }
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
        let project = request.settings["project"] ?? request.header.project
        // Empty (the template's own default then) when Xcode's module name would not pass as a Swift type name
        // in generated code: letters outside ASCII.
        let projectModule = ProductModuleName.from(project)
        members += [
            ("year", .string(request.header.year)),
            ("date", .string(request.header.formattedDate(request.environment.datePattern))),
            ("projectModule", .string(SwiftIdentifier.problem(with: projectModule) == nil ? projectModule : "")),
            ("targetModule", .string(request.environment.targetModule ?? "")),
        ]
        return members
    }

    /// Every text value of `context` (names, text options, parameters, header fields) as the contents of a Swift
    /// string literal, by its name: `"{{swiftString.title}}"` holds the text exactly, quotes, backslashes and `\(`
    /// included, where `"{{title}}"` would end the literal or interpolate. A template asks for it where it writes a
    /// value into a literal; every other output stays as it was.
    static func swiftStrings(of context: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(
            context.compactMap { member in
                guard case .string(let text) = member.value else { return nil }
                return (member.key, .string(PrintableText.swiftStringLiteralContents(text)))
            })
    }
}
