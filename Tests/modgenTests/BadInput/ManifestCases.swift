import Foundation

extension BadInputCatalogue {
    /// Broken `template.json` files of a user template: exit 65 naming the manifest, line and column.
    static let manifests: [BadInputCase] = [
        manifest(
            "manifest cut short", "{ \"id\": \"mine\",\n  \"summary\": \"s\"", at: "\"s\"", offset: 3,
            ["unexpected end of file"]),
        manifest(
            "manifest missing a comma", "{ \"id\": \"mine\"\n  \"summary\": \"s\" }", at: "\"summary\"",
            ["expected ','"]),
        manifest("manifest that is an array", "[]", at: "[", ["expected an object"]),
        manifest(
            "manifest unknown key", "{ \"id\": \"mine\", \"summary\": \"s\", \"bogus\": 1, \"files\": [] }",
            at: "1,", ["unknown key \"bogus\"", "\"files\""]),
        manifest(
            "manifest files a string", "{ \"id\": \"mine\", \"summary\": \"s\", \"files\": \"x\" }",
            at: "\"x\"", ["\"files\" must be an array"]),
        manifest(
            "manifest file without a path",
            "{ \"id\": \"mine\", \"summary\": \"s\",\n  \"files\": [ "
                + "{ \"template\": \"A.mustache\" } ] }", at: "{ \"template\"", ["missing \"path\""]),
        manifest(
            "manifest unknown option kind",
            mineManifest(options: #"{ "name": "x", "kind": "toggle", "help": "X." }"#), at: "\"toggle\"",
            ["kind 'toggle'", "\"flag\", \"choice\" or \"text\""]),
        manifest(
            "manifest option name not lowerCamelCase",
            mineManifest(options: #"{ "name": "Bad-Name", "kind": "flag", "help": "X." }"#), at: "\"Bad-Name\"",
            ["name 'Bad-Name' must be lowerCamelCase"]),
        manifest(
            "manifest duplicate option names",
            mineManifest(
                options: #"{ "name": "x", "kind": "flag", "help": "X." }, "#
                    + #"{ "name": "x", "kind": "flag", "help": "Y." }"#),
            at: "\"x\", \"kind\": \"flag\", \"help\": \"Y.\"", ["name 'x' is declared twice"]),
        manifest(
            "manifest choice default not a value",
            mineManifest(
                options: #"{ "name": "x", "kind": "choice", "values": ["a", "b"], "default": "c", "#
                    + #""help": "X." }"#), at: "\"c\"", ["default 'c' is not one of a, b"]),
        manifest(
            "manifest option taking a command flag",
            mineManifest(options: #"{ "name": "dryRun", "kind": "flag", "help": "X." }"#), at: "\"dryRun\"",
            ["'--dry-run'", "rename the option"]),
        manifest(
            "when ending in an operator", mineManifest(fileKeys: #", "when": "x &&""#), at: "x &&", offset: 4,
            ["condition \"x &&\"", "expected an option name"]),
        manifest(
            "when with an unclosed parenthesis", mineManifest(fileKeys: #", "when": "(x""#), at: "(x",
            offset: 2, ["condition \"(x\"", "expected ')'"]),
        manifest(
            "when with a stray operator", mineManifest(fileKeys: #", "when": "x || || x""#), at: "x || ||",
            offset: 5, ["condition \"x || || x\""]),
        manifest(
            "when with a single ampersand", mineManifest(fileKeys: #", "when": "x & x""#), at: "x & x",
            offset: 2, ["condition \"x & x\""]),
        manifest(
            "when empty", mineManifest(fileKeys: #", "when": """#), at: "\"when\": \"\"", offset: 9,
            ["condition \"\""]),
        manifest(
            "when naming an unknown option", mineManifest(fileKeys: #", "when": "y""#), at: "\"y\"",
            ["condition \"y\"", "unknown option 'y'", "options: x"]),
        manifest(
            "when comparing a flag", mineManifest(fileKeys: #", "when": "x == a""#), at: "\"x == a\"",
            ["condition \"x == a\""]),
        manifest(
            "when with an unknown choice value",
            mineManifest(
                fileKeys: #", "when": "c == z""#,
                options: #"{ "name": "c", "kind": "choice", "values": ["a", "b"], "default": "a", "help": "C." }"#),
            at: "\"c == z\"", ["'z' is not a value of 'c'"]),
        manifest(
            "requires naming an unknown option",
            mineManifest(options: #"{ "name": "x", "kind": "flag", "help": "X.", "requires": ["nope"] }"#),
            at: "\"nope\"", ["condition \"nope\"", "unknown option 'nope'"]),
        manifest(
            "path with a dot-dot", mineManifest().replacingOccurrences(of: "{{name}}.txt", with: "../{{name}}.txt"),
            at: "\"../", ["output path '../{{name}}.txt' is not allowed", "'..'"]),
        manifest(
            "path with an inner dot-dot",
            mineManifest().replacingOccurrences(of: "{{name}}.txt", with: "a/../../{{name}}.txt"),
            at: "\"a/../", ["is not allowed", "'..'"]),
        manifest(
            "path that is absolute",
            mineManifest().replacingOccurrences(of: "{{name}}.txt", with: "/tmp/{{name}}.txt"), at: "\"/tmp",
            ["output path '/tmp/{{name}}.txt' is not allowed", "absolute"]),
        manifest(
            "path that is empty", mineManifest().replacingOccurrences(of: "{{name}}.txt", with: ""),
            at: "\"path\": \"\"", offset: 8, ["output path '' is not allowed", "empty"]),
        manifest(
            "path naming an unknown value",
            mineManifest().replacingOccurrences(of: "{{name}}.txt", with: "{{nam}}.txt"), at: "\"{{nam}}",
            ["no value named 'nam'"]),
        manifest(
            "path with an unclosed section",
            mineManifest().replacingOccurrences(of: "{{name}}.txt", with: "{{#name}}.txt"), at: "\"{{#name}}",
            ["unclosed section 'name'"]),
        manifest(
            "template file missing",
            mineManifest().replacingOccurrences(of: "A.mustache", with: "Missing.mustache"), at: "\"Missing",
            ["template file 'Missing.mustache' does not exist"]),
        manifest(
            "template file outside the folder",
            mineManifest().replacingOccurrences(of: "A.mustache", with: "../A.mustache"), at: "\"../A",
            ["template '../A.mustache' is not allowed", "'..'"]),
        manifest(
            "identifier parameter default not an identifier",
            mineManifest().replacingOccurrences(
                of: "\"files\"",
                with: #""parameters": [{ "name": "p", "kind": "identifier", "default": "1{{name}}", "#
                    + #""help": "P." }], "files""#), at: "\"1{{name}}\"",
            ["parameter 'p' default '1{{name}}' renders to '1Home'", "not a Swift identifier"]),
        BadInputCase(
            "two files rendering to one path", newMine, status: 65, words: ["two files", "'Home.txt'"]
        ) { folder in
            try folder.writeTemplate(
                mineManifest().replacingOccurrences(
                    of: "} ] }", with: #"}, { "template": "A.mustache", "path": "{{name}}.txt" } ] }"#))
        },
        BadInputCase(
            "two templates with one id in one folder", newMine, status: 65, words: ["mine"]
        ) { folder in
            try folder.writeTemplate(mineManifest())
            try folder.write("t/other/template.json", mineManifest())
            try folder.write("t/other/A.mustache", "a\n")
        },
    ]

    /// The user template `mine` with `manifest` as its `template.json`, and `new Home` with it; the error is at
    /// the first `needle` in the manifest, moved `offset` characters right.
    private static func manifest(
        _ title: String, _ manifest: String, at needle: String, offset: Int = 0, _ words: [String]
    ) -> BadInputCase {
        BadInputCase(
            title, newMine, status: 65, words: words,
            position: locate(needle, in: manifest, file: "t/mine/template.json", offset: offset)
        ) { try $0.writeTemplate(manifest) }
    }
}
