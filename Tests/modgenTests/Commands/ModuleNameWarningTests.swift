import Foundation
import TestSupport
import Testing

@testable import modgen

/// `modgen new home`: a lower-case name still generates (it is a valid type name) but warns with the
/// UpperCamelCase spelling.
@Suite struct ModuleNameWarningTests {
    @Test(arguments: [("home", "Home"), ("homeScreen", "HomeScreen"), ("home_screen", "HomeScreen")])
    func aLowerCaseNameWarnsAndStillGenerates(name: String, suggestion: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = assertExecute(
            ["new", name, "-o", folder.path("out"), "--config", folder.path(".modgen.json"), "-q"], expecting: "")
        #expect(
            result.standardError
                == "modgen: warning: module name '\(name)' starts with a lower-case letter, but type names are "
                + "UpperCamelCase (its files would be named \(name)…); did you mean '\(suggestion)'?\n")
        #expect(folder.exists("out/\(name)/\(name)ViewController.swift"))
    }

    @Test(arguments: ["Home", "_home", "HOME"])
    func otherNamesDoNotWarn(name: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        assertExecute(
            ["new", name, "-o", folder.path("out"), "--config", folder.path(".modgen.json"), "-q"], expecting: "",
            error: "")
    }

    /// The reproducer: `--group items` generated `itemsListContract` silently. Kept as typed (a team may mean it),
    /// with the module name's warning; an UpperCamelCase group, or none, says nothing.
    @Test func aLowerCaseTextOptionThatStartsAFileNameWarns() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let config = ["--config", folder.path(".modgen.json"), "-q"]
        let lower = assertExecute(
            ["new", "List", "--template", "viper-s", "--group", "items", "-o", folder.path("out")] + config,
            expecting: "")
        #expect(
            lower.standardError
                == "modgen: warning: group 'items' starts with a lower-case letter, but type names are UpperCamelCase "
                + "(a file would be named itemsListContract.swift); did you mean 'Items'?\n")
        #expect(folder.exists("out/items/List/itemsListContract.swift"))
        // Other module names: `List` is recorded for `out`, and a module of that name elsewhere would be warned about.
        for (name, group) in [("Detail", ["--group", "Items"]), ("Summary", [])] {
            assertExecute(
                ["new", name, "--template", "viper-s", "-o", folder.path("other")] + group + config, expecting: "",
                error: "")
        }
    }
}
