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
}
