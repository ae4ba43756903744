import Foundation

extension BadInputCatalogue {
    /// `modgen render` with missing or broken files: errors name the file as typed, with line and column for
    /// broken JSON or Mustache.
    static let render: [BadInputCase] = [
        renderCase(
            "render a missing template", ["render", "missing.mustache"], 66,
            ["cannot read 'missing.mustache'", "no such file or directory"]),
        renderCase("render a folder", ["render", "dir"], 66, ["cannot read 'dir'", "is a directory"]),
        renderCase(
            "render missing data", ["render", "T.mustache", "--data", "missing.json"], 66,
            ["cannot read 'missing.json'", "no such file or directory"]),
        renderCase(
            "render data that is a folder", ["render", "T.mustache", "--data", "dir"], 66,
            ["cannot read 'dir'", "is a directory"]),
        renderCase(
            "render bad JSON data", ["render", "T.mustache", "--data", "bad.json"], 65,
            ["unexpected character '}'"], at: locate("}", in: badJSON, file: "bad.json", absolute: false)),
        renderCase(
            "render JSON data cut short", ["render", "T.mustache", "--data", "short.json"], 65,
            ["unexpected end of file"], at: .init(file: "short.json", line: 2, column: 1, absolute: false)),
        renderCase(
            "render bad JSON on standard input", ["render", "T.mustache", "--data", "-"], 65,
            ["unexpected end of file"], at: .init(file: "<stdin>", line: 2, column: 1, absolute: false),
            input: "{\"who\": \"x\"\n"),
        renderCase(
            "render JSON data not UTF-8", ["render", "T.mustache", "--data", "latin1.json"], 65,
            ["not valid UTF-8"], at: .init(file: "latin1.json", line: 1, column: 2, absolute: false)),
        renderCase(
            "render strict with a missing value", ["render", "T.mustache", "--strict"], 65,
            ["no value named 'who'"], at: locate("{{who}}", in: template, file: "T.mustache", absolute: false)),
        renderCase(
            "render strict with data lacking the value",
            [
                "render", "T.mustache", "--strict", "--data",
                "array.json",
            ], 65, ["no value named 'who'"],
            at: locate("{{who}}", in: template, file: "T.mustache", absolute: false)),
        renderCase(
            "render strict with a missing partial", ["render", "P.mustache", "--strict"], 65,
            ["unknown partial 'p'"], at: .init(file: "P.mustache", line: 1, column: 1, absolute: false)),
        renderCase(
            "render unclosed section", ["render", "U.mustache"], 65, ["unclosed section 'open'"],
            at: .init(file: "U.mustache", line: 2, column: 1, absolute: false)),
        renderCase(
            "render partials folder missing", ["render", "T.mustache", "--partials", "nope"], 66,
            ["cannot read 'nope'", "no such file or directory"]),
        renderCase(
            "render partials folder a file", ["render", "P.mustache", "--partials", "T.mustache"], 66,
            ["'T.mustache'", "not a directory"]),
        renderCase("render without a template", ["render"], 64, ["missing expected argument '<template-file>'"]),
        renderCase(
            "render data without its value", ["render", "T.mustache", "--data"], 64,
            ["missing value for '--data <json-file>'"]),
        renderCase(
            "render escape without its value", ["render", "T.mustache", "--escape"], 64,
            ["missing value for '--escape <escape>'"]),
    ]

    private static let template = "Hi {{who}}\n"
    private static let badJSON = "{\n  \"who\": }\n"

    private static func renderCase(
        _ title: String, _ arguments: [String], _ status: Int32, _ words: [String],
        at position: BadInputCase.Position? = nil, input: String? = nil
    ) -> BadInputCase {
        BadInputCase(title, arguments, input: input, status: status, words: words, position: position) { folder in
            try folder.write("T.mustache", template)
            try folder.write("P.mustache", "{{> p}}\n")
            try folder.write("U.mustache", "a\n{{#open}}\nb\n")
            try folder.write("bad.json", badJSON)
            try folder.write("short.json", "{ \"who\": \"x\"\n")
            try folder.write("array.json", "[1, 2]\n")
            try Data([0x7B, 0xE9, 0x7D]).write(to: folder.url.appendingPathComponent("latin1.json"))
            try folder.makeFolder("dir")
        }
    }
}
