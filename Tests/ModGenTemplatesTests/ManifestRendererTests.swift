import Foundation
import ModGenCore
import ModGenMustache
import TestSupport
import Testing

@testable import ModGenTemplates

/// Renders a small user template from a temporary folder, so these tests do not depend on the built-in templates.
@Suite struct ManifestRendererTests {
    static var manifest: String { DemoTemplate.manifest }
    let demo: DemoTemplate
    var folder: URL { demo.folder }

    func write(_ path: String, _ text: String) throws { try demo.write(path, text) }
    func renderer() throws -> any TemplateRendering { try demo.renderer() }

    init() throws { demo = try DemoTemplate() }

    func options(_ explicit: [String: OptionValue]) throws -> OptionValues {
        try renderer().template.resolvedOptions(explicit)
    }

    @Test func rendersFilesWhoseConditionHolds() throws {
        let request = GenerationRequest(
            moduleName: "HomeScreen", options: try options(["interface": .choice("storyboard")]),
            header: HeaderFields(project: "Shop"))
        let files = try renderer().renderModule(request)
        #expect(files.map(\.path) == ["HomeScreen/HomeScreenView.swift", "HomeScreen/HomeScreen.storyboard"])
        #expect(
            files[0].contents == """
                // HomeScreenView.swift — Shop
                final class HomeScreenView {
                    let context: HomeScreenContext? = nil // homeScreen home_screen home-screen storyboard
                    let storyboard = "HomeScreen"
                }

                """)
    }

    @Test func setValuesReplaceParameterDefaults() throws {
        let request = GenerationRequest(
            moduleName: "Home", options: try options(["rx": .flag(true)]), settings: ["builderContext": "Void"])
        let files = try renderer().renderModule(request)
        #expect(files.map(\.path) == ["Home/HomeView.swift"])
        #expect(files[0].contents.contains("final class HomeView /* rx */{"))
        #expect(files[0].contents.contains("let context: Void? = nil"))
    }

    /// `<parameter>_default` and `<parameter>_<value>` let a template declare its default type but never one the
    /// user named, and test for `Void`.
    @Test(arguments: [
        (nil, "declare HomeContext\n"), ("HomeContext", "declare HomeContext\n"), ("Void", "Void is void\n"),
        ("AppContext", "use AppContext\n"),
    ])
    func parameterBooleansTellDefaultAndValue(setting: String?, expected: String) throws {
        try write(
            "View.swift.mustache",
            "{{#builderContext_default}}declare {{builderContext}}{{/builderContext_default}}"
                + "{{^builderContext_default}}{{#builderContext_Void}}Void is void{{/builderContext_Void}}"
                + "{{^builderContext_Void}}use {{builderContext}}{{/builderContext_Void}}{{/builderContext_default}}\n")
        let request = GenerationRequest(
            moduleName: "Home", options: try options([:]),
            settings: setting.map { ["builderContext": $0] } ?? [:])
        #expect(try renderer().renderModule(request).first?.contents == expected)
    }

    /// `{{swiftString.<name>}}` is a value escaped for a Swift string literal, asked for where a template writes a
    /// literal; `{{<name>}}` stays as it is (a comment needs no escape, and outputs do not change).
    @Test func swiftStringEscapesTextValuesForALiteral() throws {
        try write(
            "View.swift.mustache",
            "let text = \"{{swiftString.builderContext}}\" // {{builderContext}}\n"
                + "let project = \"{{swiftString.project}}\"; let name = \"{{swiftString.name}}\"\n")
        let text = #"He said "hi" \ ok \(x) ✓"#
        let request = GenerationRequest(
            moduleName: "Home", options: try options([:]), settings: ["builderContext": text],
            header: HeaderFields(project: "a\"b"))
        #expect(
            try renderer().renderModule(request).first?.contents
                == #"let text = "He said \"hi\" \\ ok \\(x) ✓" // He said "hi" \ ok \(x) ✓"# + "\n"
                + #"let project = "a\"b"; let name = "Home""# + "\n")
    }

    /// A template may not declare an option or parameter that shadows it.
    @Test func swiftStringIsAReservedName() throws {
        try write(
            "template.json",
            Self.manifest.replacingOccurrences(of: #""name": "builderContext""#, with: #""name": "swiftString""#))
        let error = try #require(throws: DataFileError.self) { try renderer() }
        #expect(error.message.hasSuffix("name 'swiftString' is reserved for the template context"))
    }

    @Test func supportFilesHaveNoModuleName() throws {
        let files = try renderer().renderSupport(GenerationRequest(moduleName: "Home", options: try options([:])))
        #expect(files == [RenderedFile(path: "Base.swift", contents: "// Base.swift\nclass Base {}\n")])
    }

    @Test(arguments: ["2Home", "class", "Home-Screen", ""])
    func refusesInvalidModuleNames(name: String) throws {
        #expect(throws: ModuleNameError.self) {
            try renderer().renderModule(GenerationRequest(moduleName: name, options: try options([:])))
        }
    }

    @Test func aMisspelledVariableIsAnErrorNamingFileLineAndColumn() throws {
        try write("Board.mustache", "<document>\n  {{nmae}}\n</document>\n")
        let request = GenerationRequest(moduleName: "Home", options: try options(["interface": .choice("storyboard")]))
        do {
            _ = try renderer().renderModule(request)
            Issue.record("rendering should fail")
        } catch let error as MustacheError {
            #expect(error.message.hasPrefix(folder.appendingPathComponent("Board.mustache").path + ":2:3: "))
            #expect(error.message.contains("nmae"))
        }
    }

    /// A template file that does not exist is the manifest's mistake (exit 65), named where the manifest names it.
    @Test func aMissingTemplateFileNamesTheManifestLineAndColumn() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("View.swift.mustache"))
        let position = try #require(TextPositions.position(of: "\"View.swift", in: Self.manifest, plus: 0))
        let expected = DataFileError(
            fileName: manifestPath, position: position, reason: "template file 'View.swift.mustache' does not exist")
        #expect(throws: expected) {
            try renderer().renderModule(GenerationRequest(moduleName: "Home", options: try options([:])))
        }
    }

    @Test func aMissingSupportTemplateFileNamesItsOwnEntry() throws {
        let text = try replaceInManifest("\"Base.swift.mustache\"", with: "\"support/Missing.mustache\"")
        let position = try #require(TextPositions.position(of: "\"support/Missing", in: text, plus: 0))
        #expect(
            throws: DataFileError(
                fileName: manifestPath, position: position,
                reason: "template file 'support/Missing.mustache' does not exist")
        ) { try renderer().renderSupport(GenerationRequest(moduleName: nil, options: try options([:]))) }
        // A file whose condition does not hold is not needed, so its template is never looked for.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Board.mustache"))
        #expect(
            try renderer().renderModule(GenerationRequest(moduleName: "Home", options: try options([:]))).count == 1)
    }

    /// An identifier parameter's default must render to a Swift identifier; the error names where the manifest
    /// writes the default, also when `--set` gives a value (the manifest is wrong either way).
    @Test(arguments: [nil, "AppContext"])
    func anIdentifierDefaultThatRendersToSomethingElseIsTheManifests(setting: String?) throws {
        let text = try replaceInManifest(
            "{ \"name\": \"builderContext\", \"default\": \"{{name}}Context\" }",
            with: "{ \"name\": \"builderContext\", \"kind\": \"identifier\", \"default\": \"{{name}} Context\" }")
        let position = try #require(TextPositions.position(of: "\"{{name}} Context", in: text, plus: 0))
        let request = GenerationRequest(
            moduleName: "Home", options: try options([:]), settings: setting.map { ["builderContext": $0] } ?? [:])
        let expected = DataFileError(
            fileName: manifestPath, position: position,
            reason: "parameter 'builderContext' default '{{name}} Context' renders to 'Home Context', which is not a "
                + "Swift identifier: ' ' is not allowed (use ASCII letters, digits and '_')")
        #expect(throws: expected) { try renderer().renderModule(request) }
        // Support files render no defaults, so nothing there can be wrong with it.
        #expect(try renderer().renderSupport(request).count == 1)
    }

    @Test func anIdentifierParameterRendersItsDefaultAndRefusesOtherValues() throws {
        _ = try replaceInManifest(
            "{ \"name\": \"builderContext\",", with: "{ \"name\": \"builderContext\", \"kind\": \"identifier\",")
        let plain = GenerationRequest(moduleName: "Home", options: try options([:]))
        #expect(try renderer().renderModule(plain).first?.contents.contains("let context: HomeContext?") == true)
        for value in ["", "Foo Bar", "1abc", "class"] {
            let request = GenerationRequest(
                moduleName: "Home", options: try options([:]), settings: ["builderContext": value])
            #expect(throws: OptionError.self) { try renderer().renderModule(request) }
        }
    }

    /// The manifest with one substitution, written into the template folder.
    func replaceInManifest(_ original: String, with replacement: String) throws -> String {
        let text = Self.manifest.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.manifest, "the substitution must change the manifest")
        try write("template.json", text)
        return text
    }

    var manifestPath: String { folder.appendingPathComponent("template.json").path }

    @Test func anOutputPathErrorNamesTheManifestLineAndColumn() throws {
        let text = try replaceInManifest("\"{{name}}/{{name}}View.swift\"", with: "\"{{name}}/{{nam}}View.swift\"")
        let position = try #require(TextPositions.position(of: "\"{{name}}/{{nam}}", in: text, plus: 0))
        do {
            _ = try renderer().renderModule(GenerationRequest(moduleName: "Home", options: try options([:])))
            Issue.record("rendering should fail")
        } catch let error as DataFileError {
            #expect(
                error.message
                    == "\(manifestPath):\(position): output path '{{name}}/{{nam}}View.swift': no value named 'nam'")
        }
    }

    @Test func anOutputPathThatDoesNotParseNamesTheManifestLineAndColumn() throws {
        let text = try replaceInManifest("\"Base.swift\"", with: "\"{{#open}}Base.swift\"")
        let position = try #require(TextPositions.position(of: "\"{{#open}}", in: text, plus: 0))
        #expect(
            throws: DataFileError(
                fileName: manifestPath, position: position,
                reason: "output path '{{#open}}Base.swift': unclosed section 'open'")
        ) { try renderer().renderSupport(GenerationRequest(moduleName: nil, options: try options([:]))) }
    }

    @Test func anOutputPathThatRendersEmptyNamesWhereItIsWritten() throws {
        let text = try replaceInManifest("\"Base.swift\"", with: "\"{{#rx}}Base.swift{{/rx}}\"")
        let position = try #require(TextPositions.position(of: "\"{{#rx}}", in: text, plus: 0))
        #expect(
            throws: DataFileError(
                fileName: manifestPath, position: position,
                reason: "output path '{{#rx}}Base.swift{{/rx}}' renders to '', which names no file")
        ) { try renderer().renderSupport(GenerationRequest(moduleName: nil, options: try options([:]))) }
    }

    @Test func aParameterDefaultErrorNamesTheManifestLineAndColumn() throws {
        let text = try replaceInManifest("\"{{name}}Context\"", with: "\"{{nmae}}Context\"")
        let position = try #require(TextPositions.position(of: "\"{{nmae}}Context", in: text, plus: 0))
        #expect(
            throws: DataFileError(
                fileName: manifestPath, position: position,
                reason: "parameter 'builderContext' default '{{nmae}}Context': no value named 'nmae'")
        ) { try renderer().renderModule(GenerationRequest(moduleName: "Home", options: try options([:]))) }
    }

    @Test func anErrorInAPartialAnOutputPathIncludesNamesThePartial() throws {
        _ = try replaceInManifest("\"Base.swift\"", with: "\"{{> prefix}}Base.swift\"")
        try write("partials/prefix.mustache", "{{nope}}/")
        do {
            _ = try renderer().renderSupport(GenerationRequest(moduleName: nil, options: try options([:])))
            Issue.record("rendering should fail")
        } catch let error as MustacheError {
            #expect(
                error.message == folder.appendingPathComponent("partials/prefix.mustache").path
                    + ":1:1: no value named 'nope'")
        }
    }

    @Test func aBrokenOwnHeaderDoesNotFallBackToTheSharedOne() throws {
        try Data([0x2F, 0x2F, 0xFF]).write(to: folder.appendingPathComponent("partials/header.mustache"))
        #expect(throws: MustacheError.self) {
            try renderer().renderSupport(GenerationRequest(moduleName: nil, options: try options([:])))
        }
    }
}
