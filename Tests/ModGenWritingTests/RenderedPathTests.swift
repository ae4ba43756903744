import ModGenCore
import Testing

@testable import ModGenWriting

@Suite struct RenderedPathTests {
    @Test func plainRelativePathsAreSplit() throws {
        #expect(try RenderedPath.components(of: "Home/HomePresenter.swift") == ["Home", "HomePresenter.swift"])
        #expect(try RenderedPath.components(of: "README") == ["README"])
        // Dots inside a name are ordinary characters.
        #expect(try RenderedPath.components(of: "..hidden/a..b/.x") == ["..hidden", "a..b", ".x"])
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("/etc/x", "it is absolute"),
        ("../x", "it has a '..' component, which could leave the output directory"),
        ("a/../../x", "it has a '..' component, which could leave the output directory"),
        ("a/..", "it has a '..' component, which could leave the output directory"),
        ("a//b", "it has an empty component"),
        ("a/", "it has an empty component"),
        ("./a", "it has a '.' component"),
        ("a\0b", "it contains a NUL character"),
        ("a\nb", "it contains a control character"),
    ])
    func unsafePathsAreRefusedWithTheReason(path: String, reason: String) {
        #expect(throws: WritingError.unsafePath(path: path, reason: reason)) {
            try RenderedPath.components(of: path)
        }
    }

    @Test func unsafePathErrorsAreDataErrorsOnOneLine() {
        let error = WritingError.unsafePath(path: "a\nb", reason: "it contains a control character")
        #expect(error.message == "rendered path 'a\\u{a}b' is not allowed: it contains a control character")
    }

    @Test func displayJoinsTheTypedPrefix() {
        #expect(RenderedPath.display("Home/A.swift", under: "Sources/Modules") == "Sources/Modules/Home/A.swift")
        #expect(RenderedPath.display("Home/A.swift", under: "Sources/Modules/") == "Sources/Modules/Home/A.swift")
        #expect(RenderedPath.display("Home/A.swift", under: ".") == "Home/A.swift")
        #expect(RenderedPath.display("Home/A.swift", under: "") == "Home/A.swift")
        #expect(RenderedPath.display("A.swift", under: "/") == "/A.swift")
    }

    /// A file name with U+202E reads reversed in a terminal (`evil\u{202E}tfiws.sh` shows as `evilhs.swift`):
    /// listings and messages show it escaped.
    @Test func bidirectionalControlsAreShownEscaped() throws {
        let name = "Home/evil\u{202E}tfiws.sh"
        #expect(try RenderedPath.components(of: name) == ["Home", "evil\u{202E}tfiws.sh"])
        #expect(RenderedPath.display(name, under: "Mod\u{2066}ules") == #"Mod\u{2066}ules/Home/evil\u{202E}tfiws.sh"#)
        #expect(
            WriteEntry(action: .create, path: name).line(displayPrefix: ".") == #"create Home/evil\u{202E}tfiws.sh"#)
    }
}
