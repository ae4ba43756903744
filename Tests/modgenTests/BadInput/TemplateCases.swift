import Foundation

extension BadInputCatalogue {
    /// Broken Mustache in a user template's files and partials: exit 65 naming the template file, line and
    /// column, with nothing written.
    static let templates: [BadInputCase] = [
        template(
            "unclosed section", "line one\n  {{#name}}\nnever closed\n", at: "{{#name}}",
            ["unclosed section 'name'"]),
        template(
            "closing tag without a section", "a {{/name}}\n", at: "{{/name}}",
            ["closing tag 'name' has no open section"]),
        template(
            "mismatched closing tag", "{{#a}}\n  {{/b}}\n", at: "{{/b}}",
            ["closing tag 'b' does not match open section 'a'"]),
        template("unknown partial", "a\n{{> nothere}}\n", at: "{{> nothere}}", ["unknown partial 'nothere'"]),
        template(
            "partial outside the folder", "{{> ../../etc/passwd}}\n", at: "{{>",
            ["unknown partial '../../etc/passwd'"]),
        template(
            "strict variable missing", "let a = 1\nlet b = {{nam}}\n", at: "{{nam}}",
            ["no value named 'nam'"]),
        template("strict dotted variable missing", "{{name.first}}\n", at: "{{", ["no value named 'name.first'"]),
        template("unclosed triple mustache", "x {{{name}\n", at: "{{{", ["unclosed tag", "'}}}'"]),
        template("unclosed tag", "x {{name\n", at: "{{", ["unclosed tag", "'}}'"]),
        template("unclosed comment", "{{! note\n", at: "{{!", ["unclosed tag"]),
        template("bad delimiter change", "{{=<% %>}}\n", at: "{{=", ["delimiter change"]),
        BadInputCase(
            "template not UTF-8", newMine, status: 65, words: ["not valid UTF-8"],
            position: .init(file: "t/mine/A.mustache", line: 1, column: 2)
        ) { folder in
            try folder.writeTemplate(mineManifest(), files: [:])
            try Data([0x61, 0xFF, 0xFE, 0x0A]).write(to: folder.url.appendingPathComponent("t/mine/A.mustache"))
        },
        BadInputCase(
            "broken partial of the template", newMine, status: 65, words: ["unclosed section 'x'"],
            position: .init(file: "t/mine/partials/header.mustache", line: 1, column: 3)
        ) { folder in
            try folder.writeTemplate(mineManifest(), files: ["A.mustache": "{{> header}}\n"])
            try folder.write("t/mine/partials/header.mustache", "h {{#x}}\n")
        },
        BadInputCase(
            "template file is a folder", newMine, status: 66,
            words: ["cannot read '", "/t/mine/A.mustache'", "is a directory"]
        ) { folder in
            try folder.writeTemplate(mineManifest(), files: [:])
            try folder.makeFolder("t/mine/A.mustache")
        },
    ]

    /// The user template `mine` whose one file `A.mustache` holds `text`; the error is at the first `needle`.
    private static func template(_ title: String, _ text: String, at needle: String, _ words: [String])
        -> BadInputCase
    {
        BadInputCase(
            title, newMine, status: 65, words: words, position: locate(needle, in: text, file: "t/mine/A.mustache")
        ) { try $0.writeTemplate(mineManifest(), files: ["A.mustache": text]) }
    }
}
