import Foundation
import ModGenCore
import ModGenMustache
import TestSupport
import Testing

@testable import ModGenTemplates

/// Reading `.modgen.json`: paths, header fields, `set`, option defaults, and every kind of mistake with where it is.
@Suite struct ModGenConfigTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Writes `text` as the config file and reads it.
    func read(_ text: String) throws -> ModGenConfig {
        try folder.write(ModGenConfig.fileName, text)
        return try ModGenConfig(contentsOf: folder.url(ModGenConfig.fileName))
    }

    var configPath: String { folder.url(ModGenConfig.fileName).path }

    /// Where `marker` stands in `text`, found independently of the JSON parser.
    func position(of marker: String, in text: String) throws -> SourcePosition {
        try #require(TextPositions.position(of: marker, in: text, plus: 0))
    }

    @Test func relativePathsAreBelowTheConfigFolderAndAbsoluteOnesAreKept() throws {
        defer { folder.remove() }
        let elsewhere = try TemporaryFolder()
        defer { elsewhere.remove() }
        try elsewhere.write("header.mustache", "// {{fileName}} by {{author}}\n")
        let config = try read(
            """
            {
              "output": "/tmp/modules",
              "templates": ["Tools/Templates", "\(elsewhere.path)/templates"],
              "header": { "author": "Ana", "partial": "\(elsewhere.path)/header.mustache" }
            }
            """)
        #expect(config.output?.path == "/tmp/modules")
        #expect(
            config.templateDirectories.map(\.path) == [
                folder.url("Tools/Templates").path, elsewhere.path + "/templates",
            ])
        #expect(config.header.author == "Ana")
        #expect(config.headerPartial?.name == elsewhere.path + "/header.mustache")

        let relative = try read(#"{ "output": "Sources/Modules" }"#)
        #expect(relative.output?.path == folder.url("Sources/Modules").path)
    }

    @Test func readsEveryField() throws {
        defer { folder.remove() }
        try folder.write("Tools/header.mustache", "// header\n")
        let config = try read(
            """
            {
              "template": "viper",
              "options": { "viper": { "rx": true, "interface": "storyboard" } },
              "header": { "project": "Shop", "company": "Acme", "partial": "Tools/header.mustache" },
              "date": "2024-02-29",
              "set": { "builderContext": "Void", "project": "Other" }
            }
            """)
        #expect(config.template == "viper")
        #expect(config.header == HeaderFields(project: "Shop", company: "Acme", date: "2024-02-29"))
        #expect(config.settings == ["builderContext": "Void", "project": "Other"])
        #expect(config.optionDefaults["viper"]?.map(\.name) == ["rx", "interface"])
        #expect(config.headerPartial?.name == folder.url("Tools/header.mustache").path)
    }

    /// Each broken config, the text that marks where the error must point, and the reason.
    @Test(arguments: [
        (
            #"{ "templat": "viper" }"#, #""viper""#,
            #"unknown key "templat"; did you mean 'template'? (known: "after", "date", "dateFormat", "header", "options", "#
                + #""output", "roots", "set", "supportOutput", "template", "templates", "xcodeMacros", "xcodeproj")"#
        ),
        (
            #"{ "dateFormat": "yyyy-MM-dd HH:mm" }"#, #""yyyy-MM-dd HH:mm""#,
            "date pattern 'yyyy-MM-dd HH:mm' has 'HH', which is not a field it can write (use y, yy, yyyy, M, MM, "
                + "MMM, MMMM, d, dd, and quotes around literal letters)"
        ),
        // A line break in the pattern would end the header's comment and write the rest as code.
        (
            #"{ "dateFormat": "dd\nimport Evil" }"#, #""dd"#,
            "date pattern 'dd\nimport Evil' cannot contain a line break"
        ),
        (
            #"{ "dateFormat": "dd\u001B[2J" }"#, #""dd"#,
            "date pattern 'dd\u{1B}[2J' cannot contain a control character (\\u{1B})"
        ),
        (
            #"{ "date": "2023-02-29" }"#, #""2023-02-29""#,
            "date '2023-02-29' is not a calendar date in the form YYYY-MM-DD"
        ),
        (#"{ "date": "10000-01-01" }"#, #""10000"#, "date '10000-01-01' is not a calendar date in the form YYYY-MM-DD"),
        (#"{ "set": ["a=b"] }"#, #"["a=b"]"#, #""set" must be an object of strings, found an array"#),
        (#"{ "set": "a=b" }"#, #""a=b""#, #""set" must be an object of strings, found a string"#),
        (#"{ "set": { "project": 3 } }"#, "3 }", #""project" must be a string, found a number"#),
        (#"{ "set": { "name": "X" } }"#, #""X""#, "set key 'name' is derived by modgen and cannot be set"),
        (#"{ "set": { "Project": "X" } }"#, #""X""#, "set key 'Project' is not a lowerCamelCase identifier"),
        (#"{ "header": { "partial": 3 } }"#, "3 }", #""partial" must be a string, found a number"#),
        (#"{ "header": "Acme" }"#, #""Acme""#, "expected an object, found a string"),
        (#"{ "options": { "viper": true } }"#, "true", #""viper" must be an object of option values"#),
    ])
    func mistakesAreDataErrorsWithPosition(text: String, marker: String, reason: String) throws {
        defer { folder.remove() }
        let expected = DataFileError(fileName: configPath, position: try position(of: marker, in: text), reason: reason)
        #expect(throws: expected) { try read(text) }
    }

    @Test func aMissingHeaderPartialIsMissingInputNamingTheConfigAndThePartial() throws {
        defer { folder.remove() }
        let text = #"{ "header": { "partial": "Tools/missing.mustache" } }"#
        do {
            _ = try read(text)
            Issue.record("a missing header partial should be an error")
        } catch let error as ConfigReferenceError {
            let position = try position(of: #""Tools/missing"#, in: text)
            #expect(
                error.message
                    == "\(configPath):\(position): cannot read header partial "
                    + "'\(folder.url("Tools/missing.mustache").path)': no such file or directory")
        }
    }

    @Test func aHeaderPartialThatIsNotUTF8IsADataErrorAtTheBadByte() throws {
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url("Tools"), withIntermediateDirectories: true)
        try Data([0x2F, 0x2F, 0x0A, 0x41, 0xFF]).write(to: folder.url("Tools/header.mustache"))
        #expect(
            throws: DataFileError(
                fileName: folder.url("Tools/header.mustache").path, position: SourcePosition(line: 2, column: 2),
                reason: "the file is not valid UTF-8")
        ) { try read(#"{ "header": { "partial": "Tools/header.mustache" } }"#) }
    }

    @Test func aHeaderPartialWithBadMustacheNamesItsOwnPath() throws {
        defer { folder.remove() }
        try folder.write("header.mustache", "// ok\n// {{#open}}\n")
        #expect(
            throws: MustacheError(
                templateName: folder.url("header.mustache").path, position: MustachePosition(line: 2, column: 4),
                reason: "unclosed section 'open'")
        ) { try read(#"{ "header": { "partial": "header.mustache" } }"#) }
    }

    @Test func optionDefaultsOfTheWrongKindNameTheirPosition() throws {
        defer { folder.remove() }
        let text = #"{ "options": { "demo": { "interface": "storyboard", "rx": 3, "nope": true } } }"#
        let manifest = try TemplateManifest(
            parsing: """
                { "id": "demo", "summary": "Demo",
                  "options": [
                    { "name": "interface", "kind": "choice", "values": ["none", "storyboard"], "default": "none" },
                    { "name": "rx", "kind": "flag" }
                  ],
                  "files": [{ "template": "A.mustache", "path": "A.swift" }] }
                """, fileName: "template.json")
        let config = try read(text)
        #expect(
            throws: DataFileError(
                fileName: configPath, position: try position(of: "3,", in: text),
                reason: "option 'rx' must be a flag, found a number")
        ) { try config.optionDefaults(for: manifest.template) }

        let unknownText = #"{ "options": { "demo": { "nope": true } } }"#
        let unknown = try read(unknownText)
        #expect(
            throws: DataFileError(
                fileName: configPath, position: try position(of: "true", in: unknownText),
                reason: "template 'demo' has no option 'nope'")
        ) { try unknown.optionDefaults(for: manifest.template) }

        let valid = try read(#"{ "options": { "demo": { "interface": "storyboard", "rx": true } } }"#)
        #expect(
            try valid.optionDefaults(for: manifest.template) == ["interface": .choice("storyboard"), "rx": .flag(true)])
    }

    @Test func aSymbolicLinkToNothingIsFoundNotSkippedForTheParentsConfig() throws {
        defer { folder.remove() }
        try folder.write(ModGenConfig.fileName, "{}")
        try folder.write("sub/keep", "")
        let link = folder.url("sub/\(ModGenConfig.fileName)")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nowhere")
        let found = try #require(ModGenConfig.find(from: folder.url("sub")))
        #expect(found.path == link.path)
        #expect(throws: FileReadError(path: link.path, reason: "is a symbolic link to 'nowhere', which does not exist"))
        {
            try ModGenConfig(contentsOf: found)
        }
    }

    @Test func theSearchClimbsToTheNearestConfig() throws {
        defer { folder.remove() }
        try folder.write(ModGenConfig.fileName, "{}")
        try folder.write("a/b/keep", "")
        #expect(ModGenConfig.find(from: folder.url("a/b"))?.path == configPath)
    }

    /// The Rambafile search climbs as the config's does (one search, `FileStatus.nearestEntry`): the nearest one
    /// wins over one further up, and the URL names the file.
    @Test func theRambafileSearchClimbsToTheNearestOne() throws {
        defer { folder.remove() }
        try folder.write(Rambafile.fileName, "company: Far\n")
        try folder.write("a/\(Rambafile.fileName)", "company: Near\n")
        try folder.write("a/b/c/keep", "")
        let found = try #require(Rambafile.find(from: folder.url("a/b/c")))
        #expect(found.path == folder.url("a/\(Rambafile.fileName)").path)
        #expect(found.lastPathComponent == Rambafile.fileName)
        #expect(Rambafile.find(from: folder.url("a/../b"))?.path == folder.url(Rambafile.fileName).path)
    }

    /// A working folder Foundation could not make absolute (it was deleted): no climb through `..` from a relative
    /// path ever reaches `/`.
    @Test(arguments: ["./", "../x", "x/"])
    func aRelativeStartFindsNothingInsteadOfClimbingForever(path: String) throws {
        let start = try #require(URL(string: path))
        #expect(ModGenConfig.find(from: start) == nil)
        #expect(Rambafile.find(from: start) == nil)
    }

    @Test(arguments: [
        (
            "{ \"header\": { \"project\": \"Shop\\nimport Evil\" } }", "\"Shop",
            "header field 'project' cannot contain a line break"
        ),
        (
            "{ \"header\": { \"author\": \"\\u001b[31m\" } }", "\"\\u001b",
            #"header field 'author' cannot contain a control character (\u{1B})"#
        ),
        ("{ \"set\": { \"company\": \"A\\r\\nB\" } }", "\"A", "header field 'company' cannot contain a line break"),
    ])
    func aHeaderFieldWithAControlCharacterIsADataError(text: String, marker: String, reason: String) throws {
        defer { folder.remove() }
        let position = try position(of: marker, in: text)
        #expect(throws: DataFileError(fileName: configPath, position: position, reason: reason)) { try read(text) }
    }
}

/// The config's `"roots"`: folders relative to the config's folder, as `output` is.
@Suite struct ModGenConfigRootsTests {
    @Test func rootsAreFoldersBelowTheConfigFolderUnlessAbsolute() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ModGenConfig.fileName, #"{ "roots": { "tests": "Tests/AppTests", "ui": "/abs/UI" } }"#)
        let config = try ModGenConfig(contentsOf: folder.url(ModGenConfig.fileName))
        #expect(config.roots.mapValues(\.path) == ["tests": folder.path("Tests/AppTests"), "ui": "/abs/UI"])
    }
}
