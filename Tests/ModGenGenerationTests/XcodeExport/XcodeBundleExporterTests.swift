import ModGenCore
import ModGenGeneration
import ModGenTemplates
import TestSupport
import Testing

/// What `XcodeBundleExporter` writes for small templates of its own, and what it refuses.
@Suite struct XcodeBundleExporterTests {
    /// A user template in a temporary folder: `template.json` with `options` and `files`, and the template files.
    struct SmallTemplate {
        let folder: TemporaryFolder
        let template: any ModuleTemplate

        init(options: String, files: String, templates: [String: String]) throws {
            folder = try TemporaryFolder()
            try folder.write(
                "template.json",
                #"{ "id": "small", "summary": "Small", "options": [\#(options)], "files": [\#(files)] }"#)
            for (path, text) in templates { try folder.write(path, text) }
            template = try TemplateCatalog(userDirectories: [folder.url]).template(id: "small")
        }

        func export() throws -> [RenderedFile] { try XcodeBundleExporter(template: template).export() }

        /// The message of the error exporting throws.
        func refusal() -> String? {
            do {
                _ = try export()
                return nil
            } catch {
                return (error as? XcodeExportError)?.message ?? "not an export error: \(error)"
            }
        }
    }

    static let viewFile = #"{ "template": "View.swift.mustache", "path": "{{name}}/{{name}}View.swift" }"#

    static let rootOptions =
        #"{ "name": "rx", "kind": "flag" }, "#
        + #"{ "name": "tests", "kind": "choice", "values": ["none", "xctest"], "default": "none" }"#
    static let rootFiles =
        viewFile + #", { "template": "Tests.swift.mustache", "path": "{{name}}Tests.swift", "root": "tests", "#
        + #""when": "tests != none" }"#

    @Test func exportsOnlyFilesWithoutARootAndLeavesOutOptionsThatDecideOnlyRootFiles() throws {
        let small = try SmallTemplate(
            options: Self.rootOptions, files: Self.rootFiles,
            templates: [
                "View.swift.mustache": "{{> header}}\nfinal class {{name}}View {}{{#rx}} // rx{{/rx}}\n",
                "Tests.swift.mustache": "{{> header}}\nfinal class {{name}}Tests {}\n",
            ])
        defer { small.folder.remove() }
        let files = try small.export()
        #expect(files.allSatisfy { $0.root == nil })
        #expect(
            files.map(\.path) == [
                "small.xctemplate/TemplateInfo.plist",
                "small.xctemplate/Default/___FILEBASENAME___/___FILEBASENAME___View.swift",
                "small.xctemplate/rx/___FILEBASENAME___/___FILEBASENAME___View.swift",
                ".small.xctemplate.modgen-files",
            ])
        let info = try #require(files.first { $0.path.hasSuffix("TemplateInfo.plist") }).contents
        #expect(!info.contains("<string>tests</string>"))
        #expect(info.contains("<string>rx</string>"))
    }

    @Test func refusesALeftOutOptionThatChangesTheModulesOwnFiles() throws {
        let small = try SmallTemplate(
            options: Self.rootOptions, files: Self.rootFiles,
            templates: [
                "View.swift.mustache":
                    "{{> header}}\nfinal class {{name}}View {}{{#tests_xctest}} // xctest{{/tests_xctest}}\n",
                "Tests.swift.mustache": "{{> header}}\nfinal class {{name}}Tests {}\n",
            ])
        defer { small.folder.remove() }
        #expect(
            small.refusal()?.contains(
                "the option 'tests' decides only files of a named root, yet 'tests=xctest' changes the module's own files"
            ) == true)
    }

    @Test func writesOptionsRequiredOptionsAndOneSubfolderPerCombination() throws {
        let small = try SmallTemplate(
            options: """
                { "name": "interface", "kind": "choice", "values": ["none", "xib"], "default": "none", "help": "View." },
                { "name": "rx", "kind": "flag" },
                { "name": "tests", "kind": "flag", "requires": [{ "condition": "rx" }] }
                """,
            files: Self.viewFile
                + #", { "template": "View.xib.mustache", "path": "{{name}}/{{name}}View.xib", "when": "interface == xib" }"#,
            templates: [
                "View.swift.mustache":
                    "{{> header}}\nfinal class {{name}}View {}{{#rx}} // rx{{/rx}}{{#tests}} // tests{{/tests}}\n",
                "View.xib.mustache": "<document>{{name}}</document>\n",
            ])
        defer { small.folder.remove() }
        let files = try small.export()
        let folders = ["none", "nonerx", "nonerxtests", "xib", "xibrx", "xibrxtests"]
        let expectedPaths =
            ["small.xctemplate/TemplateInfo.plist"]
            + folders.flatMap { folder in
                ["small.xctemplate/\(folder)/___FILEBASENAME___/___FILEBASENAME___View.swift"]
                    + (folder.hasPrefix("xib")
                        ? ["small.xctemplate/\(folder)/___FILEBASENAME___/___FILEBASENAME___View.xib"] : [])
            } + [".small.xctemplate.modgen-files"]
        #expect(files.map(\.path) == expectedPaths)
        #expect(
            files.first { $0.path == "small.xctemplate/nonerxtests/___FILEBASENAME___/___FILEBASENAME___View.swift" }?
                .contents == "//___FILEHEADER___\nfinal class ___VARIABLE_productName___View {} // rx // tests\n")
        let info = try PropertyList.parse(files[0].bytes, fileName: "TemplateInfo.plist")
        #expect(info["Kind"]?.string == "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind")
        let options = try #require(info["Options"]?.array)
        #expect(options.map { $0["Identifier"]?.string } == ["moduleName", "productName", "interface", "rx", "tests"])
        #expect(options.map { $0["Type"]?.string } == ["text", "static", "popup", "checkbox", "checkbox"])
        #expect(options.map { $0["Name"]?.string } == ["Module name:", nil, "Interface:", "Rx:", "Tests:"])
        #expect(options[2]["Description"]?.string == "View.")
        #expect(options[0]["Required"]?.boolValue == true)
        #expect(options[1]["Default"]?.string == "___VARIABLE_moduleName___")
        #expect(options[2]["Values"] == .array([.string("none"), .string("xib")]))
        #expect(options[2]["Default"]?.string == "none")
        #expect(options[3]["RequiredOptions"] == nil)
        #expect(options[4]["RequiredOptions"] == .dictionary(["rx": .string("true")]))
        #expect(try small.export() == files)
    }

    @Test func writesATemplateWithoutChoicesAtTheBundlesRootWithItsTextOptionsAsMacros() throws {
        let small = try SmallTemplate(
            options: #"{ "name": "group", "kind": "text", "default": "" }"#,
            files: #"{ "template": "View.swift.mustache", "path": "{{name}}/{{group}}{{name}}View.swift" }"#,
            templates: ["View.swift.mustache": "final class {{group}}{{name}}View {}\n"])
        defer { small.folder.remove() }
        let files = try small.export()
        #expect(
            files.map(\.path) == [
                "small.xctemplate/TemplateInfo.plist",
                "small.xctemplate/___FILEBASENAME___/___VARIABLE_group______FILEBASENAME___View.swift",
                ".small.xctemplate.modgen-files",
            ])
        // The bundle lists what it holds, so a later export can remove what the template no longer writes.
        #expect(
            files.last?.contents
                == "# The files modgen wrote into the folder beside: a later run removes those it no longer writes.\n"
                + "TemplateInfo.plist\n___FILEBASENAME___/___VARIABLE_group______FILEBASENAME___View.swift\n")
        #expect(files[1].contents == "final class ___VARIABLE_group______VARIABLE_productName___View {}\n")
        let info = try PropertyList.parse(files[0].bytes, fileName: "TemplateInfo.plist")
        #expect(info["Options"]?.array?.last?["Type"]?.string == "text")
    }

    @Test(arguments: [
        (
            #"{ "name": "rx", "kind": "flag" }"#, "{{name}} {{nameSnake}}\n",
            "the file 'View.swift.mustache' uses the module name as 'nameSnake', a case conversion no Xcode macro expresses"
        ),
        (
            #"{ "name": "group", "kind": "text", "default": "" }"#, "{{#group}}grouped{{/group}}\n",
            "the file 'View.swift.mustache' uses the text option 'group' in a section, a condition or a changed form; "
                + "Xcode can only insert a text option's value"
        ),
        (
            #"{ "name": "rx", "kind": "flag" }"#, "{{#company}}(c) {{company}}{{/company}}\n",
            "the file 'View.swift.mustache' uses the header field 'company' outside the header (a section, a "
                + "condition or a changed form), which no Xcode macro expresses"
        ),
        (
            #"{ "name": "rx", "kind": "flag" }"#, "year {{year}}\n",
            "the file 'View.swift.mustache' uses the header field 'date' outside the header (a section, a condition "
                + "or a changed form), which no Xcode macro expresses"
        ),
        (
            #"{ "name": "a", "kind": "flag" }, { "name": "b", "kind": "flag" }, "#
                + #"{ "name": "c", "kind": "flag", "requires": [{ "condition": "a || b" }] }"#, "{{name}}\n",
            "the rule 'requires a || b' of option 'c' cannot be written as Xcode RequiredOptions (a list of values "
                + "other options must hold)"
        ),
        (
            #"{ "name": "rx", "kind": "flag" }, { "name": "group", "kind": "text", "default": "", "#
                + #""requires": [{ "condition": "rx" }] }"#, "{{name}}\n",
            "the text option 'group' has rules; Xcode cannot show a text option only under conditions"
        ),
        (
            #"{ "name": "moduleName", "kind": "flag" }"#, "{{name}}\n",
            "the option 'moduleName' has the name the exported bundle gives the module name"
        ),
        (
            #"{ "name": "x", "kind": "choice", "values": ["a", "ab"], "default": "a" }, { "name": "b", "kind": "flag" }"#,
            "{{name}} {{x}}{{#b}}+b{{/b}}\n",
            "x=a, b=true and x=ab, b=false both pick the sub-folder 'ab' but generate different files"
        ),
        (
            #"{ "name": "a", "kind": "flag" }, { "name": "b", "kind": "flag", "requires": [{ "condition": "a" }] }, "#
                + #"{ "name": "c", "kind": "flag", "requires": [{ "condition": "b" }] }"#, "{{name}}\n",
            "Xcode's dialog would let a user pick a=false, b=true, c=true, which the template refuses"
        ),
    ])
    func refusesWhatXcodeCannotExpress(options: String, view: String, reason: String) throws {
        let small = try SmallTemplate(options: options, files: Self.viewFile, templates: ["View.swift.mustache": view])
        defer { small.folder.remove() }
        #expect(small.refusal() == "\(small.template.definitionPath): cannot export to Xcode: \(reason)")
    }
}
