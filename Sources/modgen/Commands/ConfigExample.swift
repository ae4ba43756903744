import ModGenKit

/// The `.modgen.json` `modgen init` writes, "commented by example": JSON has no comments, so the config reader
/// takes a key that starts with `//` as one. What the flags gave is written as it is; every other setting is
/// written as an example under its key with `//` in front (`"//after": ["xcodegen generate"]`), valid as it
/// stands, so using it is removing the two slashes. A parameter's example is its default as the manifest writes it,
/// which the config reads as "the default" (`TemplateParameter.isDefault`).
struct ConfigExample {
    /// The template `--template` names; without one, the catalog's default gives the examples.
    var template: (any ModuleTemplate)?
    var exampleTemplate: (any ModuleTemplate)?
    var output: String?
    var supportOutput: String?
    var templateDirectories: [String] = []
    var project: String?
    var author: String?
    var company: String?
    var dateFormat: String?
    var afterCommands: [String] = []
    /// The project `--xcodeproj` names, and its targets; without one, `exampleXcodeProject` (the one found beside the
    /// config, else a made-up one) is written as the example.
    var xcodeProject: ProjectSetting?
    var exampleXcodeProject: ProjectSetting?

    /// The config's `"xcodeproj"`: a path relative to the config's folder, and the targets' names.
    struct ProjectSetting {
        var path: String
        var targets: [String]
        var testTargets: [String]
        /// The project's application and unit-test targets, the examples of the names not given.
        var applicationTargets: [String] = []
        var unitTestTargets: [String] = []

        /// Written as given; a list not given is shown as an example of the project's own targets (`"//targets"`),
        /// since with none named `new` takes the project's only target of the kind.
        var json: JSONValue {
            var members: [(key: String, value: JSONValue)] = [("path", .string(path))]
            for (key, given, example) in [
                ("targets", targets, applicationTargets), ("testTargets", testTargets, unitTestTargets),
            ] {
                if !given.isEmpty {
                    members.append((key, .array(given.map(JSONValue.string))))
                } else if !example.isEmpty {
                    members.append(("//" + key, .array(example.map(JSONValue.string))))
                }
            }
            return .object(members)
        }

        /// The example when no project is found: every key, with the names Xcode gives a new app's targets.
        static let madeUp = ProjectSetting(path: "App.xcodeproj", targets: ["App"], testTargets: ["AppTests"])
    }

    /// The explanation at the top, one line per element.
    static let explanation: [JSONValue] = [
        "modgen's settings for this project; flags on the command line win over them.",
        "Paths are relative to this file's folder. A key that starts with // is a comment:",
        "remove the // of an example to use it. 'modgen describe <template>' lists a template's options.",
    ].map(JSONValue.string)

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("//", .array(Self.explanation))]
        func add(_ key: String, _ value: JSONValue?, example: JSONValue) {
            members.append(value.map { (key, $0) } ?? ("//" + key, example))
        }
        let shown = template ?? exampleTemplate
        add(
            "template", template.map { .string($0.id) },
            example: .string(shown?.id ?? TemplateCatalog.defaultTemplateID))
        add("output", output.map(JSONValue.string), example: .string("Sources/Modules"))
        add("supportOutput", supportOutput.map(JSONValue.string), example: .string("Sources/Support"))
        add("templates", strings(templateDirectories), example: .array([.string("Tools/Templates")]))
        if let shown, !shown.roots.isEmpty {
            // A run that writes into a root needs it placed (`--tests` needs `tests`): a folder beside `output`
            // named after the root (`"tests": "Tests"`).
            add("roots", nil, example: .object(shown.roots.map { ($0, .string(Self.exampleFolder(ofRoot: $0))) }))
        }
        add(
            "xcodeproj", xcodeProject?.json,
            example: (exampleXcodeProject ?? .madeUp).json)
        if let template = shown {
            // Every option at its default: the example to edit.
            add("options", nil, example: .object([(template.id, .object(template.options.map(Self.example)))]))
            if !template.parameters.isEmpty {
                add("set", nil, example: .object(template.parameters.map { ($0.name, .string($0.defaultTemplate)) }))
            }
        }
        var header: [(key: String, value: JSONValue)] = []
        for (name, value, example) in [
            ("project", project, "MyApp"), ("author", author, "Jane Appleseed"), ("company", company, "Acme"),
        ] {
            header.append(value.map { (name, .string($0)) } ?? ("//" + name, .string(example)))
        }
        members.append(("header", .object(header)))
        add("dateFormat", dateFormat.map(JSONValue.string), example: .string("dd.MM.yy"))
        add("after", strings(afterCommands), example: .array([.string("xcodegen generate")]))
        return .object(members)
    }

    var text: String { json.prettyPrinted + "\n" }

    private func strings(_ values: [String]) -> JSONValue? {
        values.isEmpty ? nil : .array(values.map(JSONValue.string))
    }

    /// `tests` → `Tests`.
    private static func exampleFolder(ofRoot root: String) -> String {
        root.prefix(1).uppercased() + root.dropFirst()
    }

    private static func example(of option: TemplateOption) -> (key: String, value: JSONValue) {
        switch option.defaultValue {
        case .flag(let on): (option.name, .bool(on))
        case .choice(let value), .text(let value): (option.name, .string(value))
        }
    }
}
