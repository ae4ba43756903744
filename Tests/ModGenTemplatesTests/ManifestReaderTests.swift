import ModGenCore
import ModGenMustache
import TestSupport
import Testing

@testable import ModGenTemplates

@Suite struct ManifestReaderTests {
    static let valid = """
        {
          "id": "demo",
          "summary": "A demo",
          "options": [
            { "name": "interface", "kind": "choice", "values": ["none", "storyboard"], "default": "none" },
            { "name": "interactor", "kind": "flag", "default": true },
            { "name": "formatter", "kind": "flag",
              "requires": [{ "condition": "interactor", "reason": "it formats what the interactor fetches" }] },
            { "name": "rx", "kind": "flag", "conflicts": ["viewState"] },
            { "name": "viewState", "kind": "flag" }
          ],
          "parameters": [{ "name": "builderContext", "default": "{{name}}Context" }],
          "files": [
            { "template": "A.mustache", "path": "{{name}}/{{name}}A.swift" },
            { "template": "F.mustache", "path": "{{name}}/{{name}}F.swift", "when": "formatter && interface == none" }
          ]
        }
        """

    @Test func readsAValidManifest() throws {
        let manifest = try TemplateManifest(parsing: Self.valid, fileName: "template.json")
        #expect(manifest.id == "demo")
        #expect(manifest.sampleName == "Home")
        #expect(manifest.options.map(\.name) == ["interface", "interactor", "formatter", "rx", "viewState"])
        #expect(manifest.options[1].kind == .flag(default: true))
        #expect(manifest.options[4].flagName == "view-state")
        #expect(manifest.files[1].when == .and(.isOn("formatter"), .equals("interface", "none")))
        #expect(manifest.parameters.first?.defaultTemplate == "{{name}}Context")
    }

    /// Each broken manifest is the valid one with one substitution. The expected line and column are found
    /// independently: where `marker` (plus `offset` characters) stands in the broken text.
    @Test(arguments: [
        (
            "\"kind\": \"flag\", \"default\": true", "\"kind\": \"flg\", \"default\": true", "\"flg\"", 0,
            "kind 'flg' must be \"flag\", \"choice\" or \"text\""
        ),
        (
            "\"when\": \"formatter && interface == none\"", "\"when\": \"formater\"", "\"formater\"", 0,
            "condition \"formater\": unknown option 'formater'; did you mean 'formatter'? (options: interface, interactor, formatter, rx, viewState)"
        ),
        (
            "\"when\": \"formatter && interface == none\"", "\"when\": \"interface == xib\"", "\"interface == xib", 0,
            "condition \"interface == xib\": 'xib' is not a value of 'interface' (none, storyboard)"
        ),
        (
            "\"when\": \"formatter && interface == none\"", "\"when\": \"formatter &&\"", "formatter &&\"", 12,
            "condition \"formatter &&\": expected an option name, found the end"
        ),
        ("\"default\": \"none\"", "\"default\": \"xib\"", "\"xib\"", 0, "default 'xib' is not one of none, storyboard"),
        (
            "\"conflicts\": [\"viewState\"]", "\"conflicts\": [\"viewstate\"]", "\"viewstate\"", 0,
            "condition \"viewstate\": unknown option 'viewstate'; did you mean 'viewState'? (options: interface, interactor, formatter, rx, viewState)"
        ),
        (
            "{ \"name\": \"viewState\", \"kind\": \"flag\" }", "{ \"name\": \"rx\", \"kind\": \"flag\" }",
            "\"rx\", \"kind\": \"flag\" }", 0, "name 'rx' is declared twice"
        ),
        (
            "\"summary\": \"A demo\",", "\"sumary\": \"A demo\",", "\"A demo\"", 0,
            "unknown key \"sumary\"; did you mean 'summary'? (known: \"files\", \"id\", \"options\", \"parameters\", \"sampleName\", \"snapshot\", \"summary\", \"supportFiles\")"
        ),
        (
            "\"path\": \"{{name}}/{{name}}A.swift\"", "\"path\": \"../{{name}}A.swift\"", "\"../", 0,
            "output path '../{{name}}A.swift' is not allowed: it has a '..' component, which could leave the output "
                + "directory"
        ),
        (
            "\"path\": \"{{name}}/{{name}}A.swift\"", "\"path\": \"{{name}}\\\\A.swift\"", "\"{{name}}\\", 0,
            "output path '{{name}}\\A.swift' is not allowed: it contains a backslash"
        ),
        (
            "\"path\": \"{{name}}/{{name}}A.swift\"", "\"path\": \"{{name}}\\nA.swift\"", "\"{{name}}\\n", 0,
            "output path '{{name}}\\u{a}A.swift' is not allowed: it contains a control character"
        ),
        (
            "\"template\": \"A.mustache\"", "\"template\": \"../../etc/passwd\"", "\"../../etc", 0,
            "template '../../etc/passwd' is not allowed: it has a '..' component, which could leave the template "
                + "folder"
        ),
        (
            "\"template\": \"A.mustache\"", "\"template\": \"/etc/passwd\"", "\"/etc", 0,
            "template '/etc/passwd' is not allowed: it is absolute"
        ),
        (
            "\"id\": \"demo\"", "\"id\": \"Demo Template\"", "\"Demo", 0,
            "template id 'Demo Template' must be lowercase letters, digits and '-'"
        ),
        (
            "{ \"name\": \"builderContext\"", "{ \"name\": \"name\"", "\"name\", \"default\"", 0,
            "name 'name' is reserved for the template context"
        ),
        (
            "\"default\": true }", "\"default\": \"yes\" }", "\"yes\"", 0,
            "\"default\" must be true or false, found a string"
        ),
        (
            "{ \"name\": \"builderContext\",", "{ \"name\": \"builderContext\", \"kind\": \"type\",", "\"type\"", 0,
            "parameter kind 'type' must be \"text\" or \"identifier\""
        ),
        (
            "{ \"name\": \"builderContext\",", "{ \"name\": \"builderContext\", \"kind\": true,", "true,", 0,
            "\"kind\" must be a string, found a boolean"
        ),
        (
            "{ \"name\": \"builderContext\",", "{ \"name\": \"builderContext\", \"kinds\": \"text\",", "\"text\"", 0,
            "unknown key \"kinds\"; did you mean 'kind'? (known: \"default\", \"help\", \"kind\", \"name\")"
        ),
    ])
    func reportsMistakesWithPosition(
        original: String, replacement: String, marker: String, offset: Int, reason: String
    ) throws {
        let text = Self.valid.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.valid, "the substitution must change the manifest")
        let position = try #require(TextPositions.position(of: marker, in: text, plus: offset))
        #expect(throws: DataFileError(fileName: "template.json", position: position, reason: reason)) {
            try TemplateManifest(parsing: text, fileName: "template.json")
        }
    }

    @Test func keepsWhereOutputPathsAndParameterDefaultsAreWritten() throws {
        let manifest = try TemplateManifest(parsing: Self.valid, fileName: "template.json")
        #expect(
            manifest.files[0].pathPosition
                == TextPositions.position(of: "\"{{name}}/{{name}}A.swift", in: Self.valid, plus: 0))
        #expect(
            manifest.files[1].pathPosition
                == TextPositions.position(of: "\"{{name}}/{{name}}F.swift", in: Self.valid, plus: 0))
        #expect(
            manifest.parameters[0].defaultPosition
                == TextPositions.position(of: "\"{{name}}Context", in: Self.valid, plus: 0))
        #expect(
            manifest.files[0].templatePosition == TextPositions.position(of: "\"A.mustache", in: Self.valid, plus: 0))
        #expect(
            manifest.files[1].templatePosition == TextPositions.position(of: "\"F.mustache", in: Self.valid, plus: 0))
    }

    @Test func aParameterIsTextUnlessItSaysIdentifier() throws {
        #expect(try TemplateManifest(parsing: Self.valid, fileName: "template.json").parameters[0].kind == .text)
        let text = Self.valid.replacingOccurrences(
            of: "{ \"name\": \"builderContext\",", with: "{ \"name\": \"builderContext\", \"kind\": \"identifier\",")
        #expect(text != Self.valid)
        let parameter = try #require(try TemplateManifest(parsing: text, fileName: "template.json").parameters.first)
        #expect(parameter.kind == .identifier)
        #expect(parameter.problem(withValue: "HomeContext") == nil)
        #expect(parameter.problem(withValue: "") == "not a Swift identifier: the name is empty")
        #expect(parameter.problem(withValue: "1abc") == "not a Swift identifier: it starts with a digit")
        #expect(
            parameter.problem(withValue: "Foo Bar")
                == "not a Swift identifier: ' ' is not allowed (use ASCII letters, digits and '_')")
        #expect(
            parameter.problem(withValue: "A\nB")
                == "not a Swift identifier: '\\u{a}' is not allowed (use ASCII letters, digits and '_')")
        let textParameter = try #require(
            try TemplateManifest(parsing: Self.valid, fileName: "template.json").parameters.first)
        #expect(textParameter.problem(withValue: "") == nil)
        #expect(textParameter.problem(withValue: "Foo Bar") == nil)
    }
}

/// A file's `"root"`: read, listed once per root, and checked as a root name.
@Suite struct ManifestRootTests {
    static func manifest(roots: [String?]) -> String {
        let files = roots.enumerated().map { index, root in
            #"{ "template": "A.mustache", "path": "F\#(index).swift""# + (root.map { #", "root": "\#($0)""# } ?? "")
                + " }"
        }
        return #"{ "id": "demo", "summary": "S", "files": [\#(files.joined(separator: ", "))] }"#
    }

    @Test func readsRootsAndListsEachOnceInOrder() throws {
        let manifest = try TemplateManifest(
            parsing: Self.manifest(roots: [nil, "tests", "ui-tests", "tests"]), fileName: "template.json")
        #expect(manifest.files.map(\.root) == [nil, "tests", "ui-tests", "tests"])
        #expect(manifest.template.roots == ["tests", "ui-tests"])
    }

    @Test(arguments: [
        ("Tests", "it must start with a lowercase letter"), ("", "it is empty"),
        ("unit_tests", "only lowercase letters, digits and '-' are allowed"),
        ("tésts", "only lowercase letters, digits and '-' are allowed"),
    ])
    func refusesARootThatIsNotARootName(root: String, problem: String) throws {
        let text = Self.manifest(roots: [root])
        let expected = try #require(TextPositions.position(of: "\"\(root)\" }", in: text, plus: 0))
        #expect(
            throws: DataFileError(
                fileName: "template.json", position: expected, reason: "root '\(root)' is not a root name: \(problem)")
        ) { try TemplateManifest(parsing: text, fileName: "template.json") }
    }
}
