import Foundation

extension BadInputCatalogue {
    /// Output roots (a manifest file's `"root"`): placed by nobody, placed badly, or named badly; nothing is written.
    static let roots: [BadInputCase] = [
        BadInputCase(
            "root nobody placed", newMine, status: 64,
            words: ["1 file goes to output root 'tests', which is not placed", "--root tests=<dir>", "Home.txt"]
        ) { try $0.writeTemplate(mineManifest(fileKeys: rootedFile)) },
        BadInputCase(
            "root nobody placed, dry run", newMine + ["--dry-run"], status: 64,
            words: ["output root 'tests'", "\"roots\""]
        ) { try $0.writeTemplate(mineManifest(fileKeys: rootedFile)) },
        BadInputCase(
            "root placed for another name", newMine + ["--root", "test=tt"], status: 64,
            words: ["output root 'tests'"]
        ) { try $0.writeTemplate(mineManifest(fileKeys: rootedFile)) },
        BadInputCase("root option without '='", newMine + ["--root", "tests"], status: 64, words: ["name=dir"]) {
            try $0.writeTemplate(mineManifest(fileKeys: rootedFile))
        },
        BadInputCase(
            "root option with a bad name", newMine + ["--root", "Tests=tt"], status: 64,
            words: ["'Tests' is not a root name", "lowercase"]
        ) { try $0.writeTemplate(mineManifest(fileKeys: rootedFile)) },
        BadInputCase(
            "root option with no folder", newMine + ["--root", "tests="], status: 64, words: ["names no folder"]
        ) { try $0.writeTemplate(mineManifest(fileKeys: rootedFile)) },
        BadInputCase(
            "root folder through a link out of it", newMine + ["--root", "tests=tt"], status: 73,
            words: ["symbolic link", "outside the output directory"]
        ) { folder in
            try folder.writeTemplate(
                mineManifest(fileKeys: rootedFile).replacingOccurrences(of: "{{name}}.txt", with: "Sub/{{name}}.txt"))
            try folder.makeFolder("elsewhere")
            try folder.makeLink("tt/Sub", to: "../elsewhere")
        },
        BadInputCase(
            "root file conflicting", newMine + ["--root", "tests=tt"], status: 1, words: ["tt/Home.txt"],
            outputLines: ["conflict tt/Home.txt"]
        ) { folder in
            try folder.writeTemplate(mineManifest(fileKeys: rootedFile))
            try folder.write("tt/Home.txt", "mine\n")
        },
        rootManifest(
            "manifest root not a root name", #", "root": "Tests""#, at: "\"Tests\"", ["'Tests'", "lowercase"]),
        rootManifest("manifest root a number", #", "root": 1"#, at: "1 }", ["\"root\" must be a string"]),
        rootManifest("manifest root empty", #", "root": """#, at: "\"\" }", ["root '' is not a root name"]),
        rootManifest(
            "manifest root path leaving it", #", "root": "tests""#, path: "../{{name}}.txt", at: "\"../",
            ["output path '../{{name}}.txt' is not allowed", "'..'"]),
        rootConfig("config roots an array", #"{ "roots": ["Tests"] }"#, at: "[", ["\"roots\" must be an object"]),
        rootConfig("config root a number", #"{ "roots": { "tests": 5 } }"#, at: "5", ["root 'tests' must be a folder"]),
        rootConfig("config root empty", #"{ "roots": { "tests": "" } }"#, at: "\"\"", ["root 'tests' names no folder"]),
        rootConfig(
            "config root not a root name", #"{ "roots": { "Unit Tests": "T" } }"#, at: "\"T\"",
            ["root 'Unit Tests' is not a root name"]),
    ]

    /// The file entry's `root` key, spliced after its `path`.
    private static let rootedFile = #", "root": "tests""#

    /// A manifest of `mine` whose file has `fileKeys` (and `path` for its path); the error is at `needle` in it.
    private static func rootManifest(
        _ title: String, _ fileKeys: String, path: String = "{{name}}.txt", at needle: String, _ words: [String]
    ) -> BadInputCase {
        let manifest = mineManifest(fileKeys: fileKeys).replacingOccurrences(of: "{{name}}.txt", with: path)
        return BadInputCase(
            title, newMine + ["--root", "tests=tt"], status: 65, words: words,
            position: locate(needle, in: manifest, file: "t/mine/template.json")
        ) { try $0.writeTemplate(manifest) }
    }

    /// A `.modgen.json` holding `text` beside a template with a root; the error is at `needle` in the config.
    private static func rootConfig(
        _ title: String, _ text: String, at needle: String, _ words: [String]
    ) -> BadInputCase {
        BadInputCase(
            title, newMine, status: 65, words: words, position: locate(needle, in: text, file: ".modgen.json")
        ) { folder in
            try folder.writeTemplate(mineManifest(fileKeys: rootedFile))
            try folder.write(".modgen.json", text)
        }
    }
}
