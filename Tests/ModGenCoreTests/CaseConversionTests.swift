import Testing

@testable import ModGenCore

@Suite struct CaseConversionTests {
    @Test(arguments: [
        ("HomeScreen", "homeScreen", "home_screen", "home-screen", "HomeScreen"),
        ("home_screen", "homeScreen", "home_screen", "home-screen", "HomeScreen"),
        ("URLSession", "urlSession", "url_session", "url-session", "URLSession"),
        ("Home2Detail", "home2Detail", "home2_detail", "home2-detail", "Home2Detail"),
        ("flowController", "flowController", "flow_controller", "flow-controller", "FlowController"),
        ("Home", "home", "home", "home", "Home"),
    ])
    func convertsBetweenStyles(input: String, camel: String, snake: String, kebab: String, upper: String) {
        #expect(CaseConversion.lowerCamel(input) == camel)
        #expect(CaseConversion.snake(input) == snake)
        #expect(CaseConversion.kebab(input) == kebab)
        #expect(CaseConversion.upperCamel(input) == upper)
    }

    /// ASCII text takes a path by bytes: it must split every text as the path by `Character` does. Every text of up
    /// to four characters from lower and upper letters, digits, the three separators and a CR LF pair's bytes.
    @Test func asciiPathSplitsAsTheCharacterPathDoes() {
        let alphabet: [String] = ["a", "z", "B", "Z", "1", "_", "-", " ", "\r", "\n", "."]
        var texts: [String] = [""]
        var previous: [String] = [""]
        for _ in 0..<4 {
            previous = previous.flatMap { text in alphabet.map { text + $0 } }
            texts += previous
        }
        var differences: [String] = []
        for text in texts where CaseConversion.asciiWords(Array(text.utf8)) != CaseConversion.characterWords(text) {
            differences.append(text)
        }
        #expect(texts.count == 16_105)
        #expect(differences.isEmpty, "first: \(differences.prefix(5).map { $0.debugDescription })")
        // And on names as modules and options have them.
        for name in ["HomeScreen", "URLSession", "Home2Detail", "flow-controller", "a_B-c D", "ABCdefGHI2jk"] {
            #expect(CaseConversion.words(name) == CaseConversion.characterWords(name))
        }
    }
}
