import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A template chosen for `new` or `support`, the session it came from, and the command-line options its manifest
/// gives: flag `rx` → `--rx`/`--no-rx`, choice `interface` → `--interface <interface>`, text `group` →
/// `--group <Group>`. The command line's side of manifest options (the library words its messages about them
/// itself), so no Swift code knows any template.
struct TemplateFlags: Sendable {
    var session: GenerationSession
    var template: any ModuleTemplate
    /// The manifest's options as command-line options, in manifest order, listed in help under their own title.
    var options: [OptionSpec]

    init(session: GenerationSession, template: any ModuleTemplate) {
        self.session = session
        self.template = template
        options = Self.options(of: template)
    }

    private static func options(of template: any ModuleTemplate) -> [OptionSpec] {
        let group = "TEMPLATE OPTIONS (\(template.id))"
        return template.options.map { option in
            var spec = Self.optionSpec(for: option)
            spec.group = group
            return spec
        }
    }

    /// For an option this template does not have but another built-in template does (`--rx` given to
    /// `mvvm-fc`), an error that says so and lists this template's options: "did you mean '--set'?" would only
    /// mislead. Runs on that error path only, so reading the other manifests costs nothing otherwise.
    func explainUnknownOption(_ spelling: String) -> UsageError? {
        let catalog = TemplateCatalog()
        let otherIDs = ((try? catalog.summaries()) ?? []).map(\.id).filter { $0 != template.id }
        let isOtherTemplatesOption = otherIDs.contains { id in
            guard let other = try? catalog.template(id: id) else { return false }
            return Self.options(of: other).flatMap(\.spelledNames).contains(spelling)
        }
        guard isOtherTemplatesOption else { return nil }
        return .notATemplateOption(
            spelling: spelling, template: template.id, options: options.map(\.spelling))
    }

    private static func optionSpec(for option: TemplateOption) -> OptionSpec {
        switch option.kind {
        case .flag(let defaultValue):
            return .inversion(option.flagName, defaultValue: defaultValue, help: option.help)
        case .choice(let values, let defaultValue):
            return .choice(option.flagName, values: values, defaultValue: defaultValue, help: option.help)
        case .text(let defaultValue, _):
            // An empty default means "not given"; `(default: )` would read as a mistake.
            return .value(
                option.flagName, valueName: CaseConversion.upperCamel(option.name), help: option.help,
                defaultDescription: defaultValue.isEmpty ? nil : defaultValue)
        }
    }

    /// `spec` with the template's options added. An option whose flag is already taken — by the command itself,
    /// by `--help`/`--version`, or by another option of the manifest (`noRx` against `rx`'s `--no-rx`) — is an
    /// error naming the manifest: silently preferring one of the two would make a flag mean something else.
    func completing(_ spec: CommandSpec) throws(ManifestFlagClash) -> CommandSpec {
        let command = "'modgen \(spec.name)'"
        var owners: [String: String] = ["--help": command, "-h": command, "--version": command]
        for name in spec.options.flatMap(\.spelledNames) { owners[name] = command }
        // Read once: a format may work its options out each time they are asked for.
        let templateOptions = template.options
        for (index, option) in options.enumerated() {
            let optionName = templateOptions[index].name
            for name in option.spelledNames {
                if let owner = owners[name] {
                    throw ManifestFlagClash(
                        location: location(ofOption: index), option: optionName, flag: name, owner: owner)
                }
                owners[name] = "option '\(optionName)'"
            }
        }
        var spec = spec
        spec.options += options
        return spec
    }

    /// Where the clashing option is written: the template's definition file, with the option's line and column
    /// when the format knows them.
    private func location(ofOption index: Int) -> String {
        guard let position = template.options[index].position else { return template.definitionPath }
        return "\(template.definitionPath):\(position)"
    }

    /// The values the user typed for the template's options, by option name; options not typed are absent, so the
    /// config's and the manifest's defaults still apply to them.
    func explicitValues(in arguments: ParsedArguments) throws(OptionError) -> [String: OptionValue] {
        var values: [String: OptionValue] = [:]
        for (option, spec) in zip(template.options, options) {
            switch option.kind {
            case .flag:
                if let on = arguments.flag(spec) { values[option.name] = .flag(on) }
            case .choice, .text:
                // The parser has checked a choice against its values; a text must still be a Swift identifier.
                if let text = arguments.value(spec) { values[option.name] = try option.value(fromText: text) }
            }
        }
        return values
    }

    /// What to render: every option's value (`explicit` as typed, else the config's default, else the manifest's, with
    /// `requires` and `conflicts` checked), the `--set` values and the header fields (`environment`'s
    /// SOURCE_DATE_EPOCH for the date when neither `--date` nor the config gives one).
    func request(
        moduleName: String?, explicit: [String: OptionValue], header: HeaderOptions, environment: [String: String]
    ) throws -> GenerationRequest {
        let options = try session.resolveOptions(for: template, explicit: explicit)
        return GenerationRequest(
            moduleName: moduleName, options: options, settings: try header.settings(in: session, for: template),
            header: try header.header(in: session, environment: environment))
    }
}

/// A manifest option whose flag is already taken (exit 65: the manifest must change).
struct ManifestFlagClash: ModGenError, ReportedError, Equatable {
    /// The manifest, with the option's line and column when known.
    var location: String
    var option: String
    var flag: String
    /// Who has the flag already: `'modgen new'` or `option 'rx'`.
    var owner: String

    var message: String {
        "\(location): option '\(option)' would add the flag '\(flag)', which \(owner) already has; rename the option"
    }
    var exitCode: ExitCode { .dataError }
}
