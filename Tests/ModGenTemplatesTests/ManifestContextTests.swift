import ModGenCore
import ModGenMustache
import Testing

@testable import ModGenTemplates

@Suite struct ManifestContextTests {
    static let manifest = """
        {
          "id": "demo",
          "summary": "Demo",
          "options": [{ "name": "rx", "kind": "flag" }],
          "parameters": [{ "name": "builderContext", "default": "{{name}}Context" }],
          "files": [{ "template": "A.mustache", "path": "A.swift" }]
        }
        """

    func validate(_ settings: [String: String]) throws {
        let manifest = try TemplateManifest(parsing: Self.manifest, fileName: "template.json")
        try ManifestContext.validate(settings: settings, manifest: manifest)
    }

    @Test func parametersAndHeaderFieldsMayBeSet() throws {
        try validate(["builderContext": "Void", "project": "Shop", "author": "A", "company": "C"])
        // A text parameter takes any string.
        try validate(["builderContext": "", "project": "Shop & Co"])
    }

    /// A key the template does not declare would be a value no template reads: most likely a typo.
    @Test func aKeyTheTemplateDoesNotDeclareIsRefused() {
        #expect(
            throws: OptionError(
                "set builderContxt: template 'demo' has no parameter 'builderContxt' (its parameters: "
                    + "builderContext; header fields: project, author, company). Did you mean 'builderContext'?")
        ) { try validate(["builderContxt": "Void"]) }
        #expect(
            throws: OptionError(
                "set autor: template 'demo' has no parameter 'autor' (its parameters: builderContext; header "
                    + "fields: project, author, company). Did you mean 'author'?")
        ) { try validate(["autor": "Ann"]) }
        #expect(
            throws: OptionError(
                "set ticket: template 'demo' has no parameter 'ticket' (its parameters: builderContext; header "
                    + "fields: project, author, company)")
        ) { try validate(["ticket": "X-1"]) }
    }

    @Test func aTemplateWithoutParametersSaysSo() throws {
        let text = Self.manifest.replacingOccurrences(
            of: "\"parameters\": [{ \"name\": \"builderContext\", \"default\": \"{{name}}Context\" }],", with: "")
        #expect(text != Self.manifest)
        let manifest = try TemplateManifest(parsing: text, fileName: "template.json")
        #expect(
            throws: OptionError(
                "set builderContext: template 'demo' has no parameter 'builderContext' (it has no parameters; "
                    + "header fields: project, author, company)")
        ) { try ManifestContext.validate(settings: ["builderContext": "Void"], manifest: manifest) }
    }

    @Test(arguments: [
        ("", "the name is empty"), ("Foo Bar", "' ' is not allowed (use ASCII letters, digits and '_')"),
        ("1abc", "it starts with a digit"), ("struct", "'struct' is a Swift keyword"),
        ("A\tB", "'\\u{9}' is not allowed (use ASCII letters, digits and '_')"),
    ])
    func anIdentifierParameterTakesOnlyAnIdentifier(value: String, problem: String) throws {
        let text = Self.manifest.replacingOccurrences(
            of: "{ \"name\": \"builderContext\",", with: "{ \"name\": \"builderContext\", \"kind\": \"identifier\",")
        let manifest = try TemplateManifest(parsing: text, fileName: "template.json")
        try ManifestContext.validate(settings: ["builderContext": "Void"], manifest: manifest)
        let shown = value.replacingOccurrences(of: "\t", with: "\\u{9}")
        #expect(throws: OptionError("set builderContext='\(shown)' is not a Swift identifier: \(problem)")) {
            try ManifestContext.validate(settings: ["builderContext": value], manifest: manifest)
        }
    }

    @Test func anOptionIsSetWithItsFlag() {
        #expect(throws: OptionError("set rx=… names an option of 'demo': use its flag instead")) {
            try validate(["rx": "true"])
        }
    }

    @Test(arguments: ["name", "nameCamel", "nameSnake", "nameKebab", "fileName", "year", "date"])
    func derivedNamesCannotBeSet(key: String) {
        #expect(throws: OptionError("set key '\(key)' is derived by modgen and cannot be set")) {
            try validate([key: "x"])
        }
    }

    @Test(arguments: ["BuilderContext", "builder_context", "builder-context", "2x", "class", ""])
    func keysMustBeLowerCamelIdentifiers(key: String) {
        #expect(throws: OptionError("set key '\(key)' is not a lowerCamelCase identifier")) {
            try validate([key: "x"])
        }
    }

    /// The manifest reader refuses exactly the context's names (plus modgen's own flag words) as option names.
    @Test func theManifestReservesEveryContextName() {
        for name in ContextNames.all.sorted() {
            let text = Self.manifest.replacingOccurrences(of: "\"name\": \"rx\"", with: "\"name\": \"\(name)\"")
            do {
                _ = try TemplateManifest(parsing: text, fileName: "template.json")
                Issue.record("option name '\(name)' should be refused")
            } catch {
                #expect(error.reason == "name '\(name)' is reserved for the template context")
            }
        }
        #expect(ContextNames.all.isSuperset(of: ["name", "fileName", "project", "author", "company", "year", "date"]))
    }

    @Test func setValuesReplaceHeaderFields() throws {
        let manifest = try TemplateManifest(parsing: Self.manifest, fileName: "template.json")
        let request = GenerationRequest(
            moduleName: "Home", options: OptionValues(["rx": .flag(true)]),
            settings: ["author": "Set"],
            header: HeaderFields(project: "Shop", author: "Config", date: "2024-02-29"))
        let context = ManifestContext.base(for: request, manifest: manifest)
        let values = Dictionary(context.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(context.count == values.count, "each name once")
        #expect(values["project"] == .string("Shop"))
        #expect(values["author"] == .string("Set"))
        #expect(values["company"] == .string(""))
        #expect(values["year"] == .string("2024"))
        #expect(values["date"] == .string("2024-02-29"))
        #expect(values["rx"] == .bool(true))
        #expect(values["nameSnake"] == .string("home"))
    }
}
