import Foundation
import ModGenKit
import TestSupport
import Testing

/// A Generamba template (`<id>.rambaspec` and Liquid files) used with `--templates`: the context Generamba gives,
/// `custom_parameters` from `--set`, includes from `snippets/`, and templates Generamba cannot render refused in one
/// line with nothing written.
@Suite struct RambaspecTemplateTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.write(
            "t/mini/mini.rambaspec",
            """
            name: "mini"
            summary: "A small module"
            author: "a"
            version: "1"
            code_files:
            - {name: View/View.swift, path: Code/view.swift.liquid}
            {% if custom_parameters.storyboard %}
            - {name: View/Main.storyboard, path: Code/main.storyboard.liquid, is_resource: true}
            {% endif %}
            - name: Named.swift
              path: Code/named.swift.liquid
              custom_name: "{{ module_info.name }}Custom.swift"
            test_files:
            - {name: ViewTests.swift, path: Tests/view_tests.swift.liquid}

            """)
        try folder.write(
            "t/mini/Code/view.swift.liquid",
            """
            {% include 'header' %}
            // {{ module_info.name }} {{ prefix }} {{ developer.name }} {{ developer.company }} {{ date }} {{ year }}
            // {{ module_info.description }} / {{ module_info.product_module_name }} / {{ custom_parameters.flag }}
            {% if custom_parameters.flag %}flag is truthy{% endif %}

            """)
        try folder.write("t/mini/Code/main.storyboard.liquid", "<storyboard/>\n")
        try folder.write("t/mini/Code/named.swift.liquid", "// {{ module_info.file_name }}\n")
        try folder.write("t/mini/Tests/view_tests.swift.liquid", "// tests of {{ module_info.name }}\n")
        try folder.write(
            "t/mini/snippets/header.liquid", "// {{ module_info.file_name }} in {{ module_info.project_name }}")
    }

    func run(_ arguments: [String]) -> ProcessResult {
        execute(
            ["new", "Home", "--template", "mini", "--templates", "t", "--output", "out", "--root", "tests=tests"]
                + arguments, in: folder.url(""), environment: [:])
    }

    @Test func rendersWithGenerambasContext() throws {
        let result = run([
            "--date", "2026-01-15", "--set", "prefix=MG", "--set", "author=Ann", "--set", "company=Co",
            "--set", "project=My App", "--set", "flag=false",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            folder.read("out/Home/View/MGHomeView.swift")
                == """
                // MGHomeView.swift in My App
                // Home MG Ann Co 15/01/2026 2026
                // Home module / My_App / false
                flag is truthy

                """)
        #expect(folder.read("out/Home/HomeCustom.swift") == "// HomeCustom.swift\n")
        #expect(folder.read("tests/Home/MGHomeViewTests.swift") == "// tests of Home\n")
        #expect(!folder.exists("out/Home/View/MGHomeMain.storyboard"))
    }

    @Test func customParametersAddEntries() {
        let result = run(["--set", "storyboard=yes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read("out/Home/View/HomeMain.storyboard") == "<storyboard/>\n")
    }

    @Test func aMissingFileIsRefusedWithNothingWritten() throws {
        try FileManager.default.removeItem(at: folder.url("t/mini/Tests/view_tests.swift.liquid"))
        let result = run([])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "modgen: error: \(folder.path("t/mini/mini.rambaspec")) (after Liquid):12:33: no such template file "
                + "'Tests/view_tests.swift.liquid' in \(folder.path("t/mini"))\n")
        #expect(!folder.exists("out"))
        #expect(!folder.exists("tests"))
    }

    @Test func anUnclosedTagIsRefusedWithNothingWritten() throws {
        try folder.write("t/mini/Tests/view_tests.swift.liquid", "{% if module_info.name %}open\n")
        let result = run([])
        #expect(result.status == 65)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: \(folder.path("t/mini/Tests/view_tests.swift.liquid")):1:1: Liquid: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!folder.exists("out"))
    }

    @Test func yamlItsOwnLiquidBreaksIsRefused() throws {
        try folder.write(
            "t/mini/mini.rambaspec",
            """
            name: mini
            code_files:
            - {name: View.swift, path: Code/view.swift.liquid}
            {% if custom_parameters.extra %}  - {name: Extra.swift, path: Code/view.swift.liquid}{% endif %}

            """)
        #expect(run([]).status == 0)
        let result = run(["--set", "extra=1", "--force"])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "modgen: error: \(folder.path("t/mini/mini.rambaspec")) (after Liquid):4:3: "
                + "unexpected indentation in a list\n")
    }

    @Test func includesStayInTheSnippetsFolder() throws {
        try folder.write("t/mini/Code/named.swift.liquid", "{% include '../mini.rambaspec' %}\n")
        let result = run([])
        #expect(result.status == 65)
        #expect(result.standardError.contains("Illegal template name '../mini.rambaspec'"))
        #expect(!folder.exists("out"))
    }

    @Test func aTemplateFileLeadingOutOfTheTemplateIsRefused() throws {
        try folder.write("secret.txt", "secret\n")
        try FileManager.default.removeItem(at: folder.url("t/mini/Code/named.swift.liquid"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("t/mini/Code/named.swift.liquid"), withDestinationPath: folder.path("secret.txt"))
        let result = run([])
        #expect(result.status == 65)
        #expect(result.standardError.contains("leads outside the template folder"))
        #expect(!folder.exists("out"))
    }

    @Test func listAndDescribeShowIt() {
        let list = execute(["list", "--templates", "t"], in: folder.url(""), environment: [:])
        #expect(list.standardOutput.contains("mini "))
        #expect(list.standardOutput.contains("A small module"))
        let describe = execute(["describe", "mini", "--templates", "t"], in: folder.url(""), environment: [:])
        #expect(describe.status == 0)
        #expect(describe.standardOutput.contains("prefix"))
    }

    @Test func dryRunWritesNothingAndTheSameModuleAgainIsANoOp() {
        let dry = run(["--dry-run"])
        #expect(dry.status == 0)
        #expect(!folder.exists("out"))
        #expect(run([]).status == 0)
        let again = run([])
        #expect(again.status == 0)
        #expect(again.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("unchanged ") })
        #expect(run(["--check"]).status == 0)
    }
}
