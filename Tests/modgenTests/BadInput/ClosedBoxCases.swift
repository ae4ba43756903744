import Foundation
import TestSupport

/// A template is a closed box: a symbolic link in a user template or an Xcode bundle whose real path leads out of
/// the template's folder (to a file or to a folder) is refused by every command that reads the template, with one
/// line naming the link, exit 65, and nothing written. `secret.txt` lies beside `t/`, outside every template.
extension BadInputCatalogue {
    static let closedBox: [BadInputCase] =
        manifestLinks.flatMap { kind in
            closedBoxCommands(template: "mine").map { command in
                closedBoxCase("\(kind.name), \(command[0])", command, link: kind.link, setUp: kind.setUp)
            }
        }
        + bundleLinks.flatMap { kind in
            closedBoxCommands(template: "t/B.xctemplate").map { command in
                closedBoxCase("bundle \(kind.name), \(command[0])", command, link: kind.link, setUp: kind.setUp)
            }
        }

    /// `new`, `support`, `describe`, `export-xcode` and `snapshot` of `template`, found in `t/`.
    private static func closedBoxCommands(template: String) -> [[String]] {
        let source = ["--templates", "t"]
        return [
            ["new", "Home", "--template", template, "-o", "out"] + source,
            ["support", template, "-o", "out"] + source,
            ["describe", template] + source,
            ["export-xcode", template, "-o", "out"] + source,
            ["snapshot", template, "-o", "snap"] + source,
        ]
    }

    /// One way a link leads out: what `setUp` makes, and the link the error names (relative to the case folder).
    private struct LinkOut: Sendable {
        var name: String
        var link: String
        var setUp: @Sendable (TemporaryFolder) throws -> Void
    }

    /// The user template `mine`: a module file, a support file and a partial the module file includes.
    private static func writeMine(_ folder: TemporaryFolder, skipping skipped: String) throws {
        let manifest = """
            { "id": "mine", "summary": "Mine", "options": [],
              "files": [ { "template": "Files/A.mustache", "path": "{{name}}.txt" } ],
              "supportFiles": [ { "template": "S.mustache", "path": "Base.txt" } ] }
            """
        let files = [
            "template.json": manifest, "Files/A.mustache": "{{> part}} {{name}}\n", "S.mustache": "base\n",
            "partials/part.mustache": "part\n",
        ]
        for (name, text) in files where !"t/mine/\(name)".hasPrefix(skipped) {
            try folder.write("t/mine/\(name)", text)
        }
        try folder.write("secret.txt", "the user's secret\n")
        try folder.write("elsewhere/A.mustache", "{{name}}\n")
        try folder.write("elsewhere/part.mustache", "part\n")
    }

    /// `link` in `mine` to `target`; the error names `shown` (the file read through a linked folder).
    private static func linkInMine(_ link: String, to target: String, shown: String? = nil) -> LinkOut {
        LinkOut(name: "\(link) -> \(target)", link: "t/mine/\(shown ?? link)") { folder in
            try writeMine(folder, skipping: "t/mine/\(link)")
            try folder.makeLink("t/mine/\(link)", to: target)
        }
    }

    private static let manifestLinks: [LinkOut] = [
        linkInMine("Files/A.mustache", to: "../../../secret.txt"),
        linkInMine("S.mustache", to: "../../secret.txt"),
        linkInMine("partials/part.mustache", to: "../../../secret.txt"),
        linkInMine("partials", to: "../../elsewhere"),
        linkInMine("Files", to: "../../elsewhere", shown: "Files/A.mustache"),
        linkInMine("template.json", to: "../../secret.txt"),
        linkInMine("S.mustache", to: "/etc/passwd"),
    ]

    private static func linkInBundle(_ link: String, to target: String) -> LinkOut {
        LinkOut(name: "\(link) -> \(target)", link: "t/B.xctemplate/\(link)") { folder in
            try folder.writeBundle(bundlePlist(""))
            try folder.write("secret.txt", "the user's secret\n")
            try folder.write("elsewhere/Secret.swift", "// secret\n")
            if link == "TemplateInfo.plist" { try folder.delete("t/B.xctemplate/TemplateInfo.plist") }
            try folder.makeLink("t/B.xctemplate/\(link)", to: target)
        }
    }

    private static let bundleLinks: [LinkOut] = [
        linkInBundle("Secret.swift", to: "../../secret.txt"),
        linkInBundle("Folder", to: "../../elsewhere"),
        linkInBundle("Deeper/Secret.swift", to: "/etc/passwd"),
        linkInBundle("TemplateInfo.plist", to: "../../secret.txt"),
    ]

    private static func closedBoxCase(
        _ name: String, _ arguments: [String], link: String,
        setUp: @escaping @Sendable (TemporaryFolder) throws -> Void
    ) -> BadInputCase {
        BadInputCase(
            "template link out of its folder: \(name)", arguments, status: 65,
            words: [
                "/\(link)' leads outside the template folder '", "a template reads only files inside its own folder",
            ],
            setUp: setUp)
    }
}
