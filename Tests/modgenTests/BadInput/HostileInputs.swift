import Foundation
import Testing

extension BadInputCatalogue {
    /// Inputs that once hung modgen, reached the terminal raw or were skipped silently.
    static let hostileInputs =
        fifoInputs + controlCharacters + headerNewlines + configLinks
        + [hugeNumber("1e999"), hugeNumber("-1e999"), longCondition]

    /// Inputs that are FIFOs modgen finds by itself (a FIFO the user names for `render` is read: see
    /// `HostileInputEndToEndTests`): reading one blocks for ever, so each must be refused as not a regular file.
    private static let fifoInputs: [BadInputCase] = [
        BadInputCase(
            "FIFO as .modgen.json", ["new", "Home", "-o", "out"], status: 66, words: [".modgen.json"],
            timeout: .seconds(2)
        ) { folder in
            try folder.delete(".modgen.json")
            try folder.makeFIFO(".modgen.json")
        },
        BadInputCase(
            "FIFO as the config named by --config", ["new", "Home", "--config", "c.json", "-o", "out"], status: 66,
            words: ["c.json"], timeout: .seconds(2)
        ) { try $0.makeFIFO("c.json") },
        BadInputCase(
            "FIFO as template.json", newMine, status: 66, words: ["template.json"], timeout: .seconds(2)
        ) { try $0.makeFIFO("t/mine/template.json") },
        BadInputCase(
            "FIFO as a template file", newMine, status: 66, words: ["A.mustache"], timeout: .seconds(2)
        ) { folder in
            try folder.writeTemplate(mineManifest(), files: [:])
            try folder.makeFIFO("t/mine/A.mustache")
        },
        BadInputCase(
            "FIFO as a partial", newMine, status: 66, words: ["header.mustache"], timeout: .seconds(2)
        ) { folder in
            try folder.writeTemplate(mineManifest(), files: ["A.mustache": "{{> header}}\n"])
            try folder.makeFIFO("t/mine/partials/header.mustache")
        },
    ]

    /// Control characters typed by the user must not reach the terminal raw (the one-line check fails on them).
    private static let controlCharacters: [BadInputCase] = [
        BadInputCase(
            "escape sequence in a name", ["new", "Ho\u{1B}[31mme", "-o", "out"], status: 64,
            words: ["invalid module name"]),
        BadInputCase("tab in a name", ["new", "Ho\tme", "-o", "out"], status: 64, words: ["invalid module name"]),
        BadInputCase(
            "line break in a name", ["new", "Ho\nme", "-o", "out"], status: 64, words: ["invalid module name"]),
        BadInputCase(
            "carriage return in a name", ["new", "Home\r", "-o", "out"], status: 64, words: ["invalid module name"]),
        BadInputCase(
            "escape sequence in a --set key", ["new", "Home", "--set", "a\u{1B}[2J=1", "-o", "out"], status: 64,
            words: ["--set"]),
        BadInputCase(
            "escape sequence in a template id", ["new", "Home", "--template", "x\u{1B}[2J", "-o", "out"],
            status: 66, words: ["no template"]),
        BadInputCase(
            "escape sequence in an option", ["new", "Home", "--b\u{1B}[2Jogus"], status: 64, words: ["unknown option"]),
        BadInputCase(
            "line break in a date", ["new", "Home", "--date", "2024-01-01\nx", "-o", "out"], status: 64,
            words: ["is not a calendar date"]),
    ]

    /// A header field lands in a `//` comment line: a line break in it would put the rest into code.
    private static let headerNewlines: [BadInputCase] = [
        BadInputCase(
            "line break in --set project", ["new", "Home", "--set", "project=Shop\nimport Evil", "-o", "out"],
            status: 64, words: ["project"]),
        BadInputCase(
            "line break in --set author", ["new", "Home", "--set", "author=A\rB", "-o", "out"], status: 64,
            words: ["author"]),
        BadInputCase(
            "line break in the config's header", ["new", "Home", "-o", "out"], status: 65, words: ["project"],
            position: locate("\"Shop", in: headerConfig, file: ".modgen.json")
        ) { try $0.write(".modgen.json", headerConfig) },
        BadInputCase(
            "line break in the config's set company", ["new", "Home", "-o", "out"], status: 65, words: ["company"],
            position: locate("\"Acme", in: setConfig, file: ".modgen.json")
        ) { try $0.write(".modgen.json", setConfig) },
    ]

    private static let headerConfig = #"{ "header": { "project": "Shop\nimport Evil" } }"#
    private static let setConfig = #"{ "set": { "company": "Acme\nimport Evil" } }"#

    /// A `.modgen.json` that is a link to nothing is a config the user meant to use: it must not be skipped.
    private static let configLinks: [BadInputCase] = [
        BadInputCase("dangling .modgen.json link", ["new", "Home", "-o", "out"], status: 66, words: [".modgen.json"]) {
            folder in
            try folder.delete(".modgen.json")
            try folder.makeLink(".modgen.json", to: "nowhere.json")
        },
        BadInputCase("looping .modgen.json link", ["new", "Home", "-o", "out"], status: 66, words: [".modgen.json"]) {
            folder in
            try folder.delete(".modgen.json")
            try folder.makeLink(".modgen.json", to: ".modgen.json")
        },
    ]

    /// A number no `Double` holds must be refused where it is written, not rendered as `inf`.
    private static func hugeNumber(_ number: String) -> BadInputCase {
        let data = "{\n  \"who\": \(number)\n}\n"
        return BadInputCase(
            "JSON number \(number)", ["render", "T.mustache", "--data", "n.json"], status: 65, words: [number],
            position: locate(number, in: data, file: "n.json", absolute: false)
        ) { folder in
            try folder.write("T.mustache", "Hi {{who}}\n")
            try folder.write("n.json", data)
        }
    }

    /// A `when` of 20,000 terms: an error naming the manifest, not a stack overflow. The position is the first
    /// character past the 1,024-character limit, as a syntax error names the character where reading stopped.
    private static let longCondition: BadInputCase = {
        let condition = Array(repeating: "x", count: 20_000).joined(separator: " && ")
        let manifest = mineManifest(fileKeys: ", \"when\": \"\(condition)\"")
        return BadInputCase(
            "when of 20000 terms", newMine, status: 65, words: ["condition"],
            position: locate("\"x && x", in: manifest, file: "t/mine/template.json", offset: 1 + 1024)
        ) { try $0.writeTemplate(manifest) }
    }()
}
