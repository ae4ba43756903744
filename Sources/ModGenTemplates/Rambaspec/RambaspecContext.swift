import ModGenCore
import ModGenLiquid

/// The values Generamba gives Liquid (`helpers/module_info_generator.rb`), from a run's request: nothing from the
/// clock or the user account, as everywhere in modgen (`--date`, the header fields and `--set` give them).
enum RambaspecContext {
    /// What `generamba template install` validates a rambaspec with.
    static let empty: [String: LiquidValue] = [:]

    /// The settings that are Generamba's own values, not `custom_parameters`.
    static let ownSettings: Set<String> = [
        "prefix", "description", "product_module_name", XcodeGroupPaths.logicalSetting,
    ]

    /// The scope every file of a run sees; `module_info.file_name` and `file_basename` are added per file.
    static func scope(for request: GenerationRequest, moduleName: String) -> [String: LiquidValue] {
        let settings = request.settings
        // `--set author=…` (and company, project) replaces the header field, as for every format.
        var header = request.header
        header.author = settings["author"] ?? header.author
        header.company = settings["company"] ?? header.company
        header.project = settings["project"] ?? header.project
        var customParameters: [(String, LiquidValue)] = []
        for key in settings.keys.sorted()
        where !ownSettings.contains(key) && !ContextNames.headerFields.contains(key) {
            customParameters.append((key, .string(settings[key] ?? "")))
        }
        let environment = request.environment
        let moduleInfo: [(String, LiquidValue)] = [
            ("name", .string(moduleName)),
            ("description", .string(nonEmpty(settings["description"]) ?? "\(moduleName) module")),
            ("project_name", .string(header.project)),
            (
                "product_module_name",
                .string(nonEmpty(settings["product_module_name"]) ?? productModuleName(header.project))
            ),
            ("project_targets", .array(environment.targets.map(LiquidValue.string))),
            ("test_targets", .array(environment.testTargets.map(LiquidValue.string))),
        ]
        return [
            "year": .string(header.year),
            "date": .string(generambaDate(header.date)),
            "developer": .hash(LiquidHash([("name", .string(header.author)), ("company", .string(header.company))])),
            "prefix": settings["prefix"].map(LiquidValue.string) ?? .null,
            "custom_parameters": .hash(LiquidHash(customParameters)),
            "module_info": .hash(LiquidHash(moduleInfo)),
        ]
    }

    /// `scope` with `module_info.<key>` set.
    static func adding(_ values: [(String, String)], toModuleInfo scope: [String: LiquidValue]) -> [String: LiquidValue]
    {
        var scope = scope
        guard case .hash(var info) = scope["module_info"] else { return scope }
        for (key, value) in values { info[key] = .string(value) }
        scope["module_info"] = .hash(info)
        return scope
    }

    /// Generamba's `Time.now.strftime('%d/%m/%Y')` for a `YYYY-MM-DD` date; empty without one.
    static func generambaDate(_ date: String) -> String {
        let parts = date.split(separator: "-")
        guard parts.count == 3 else { return "" }
        return "\(parts[2])/\(parts[1])/\(parts[0])"
    }

    /// Ruby's `project_name.gsub(/\W/, '_')` (`\w` is ASCII in Ruby).
    static func productModuleName(_ project: String) -> String {
        String(
            project.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
                    ? Character(scalar) : "_"
            })
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
