import Foundation

extension BadInputCatalogue {
    /// Broken `.modgen.json` files: exit 65 naming the config, line and column of what is wrong (66 for what it
    /// names but is missing).
    static let config: [BadInputCase] = [
        configCase(
            "config cut short", "{ \"template\": ", at: .init(file: configName, line: 1, column: 15),
            ["unexpected end of file", "expected a value"]),
        configCase("config empty", "", at: .init(file: configName, line: 1, column: 1), ["unexpected end of file"]),
        configCase("config with a trailing comma", "{\n  \"template\": \"viper\",\n}", at: "}", ["key"]),
        configCase("config that is an array", "[]", at: "[", ["expected an object", "array"]),
        configCase("config that is a string", "\"viper\"", at: "\"viper\"", ["expected an object", "string"]),
        configCase(
            "config missing a comma", "{\n  \"template\": \"viper\"\n  \"output\": \"o\"\n}", at: "\"output\"",
            ["expected ','"]),
        configCase(
            "config with single quotes", "{ 'template': 'viper' }", at: "'", ["expected a string key in quotes"]),
        configCase(
            "config with a comment", "{\n  // mine\n  \"template\": \"viper\"\n}", at: "//",
            ["expected a string key in quotes"]),
        configCase("config output a number", "{\n  \"output\": 5\n}", at: "5", ["\"output\" must be a string"]),
        configCase("config template null", "{ \"template\": null }", at: "null", ["\"template\" must be a string"]),
        configCase("config templates a string", "{ \"templates\": \"t\" }", at: "\"t\"", ["must be an array"]),
        configCase("config templates of numbers", "{ \"templates\": [1] }", at: "1", ["must be a string"]),
        configCase(
            "config unknown key", "{\n  \"tempalte\": \"viper\"\n}", at: "\"viper\"",
            ["unknown key \"tempalte\"", "\"template\""]),
        configCase(
            "config unknown header key", "{ \"header\": { \"bogus\": \"x\" } }", at: "\"x\"",
            ["unknown key \"bogus\"", "\"project\""]),
        configCase(
            "config header project a number", "{ \"header\": { \"project\": 3 } }", at: "3",
            ["\"project\" must be a string"]),
        configCase("config options an array", "{ \"options\": [] }", at: "[", ["\"options\" must be an object"]),
        configCase(
            "config option of no such name", "{ \"options\": { \"viper\": { \"bogus\": true } } }", at: "true",
            ["template 'viper' has no option 'bogus'"]),
        configCase(
            "config flag option a word", "{ \"options\": { \"viper\": { \"rx\": \"maybe\" } } }",
            at: "\"maybe\"", ["option 'rx' is a flag", "'maybe'"]),
        configCase(
            "config choice option not a value", "{ \"options\": { \"viper\": { \"interface\": \"tv\" } } }",
            at: "\"tv\"", ["'tv' is not a value of option 'interface'", "none, storyboard, xib"]),
        configCase(
            "config options breaking a rule",
            "{ \"options\": { \"viper\": { \"formatter\": true, \"interactor\": false } } }",
            at: "true", ["formatter requires interactor"]),
        configCase(
            "config date not a date", "{ \"date\": \"2024-99-99\" }", at: "\"2024",
            ["date '2024-99-99' is not a calendar date"]),
        configCase(
            "config set identifier not an identifier", "{ \"set\": { \"builderContext\": \"1x\" } }",
            at: "\"1x\"", ["builderContext", "'1x'", "not a Swift identifier"]),
        configCase(
            "config set value a number", "{ \"set\": { \"builderContext\": 5 } }", at: "5",
            ["\"builderContext\" must be a string"]),
        configCase(
            "config header partial missing", "{ \"header\": { \"partial\": \"missing.mustache\" } }",
            at: "\"missing", ["missing.mustache", "no such file or directory"], status: 66),
        BadInputCase(
            "config not UTF-8", ["new", "Home", "-o", "out"], status: 65, words: ["not valid UTF-8"],
            position: .init(file: configName, line: 1, column: 2)
        ) { try Data([0x7B, 0xFF, 0x7D]).write(to: $0.url.appendingPathComponent(configName)) },
        BadInputCase(
            "config missing templates folder", ["new", "Home", "-o", "out"], status: 66,
            words: ["/nothere", "no such template folder"]
        ) { try $0.write(configName, "{ \"templates\": [\"nothere\"] }") },
        BadInputCase(
            "config unknown template", ["new", "Home", "-o", "out"], status: 65,
            words: ["\"template\": no template 'nope'; did you mean 'viper'? (available: "],
            position: .init(file: configName, line: 1, column: 15)
        ) { try $0.write(configName, "{ \"template\": \"nope\" }") },
        BadInputCase(
            "config template typo", ["new", "Home", "-o", "out"], status: 65,
            words: ["\"template\": no template 'vipr'; did you mean 'viper'? (available: "],
            position: .init(file: configName, line: 2, column: 15)
        ) { try $0.write(configName, "{\n  \"template\": \"vipr\"\n}\n") },
        BadInputCase(
            "config option typo", ["new", "Home", "-o", "out"], status: 65,
            words: ["template 'viper' has no option 'rxx'; did you mean 'rx'?"],
            position: .init(file: configName, line: 1, column: 34)
        ) { try $0.write(configName, "{ \"options\": { \"viper\": { \"rxx\": true } } }") },
        BadInputCase(
            "config key typo", ["new", "Home", "-o", "out"], status: 65,
            words: ["unknown key \"outptu\"; did you mean 'output'? (known: "],
            position: .init(file: configName, line: 1, column: 13)
        ) { try $0.write(configName, "{ \"outptu\": \"Sources\" }") },
        BadInputCase(
            "config header partial broken", ["new", "Home", "-o", "out"], status: 65,
            words: ["unclosed section 'x'"], position: .init(file: "h.mustache", line: 2, column: 4)
        ) { folder in
            try folder.write(configName, "{ \"header\": { \"partial\": \"h.mustache\" } }")
            try folder.write("h.mustache", "//\n// {{#x}}\n")
        },
        BadInputCase(
            "config named by --config broken", ["new", "Home", "--config", "my.json", "-o", "out"], status: 65,
            words: ["unexpected end of file"], position: .init(file: "my.json", line: 1, column: 2)
        ) { try $0.write("my.json", "{") },
        BadInputCase(
            "config in a parent folder broken", ["new", "Home", "-o", "out"], directory: "a/b", status: 65,
            words: ["unknown key \"x\""], position: .init(file: configName, line: 1, column: 8)
        ) { folder in
            try folder.write(configName, "{ \"x\": 1 }")
            try folder.makeFolder("a/b")
        },
    ]

    private static let configName = ".modgen.json"

    /// A `.modgen.json` holding `text`, and `new Home` run next to it; the error is at the first `needle` in it.
    private static func configCase(
        _ title: String, _ text: String, at needle: String, _ words: [String], status: Int32 = 65
    ) -> BadInputCase {
        configCase(title, text, at: locate(needle, in: text, file: configName), words, status: status)
    }

    private static func configCase(
        _ title: String, _ text: String, at position: BadInputCase.Position, _ words: [String], status: Int32 = 65
    ) -> BadInputCase {
        BadInputCase(title, ["new", "Home", "-o", "out"], status: status, words: words, position: position) {
            try $0.write(configName, text)
        }
    }
}

/// The line and column (1-based, counted in Unicode scalars) of the first `needle` in `text`, moved `offset`
/// characters to the right.
func locate(
    _ needle: String, in text: String, file: String, offset: Int = 0, absolute: Bool = true
) -> BadInputCase.Position {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
        if let range = line.range(of: needle) {
            let column = line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1 + offset
            return .init(file: file, line: index + 1, column: column, absolute: absolute)
        }
    }
    preconditionFailure("'\(needle)' is not in the fixture")
}
