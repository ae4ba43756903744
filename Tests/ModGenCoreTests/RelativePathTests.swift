import Testing

@testable import ModGenCore

@Suite struct RelativePathTests {
    @Test(arguments: ["A.swift", "Home/HomePresenter.swift", "..hidden/a..b/.x", "rows/row", "{{name}}/{{name}}.swift"])
    func plainRelativePathsPass(path: String) {
        #expect(RelativePath.problem(with: path, inside: "the folder") == nil)
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("/etc/passwd", "it is absolute"),
        ("/", "it is absolute"),
        ("a\0b", "it contains a NUL character"),
        ("a\nb", "it contains a control character"),
        ("a\tb", "it contains a control character"),
        ("a\u{7F}b", "it contains a control character"),
        ("a\\b", "it contains a backslash"),
        ("..\\x", "it contains a backslash"),
        ("a//b", "it has an empty component"),
        ("a/", "it has an empty component"),
        ("./a", "it has a '.' component"),
        ("a/./b", "it has a '.' component"),
        ("..", "it has a '..' component, which could leave the folder"),
        ("../x", "it has a '..' component, which could leave the folder"),
        ("a/../../x", "it has a '..' component, which could leave the folder"),
    ])
    func eachBadFormIsRefusedWithItsReason(path: String, reason: String) {
        #expect(RelativePath.problem(with: path, inside: "the folder") == reason)
    }

    @Test func theReasonNamesTheCallersFolder() {
        #expect(
            RelativePath.problem(with: "../x", inside: "the partials folder")
                == "it has a '..' component, which could leave the partials folder")
    }

    @Test func printableEscapesControlCharactersOnly() {
        #expect(RelativePath.printable("a\nb\u{7F}c\0é/x") == "a\\u{a}b\\u{7f}c\\u{0}é/x")
        #expect(RelativePath.printable("Home/Home.swift") == "Home/Home.swift")
    }
}
