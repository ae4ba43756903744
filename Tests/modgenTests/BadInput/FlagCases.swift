extension BadInputCatalogue {
    /// Command lines the parser or the template's flags refuse (exit 64 with the usage hint), and the environment
    /// and missing inputs around them.
    static let flags: [BadInputCase] = [
        usage("unknown option", ["new", "Home", "--bogus"], ["unknown option '--bogus'"]),
        usage("misspelt option", ["new", "Home", "--ouptut", "x"], ["unknown option '--ouptut'", "'--output'"]),
        usage("unknown option before a subcommand", ["--bogus"], ["unknown option '--bogus'"]),
        usage("unknown subcommand", ["frobnicate"], ["unknown subcommand 'frobnicate'"]),
        usage("misspelt subcommand", ["nwe", "Home"], ["unknown subcommand 'nwe'", "Did you mean 'new'?"]),
        usage("help for an unknown subcommand", ["help", "bogus"], ["unknown subcommand 'bogus'"]),
        usage("short option without its value", ["new", "Home", "-o"], ["missing value for '-o <dir>'"]),
        usage("output without its value", ["new", "Home", "--output"], ["missing value for '--output <dir>'"]),
        usage("template without its value", ["new", "Home", "--template"], ["missing value for '--template <id>'"]),
        usage("choice without its value", ["new", "Home", "--interface"], ["missing value for '--interface"]),
        usage("set without its value", ["new", "Home", "--set"], ["missing value for '--set <key=value>'"]),
        usage("date without its value", ["new", "Home", "--date"], ["missing value for '--date"]),
        usage("new without a name", ["new"], ["missing expected argument '<Name>'"]),
        usage("describe without a template", ["describe"], ["missing expected argument '<template>'"]),
        usage("support without a template", ["support"], ["missing expected argument '<template>'"]),
        usage("snapshot without an output", ["snapshot", "viper"], ["missing expected argument '--output <dir>'"]),
        usage("a second name", ["new", "Home", "Extra"], ["unexpected argument 'Extra'"]),
        usage("list with an argument", ["list", "extra"], ["unexpected argument 'extra'"]),
        usage("value given to a flag", ["new", "Home", "--rx=yes"], ["'--rx' does not take any value", "'yes'"]),
        usage(
            "force with skip-existing", ["new", "Home", "--force", "--skip-existing"],
            ["'--force' and '--skip-existing' cannot be used together"]),
        usage(
            "skip-existing with force", ["new", "Home", "--skip-existing", "--force"],
            ["'--force' and '--skip-existing' cannot be used together"]),
        usage(
            "support with force and skip-existing", ["support", "viper", "--force", "--skip-existing"],
            ["'--force' and '--skip-existing' cannot be used together"]),
        usage("dry-run with check", ["new", "Home", "--dry-run", "--check"], ["'--dry-run' and '--check'"]),
        usage(
            "another template's option", ["new", "Home", "--template", "mvvm-fc", "--rx"],
            ["'--rx' is not an option of template 'mvvm-fc'", "--closures"]),
        usage(
            "bad choice value", ["new", "Home", "--interface", "tv"],
            ["the value 'tv' is invalid for '--interface <interface>'", "'none', 'storyboard', 'xib' or 'swiftui'"]),
        usage(
            "rx with the SwiftUI-hosted interface", ["new", "Home", "--interface", "swiftui", "--rx"],
            ["--rx cannot be used with --interface swiftui", "no RxSwift variant"]),
        usage(
            "view state with the SwiftUI-hosted interface", ["new", "Home", "--view-state", "--interface", "swiftui"],
            ["--view-state cannot be used with --interface swiftui", "observes its presenter"]),
        usage(
            "flow controller with the SwiftUI-hosted interface",
            ["new", "Home", "--interface", "swiftui", "--flow-controller"],
            ["--flow-controller cannot be used with --interface swiftui", "hosted by its wireframe"]),
        usage(
            "builder with the SwiftUI-hosted interface", ["new", "Home", "--interface", "swiftui", "--builder"],
            ["--builder cannot be used with --interface swiftui", "does not have"]),
        usage(
            "support files of the SwiftUI-hosted interface with rx",
            ["support", "viper", "--interface", "swiftui", "--rx"],
            ["--rx cannot be used with --interface swiftui"]),
        usage("empty choice value", ["new", "Home", "--interface", ""], ["the value '' is invalid"]),
        usage("bad escape for render", ["render", "T.mustache", "--escape", "xml"], ["the value 'xml' is invalid"]),
        usage(
            "set of an unknown key", ["new", "Home", "--set", "nope=1"],
            ["--set nope", "template 'viper' has no parameter 'nope'", "builderContext"]),
        usage(
            "set of a misspelt key", ["new", "Home", "--set", "builderContxt=Void"],
            ["has no parameter 'builderContxt'", "Did you mean 'builderContext'?"]),
        usage(
            "set of an option", ["new", "Home", "--set", "rx=true"],
            ["--set rx=", "names an option of 'viper'", "use its flag"]),
        usage("set without equals", ["new", "Home", "--set", "noequals"], ["--set expects key=value", "'noequals'"]),
        usage("set without a key", ["new", "Home", "--set", "=x"], ["--set expects key=value", "'=x'"]),
        identifier("set identifier with a space", "Foo Bar", reason: "' ' is not allowed"),
        identifier("set identifier starting with a digit", "1abc", reason: "it starts with a digit"),
        identifier("set identifier empty", "", reason: "the name is empty"),
        identifier("set identifier keyword", "class", reason: "'class' is a Swift keyword"),
        identifier("set identifier with a dot", "Foo.Bar", reason: "'.' is not allowed"),
        date("date with month 13", "2024-13-01"),
        date("date that is a word", "yesterday"),
        date("date February 30", "2024-02-30"),
        date("date February 29 of a common year", "2023-02-29"),
        date("empty date", ""),
        date("date with a two-digit year", "24-01-01"),
        date("date with a time", "2024-01-01T10:00"),
        epoch("epoch that is a word", "abc"),
        epoch("negative epoch", "-5"),
        epoch("fractional epoch", "1.5"),
        epoch("epoch in exponent form", "1e3"),
        epoch("hexadecimal epoch", "0x10"),
        epoch("epoch with trailing letters", "12abc"),
        epoch("epoch beyond Int", "99999999999999999999"),
        BadInputCase(
            "epoch after 9999", ["new", "Home", "-o", "out"], environment: ["SOURCE_DATE_EPOCH": "253402300800"],
            status: 65, words: ["SOURCE_DATE_EPOCH=\"253402300800\"", "is after 9999-12-31"]),
        BadInputCase(
            "unknown template", ["new", "Home", "--template", "nope", "-o", "out"], status: 66,
            words: ["no template 'nope'", "mvvm-fc, viper, viper-s"]),
        BadInputCase(
            "empty template id", ["new", "Home", "--template", "", "-o", "out"], status: 66,
            words: ["no template ''"]),
        BadInputCase("describe an unknown template", ["describe", "nope"], status: 66, words: ["no template 'nope'"]),
        BadInputCase("support an unknown template", ["support", "nope"], status: 66, words: ["no template 'nope'"]),
        BadInputCase(
            "missing templates folder", ["new", "Home", "--templates", "nope", "-o", "out"], status: 66,
            words: ["/nope", "no such template folder"]),
        BadInputCase(
            "missing config file", ["new", "Home", "--config", "nope.json", "-o", "out"], status: 66,
            words: ["nope.json"]),
        // A repeated single-value option is not an error: the last one wins, as in swift-argument-parser, and
        // nothing is written where the first one pointed.
        BadInputCase(
            "output given twice writes to the last", ["new", "Home", "-o", "first", "-o", "second"], status: 0,
            words: [], changes: viperDefaultChanges(under: "second")),
    ]

    private static func usage(_ title: String, _ arguments: [String], _ words: [String]) -> BadInputCase {
        BadInputCase(title, arguments, status: 64, words: words) { folder in
            try folder.write("T.mustache", "Hi {{who}}\n")
        }
    }

    private static func identifier(_ title: String, _ value: String, reason: String) -> BadInputCase {
        usage(
            title, ["new", "Home", "--set", "builderContext=\(value)", "-o", "out"],
            ["--set builderContext='\(value)' is not a Swift identifier", reason])
    }

    private static func date(_ title: String, _ value: String) -> BadInputCase {
        usage(
            title, ["new", "Home", "--date", value, "-o", "out"],
            ["date '\(value)' is not a calendar date in the form YYYY-MM-DD"])
    }

    private static func epoch(_ title: String, _ value: String) -> BadInputCase {
        BadInputCase(
            title, ["new", "Home", "-o", "out"], environment: ["SOURCE_DATE_EPOCH": value], status: 65,
            words: ["SOURCE_DATE_EPOCH=\"\(value)\"", "is not a whole number of seconds"])
    }
}
