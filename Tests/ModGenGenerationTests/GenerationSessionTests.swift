import Foundation
import ModGenCore
import ModGenMustache
import ModGenWriting
import TestSupport
import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// `GenerationSession`: how the config file and the command line are merged, and whom an error blames — the
/// flags (exit 64) or the config file, at its line and column (exit 65).
@Suite struct GenerationSessionTests {
    static let manifest = """
        {
          "id": "demo",
          "summary": "Demo",
          "options": [
            { "name": "interactor", "kind": "flag", "default": true },
            { "name": "formatter", "kind": "flag",
              "requires": [{ "condition": "interactor", "reason": "it formats what the interactor fetches" }] },
            { "name": "rx", "kind": "flag", "conflicts": ["viewState"] },
            { "name": "viewState", "kind": "flag" }
          ],
          "parameters": [
            { "name": "builderContext", "kind": "identifier", "default": "{{name}}Context" },
            { "name": "note", "default": "" }
          ],
          "files": [{ "template": "A.mustache", "path": "A.swift" }]
        }
        """

    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("templates/demo/template.json", Self.manifest)
        try folder.write("templates/demo/A.mustache", "{{builderContext}}\n")
    }

    var configPath: String { folder.url(ModGenConfig.fileName).path }

    /// A session with `config` as its config file and the demo template.
    func session(_ config: String) throws -> (GenerationSession, any ModuleTemplate) {
        try folder.write(ModGenConfig.fileName, config)
        let session = try GenerationSession(
            configFile: folder.url(ModGenConfig.fileName), workingDirectory: folder.url("."),
            templateDirectories: [folder.url("templates")])
        return (session, try session.catalog.template(id: "demo"))
    }

    func position(of marker: String, in text: String) throws -> SourcePosition {
        try #require(TextPositions.position(of: marker, in: text, plus: 0))
    }

    /// Without `--template` and without a config file, a session picks the default the built-in catalog declares
    /// (`TemplateCatalog.defaultTemplateID`, checked against `Templates/catalog.json` in `TemplateCatalogTests`).
    @Test func withoutATemplateTheCatalogDefaultIsUsed() {
        defer { folder.remove() }
        let session = GenerationSession(ignoringConfigFiles: [])
        #expect(session.templateID(explicit: nil) == TemplateCatalog.defaultTemplateID)
        #expect(session.templateID(explicit: "mvvm-fc") == "mvvm-fc")
    }

    // MARK: - set

    /// The config serves every template: keys this one does not declare belong to others and are left out.
    @Test func configKeysTheTemplateDoesNotDeclareAreLeftOut() throws {
        defer { folder.remove() }
        let (session, template) = try session(
            #"{ "set": { "builderContext": "Void", "otherTemplatesKey": "x", "project": "Shop" } }"#)
        #expect(try session.settings(for: template, arguments: []) == ["builderContext": "Void", "project": "Shop"])
        #expect(
            try session.settings(for: template, arguments: ["builderContext=AppContext", "note=a = b", "note=last"])
                == ["builderContext": "AppContext", "project": "Shop", "note": "last"])
    }

    @Test func aConfigValueForAnIdentifierParameterIsCheckedWhereItIsWritten() throws {
        defer { folder.remove() }
        let text = #"{ "set": { "note": "any text", "builderContext": "Foo Bar" } }"#
        let (session, template) = try session(text)
        let expected = DataFileError(
            fileName: configPath, position: try position(of: #""Foo Bar""#, in: text),
            reason: "set builderContext 'Foo Bar' for template 'demo' is not a Swift identifier: ' ' is not allowed "
                + "(use ASCII letters, digits and '_')")
        #expect(throws: expected) { try session.settings(for: template, arguments: []) }
        // A command-line value replaces it, but the config is still wrong, and says so.
        #expect(throws: expected) { try session.settings(for: template, arguments: ["builderContext=Void"]) }
    }

    /// A config made in code has no positions; its values are filtered and checked all the same.
    @Test func aConfigMadeInCodeIsFilteredAndCheckedToo() throws {
        defer { folder.remove() }
        let manifest = try TemplateManifest(parsing: Self.manifest, fileName: "template.json")
        var config = ModGenConfig()
        config.settings = ["note": "x", "elsewhere": "y", "author": "Ann"]
        #expect(try config.settings(for: manifest.template) == ["note": "x", "author": "Ann"])
        config.settings["builderContext"] = "1abc"
        #expect(
            throws: DataFileError(
                fileName: ".modgen.json", position: SourcePosition(line: 1, column: 1),
                reason:
                    "set builderContext '1abc' for template 'demo' is not a Swift identifier: it starts with a digit")
        ) { try config.settings(for: manifest.template) }
    }

    @Test func aCommandLineKeyMustBeDeclared() throws {
        defer { folder.remove() }
        let (session, template) = try session("{}")
        #expect {
            try session.settings(for: template, arguments: ["builderContxt=Void"])
        } throws: { error in
            guard let error = error as? OptionError else { return false }
            return error.message.hasPrefix("set builderContxt: template 'demo' has no ")
                && error.message.hasSuffix("Did you mean 'builderContext'?")
        }
        #expect(throws: OptionError("set builderContext='' is not a Swift identifier: the name is empty")) {
            try session.settings(for: template, arguments: ["builderContext="])
        }
        #expect(throws: OptionError("set expects key=value, got '=Void'")) {
            try session.settings(for: template, arguments: ["=Void"])
        }
        #expect(throws: OptionError("set rx=… names an option of 'demo': use its flag instead")) {
            try session.settings(for: template, arguments: ["rx=true"])
        }
    }

    // MARK: - Option rules

    @Test func aRuleOnlyTheConfigBreaksIsTheConfigsError() throws {
        defer { folder.remove() }
        let text = #"{ "options": { "demo": { "rx": false, "formatter": true, "interactor": false } } }"#
        let (session, template) = try session(text)
        // Pointed at the first of the config's values the rule involves.
        let expected = DataFileError(
            fileName: configPath, position: try position(of: "true,", in: text),
            reason: "options for 'demo': formatter requires interactor: it formats what the interactor fetches")
        #expect(throws: expected) { try session.resolveOptions(for: template, explicit: [:]) }
        // The flag that fixes it wins over the config.
        #expect(
            try session.resolveOptions(for: template, explicit: ["interactor": .flag(true)])["formatter"] == .flag(true)
        )
    }

    /// `--formatter` is fine over the manifest's defaults; it is the config's `interactor: false` that breaks it.
    @Test func aFlagThatOnlyClashesWithTheConfigBlamesTheConfigsValue() throws {
        defer { folder.remove() }
        let text = #"{ "options": { "demo": { "rx": true, "interactor": false } } }"#
        let (session, template) = try session(text)
        #expect(
            throws: DataFileError(
                fileName: configPath, position: try position(of: "false", in: text),
                reason: "options for 'demo': formatter requires interactor: it formats what the interactor fetches")
        ) { try session.resolveOptions(for: template, explicit: ["formatter": .flag(true)]) }
    }

    /// When the flags break a rule by themselves, the error speaks of flags, even with config values around.
    @Test func aRuleTheFlagsBreakKeepsTheFlagWording() throws {
        defer { folder.remove() }
        let text = #"{ "options": { "demo": { "formatter": true, "interactor": false } } }"#
        let (session, template) = try session(text)
        // The config breaks a rule too (reported first in manifest order), but the flags' own problem comes first.
        #expect(throws: OptionError("rx cannot be used with viewState")) {
            try session.resolveOptions(for: template, explicit: ["rx": .flag(true), "viewState": .flag(true)])
        }
        // `--no-interactor` alone breaks nothing: the config's `formatter: true` needs the interactor.
        #expect(
            throws: DataFileError(
                fileName: configPath, position: try position(of: "true", in: text),
                reason: "options for 'demo': formatter requires interactor: it formats what the interactor fetches")
        ) { try session.resolveOptions(for: template, explicit: ["interactor": .flag(false)]) }
        let (plain, _) = try self.session("{}")
        #expect(throws: OptionError("formatter requires interactor: it formats what the interactor fetches")) {
            try plain.resolveOptions(for: template, explicit: ["formatter": .flag(true), "interactor": .flag(false)])
        }
    }

    /// Without a position for the involved values (a rule whose options the config does not set), the template's
    /// object in `"options"` is named.
    @Test func theTemplatesOptionsObjectIsNamedWhenNoInvolvedValueIsInTheConfig() throws {
        defer { folder.remove() }
        let text = #"{ "options": { "demo": { "interactor": false } } }"#
        let config = try session(text).0.config
        let manifest = try TemplateManifest(parsing: Self.manifest, fileName: "template.json")
        let violation = ConstraintViolation(
            option: "rx", value: .flag(true), rule: .requires, condition: .isOn("viewState"), reason: nil, options: [:])
        #expect(
            config.optionRuleError(violation, template: manifest.template)
                == DataFileError(
                    fileName: configPath, position: try position(of: #"{ "interactor""#, in: text),
                    reason: "options for 'demo': rx requires viewState"))
    }

    // MARK: - Date

    /// An empty SOURCE_DATE_EPOCH is unset, as the reproducible-builds convention says; anything else must be a
    /// number of seconds.
    @Test func anEmptySourceDateEpochIsUnset() throws {
        defer { folder.remove() }
        let (session, _) = try session("{}")
        #expect(try session.header(date: nil, environment: ["SOURCE_DATE_EPOCH": ""]).date == "")
        #expect(try session.header(date: nil, environment: ["SOURCE_DATE_EPOCH": "86400"]).date == "1970-01-02")
        #expect(throws: EnvironmentValueError.self) {
            try session.header(date: nil, environment: ["SOURCE_DATE_EPOCH": " "])
        }
        #expect(throws: EnvironmentValueError.self) {
            try session.header(date: nil, environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        }
    }
}
