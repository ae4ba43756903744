import Testing

@testable import ModGenTemplates

@Suite struct XcodeMacroTextTests {
    /// Expands with a fixed table; names outside it stay as written.
    func expand(_ text: String, _ table: [String: String]) -> String {
        XcodeMacroText.expand(text) { table[$0.name] }
    }

    @Test func expandsNamesAndAppliesModifiersLeftToRight() {
        let table = ["VARIABLE_name": "my app.v2", "FILEBASENAME": "Home"]
        #expect(expand("class ___FILEBASENAME___Presenter", table) == "class HomePresenter")
        #expect(expand("___VARIABLE_name:identifier___", table) == "my_app_v2")
        #expect(expand("___VARIABLE_name:deletingPathExtension,rfc1034Identifier___", table) == "my-app")
        #expect(expand("___VARIABLE_name:RFC1034IDENTIFIER___", table) == "my-app-v2")
    }

    @Test func scansOnceSoInsertedTextIsNotExpandedAgain() {
        let table = ["VARIABLE_a": "___VARIABLE_b___", "VARIABLE_b": "never"]
        #expect(expand("<___VARIABLE_a___>", table) == "<___VARIABLE_b___>")
    }

    @Test func keepsUnderscoreRunsAndUnknownNamesAsWritten() {
        let table = ["FILENAME": "A.swift"]
        #expect(expand("// ________________", table) == "// ________________")
        #expect(expand("____FILENAME___", table) == "_A.swift")
        #expect(expand("___UUID___ and ___FILENAME___", table) == "___UUID___ and A.swift")
        #expect(expand("___ not a macro ___FILENAME___", table) == "___ not a macro A.swift")
        #expect(expand("___FILENAME", table) == "___FILENAME")
    }

    @Test func leavesAMacroWithAnUnknownModifierAsWrittenAndReportsIt() {
        var reported: [String] = []
        let result = XcodeMacroText.expand(
            "___FILENAME:shout___", unknownModifier: { reported.append("\($0.name):\($1)") }, value: { _ in "x" })
        #expect(result == "___FILENAME:shout___")
        #expect(reported == ["FILENAME:shout"])
    }

    @Test func listsReferencesInOrder() {
        let names = XcodeMacroText.references(in: "___VARIABLE_a:xml___-___PRODUCTNAME___").map(\.name)
        #expect(names == ["VARIABLE_a", "PRODUCTNAME"])
    }
}

@Suite struct XcodeMacroModifierTests {
    @Test(arguments: [
        (XcodeMacroModifier.identifier, "My App-2.0 é", "My_App_2_0__"),
        (.c99ExtIdentifier, "2nd Café-x", "_nd_Café_x"),
        (.rfc1034Identifier, "My App_2.0", "My-App-2-0"),
        (.bundleIdentifier, "com.My App_2", "com.My-App-2"),
        (.xml, "a<b>&\"c\"'d'", "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;"),
        (.lastPathComponent, "/tmp/scratch.tiff", "scratch.tiff"),
        (.lastPathComponent, "/tmp/lock/", "lock"),
        (.lastPathComponent, "/", "/"),
        (.deletingLastPathComponent, "/tmp/scratch.tiff", "/tmp"),
        (.deletingLastPathComponent, "/tmp/lock/", "/tmp"),
        (.deletingLastPathComponent, "/tmp", "/"),
        (.deletingLastPathComponent, "scratch.tiff", ""),
        (.pathExtension, "/tmp/scratch.tiff", "tiff"),
        (.pathExtension, "/tmp/.scratch", ""),
        (.pathExtension, "archive.tar.gz", "gz"),
        (.pathExtension, "trailing.", ""),
        (.deletingPathExtension, "/tmp/scratch.tiff", "/tmp/scratch"),
        (.deletingPathExtension, "/tmp/", "/tmp"),
        (.deletingPathExtension, ".hidden", ".hidden"),
        (.deletingTrailingDot, "Sentence...", "Sentence"),
        (.quoteIfNeeded, "plain", "plain"),
        (.quoteIfNeeded, "", "\"\""),
        (.quoteIfNeeded, "two words", "\"two words\""),
        (.quoteIfNeeded, "say \"hi\" \\", "\"say \\\"hi\\\" \\\\\""),
    ])
    func modifies(modifier: XcodeMacroModifier, input: String, expected: String) {
        #expect(modifier.apply(to: input) == expected)
    }

    @Test func matchesNamesInAnyLetterCase() {
        #expect(XcodeMacroModifier(name: "RFC1034Identifier") == .rfc1034Identifier)
        #expect(XcodeMacroModifier(name: "c99extidentifier") == .c99ExtIdentifier)
        #expect(XcodeMacroModifier(name: "upper") == nil)
    }
}
