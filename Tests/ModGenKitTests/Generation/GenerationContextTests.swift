import Testing

@testable import ModGenKit

@Suite struct GenerationContextTests {
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
        try GenerationContext.validate(settings: settings, manifest: manifest)
    }

    @Test func parametersHeaderFieldsAndNewKeysMayBeSet() throws {
        try validate(["builderContext": "Void", "project": "Shop", "author": "A", "company": "C", "ticket": "X-1"])
    }

    @Test func anOptionIsSetWithItsFlag() {
        #expect(throws: OptionError("--set rx=… names an option of 'demo': use its flag instead")) {
            try validate(["rx": "true"])
        }
    }

    @Test(arguments: ["name", "nameCamel", "nameSnake", "nameKebab", "fileName", "year", "date"])
    func derivedNamesCannotBeSet(key: String) {
        #expect(throws: OptionError("--set key '\(key)' is derived by modgen and cannot be set")) {
            try validate([key: "x"])
        }
    }

    @Test(arguments: ["BuilderContext", "builder_context", "builder-context", "2x", "class", ""])
    func keysMustBeLowerCamelIdentifiers(key: String) {
        #expect(throws: OptionError("--set key '\(key)' is not a lowerCamelCase identifier")) {
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

    @Test func setValuesReplaceHeaderFieldsAndAddNewKeys() throws {
        let manifest = try TemplateManifest(parsing: Self.manifest, fileName: "template.json")
        let request = GenerationRequest(
            moduleName: "Home", options: OptionValues(["rx": .flag(true)]),
            settings: ["author": "Set", "ticket": "X-1"],
            header: HeaderFields(project: "Shop", author: "Config", date: "2024-02-29"))
        let context = GenerationContext.base(for: request, manifest: manifest)
        let values = Dictionary(context.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(context.count == values.count, "each name once")
        #expect(values["project"] == .string("Shop"))
        #expect(values["author"] == .string("Set"))
        #expect(values["company"] == .string(""))
        #expect(values["year"] == .string("2024"))
        #expect(values["date"] == .string("2024-02-29"))
        #expect(values["ticket"] == .string("X-1"))
        #expect(values["rx"] == .bool(true))
        #expect(values["nameSnake"] == .string("home"))
    }
}
