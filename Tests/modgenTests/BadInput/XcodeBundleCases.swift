import Foundation
import TestSupport

/// `new Home` with the Xcode bundle `t/B.xctemplate`, into `out`.
let newBundle = ["new", "Home", "--template", "t/B.xctemplate", "-o", "out"]

/// A `TemplateInfo.plist` whose options start on line 8 (one a line in `options`).
func bundlePlist(_ options: String, kind: String = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    <key>Kind</key>
    <string>\(kind)</string>
    <key>Options</key>
    <array>
    \(options)
    </array>
    </dict>
    </plist>

    """
}

extension TemporaryFolder {
    /// The bundle `t/B.xctemplate` with `plist` as its `TemplateInfo.plist` (none when `nil`) and `files`.
    func writeBundle(_ plist: String?, files: [String: String] = ["___FILEBASENAME___.swift": "// ___FILENAME___\n"])
        throws
    {
        try makeFolder("t/B.xctemplate")
        if let plist { try write("t/B.xctemplate/TemplateInfo.plist", plist) }
        for (name, contents) in files { try write("t/B.xctemplate/\(name)", contents) }
    }
}

extension BadInputCatalogue {
    /// Broken Xcode bundles and values their options refuse: one line naming the bundle (and the plist's line and
    /// column where there is one), a non-zero exit, nothing written.
    static let xcodeBundles: [BadInputCase] = [
        plistCase(
            "truncated plist", bundlePlist("<dict>\n<key>Identifier</key>").components(separatedBy: "\n</array>")[0],
            line: 9, column: 22, ["unexpected end of file", "<dict> (opened at 8:1) is not closed"]),
        plistCase(
            "<key> where an option's dictionary belongs", bundlePlist("<key>Identifier</key>"), line: 8, column: 1,
            ["<key> outside a dictionary, in <array>"]),
        plistCase(
            "Options of the wrong type",
            bundlePlist("").replacingOccurrences(of: "<array>\n\n</array>", with: "<string>x</string>"),
            line: 7, column: 1, ["Options must be an array, found a string"]),
        plistCase(
            "option without Identifier", bundlePlist("<dict><key>Type</key><string>text</string></dict>"), line: 8,
            column: 1, ["an option has no Identifier"]),
        plistCase(
            "Required that is no boolean",
            bundlePlist(
                "<dict><key>Identifier</key><string>a</string><key>Required</key><string>often</string></dict>"),
            line: 8, column: 65, ["Required must be a boolean"]),
        BadInputCase(
            "bundle without TemplateInfo.plist", newBundle, status: 66,
            words: ["/t/B.xctemplate: not an Xcode template: it has no TemplateInfo.plist"]
        ) { try $0.writeBundle(nil) },
        BadInputCase(
            "project template", newBundle, status: 65,
            words: ["/t/B.xctemplate: is a project template (Kind Xcode.Xcode3.ProjectTemplateUnitKind)"]
        ) { try $0.writeBundle(#"{ Kind = "Xcode.Xcode3.ProjectTemplateUnitKind"; }"#) },
        BadInputCase(
            "sub-folder missing for the values", newBundle + ["--style", "Dark"], status: 65,
            words: [
                "/t/B.xctemplate: the options select the sub-folder 'Dark', which the bundle does not have (it has 'Light')"
            ]
        ) { folder in
            try folder.writeBundle(
                bundlePlist(Self.popup("style", ["Light", "Dark"])), files: ["Light/___FILEBASENAME___.swift": "x\n"])
        },
        BadInputCase(
            "Default cycle", newBundle, status: 65,
            words: ["/t/B.xctemplate: the Defaults of options a → b → a refer to each other in a circle"]
        ) { folder in
            try folder.writeBundle(
                bundlePlist(
                    Self.derived("a", "___VARIABLE_b___") + "\n" + Self.derived("b", "___VARIABLE_a:identifier___")),
                files: ["___VARIABLE_a___.swift": "x\n"])
        },
        BadInputCase(
            "macro expanding to .. in a file name", newBundle + ["--dir", ".."], status: 65,
            words: ["'___VARIABLE_dir___/x.swift' expands to '..', which would leave its folder"]
        ) { try $0.writeBundle(bundlePlist(Self.text("dir")), files: ["___VARIABLE_dir___/x.swift": "x\n"]) },
        BadInputCase(
            "macro expanding to an absolute path", newBundle + ["--set", "dir=/etc"], status: 65,
            words: ["'___VARIABLE_dir___/x.swift' expands to '/etc', an absolute path"]
        ) { try $0.writeBundle(bundlePlist(Self.text("dir")), files: ["___VARIABLE_dir___/x.swift": "x\n"]) },
        BadInputCase(
            "two files expanding to one path", newBundle, status: 65,
            words: ["/t/B.xctemplate: 'Home.swift' and '___FILEBASENAME___.swift' both expand to 'Home.swift'"]
        ) { try $0.writeBundle(bundlePlist(""), files: ["Home.swift": "a\n", "___FILEBASENAME___.swift": "b\n"]) },
        BadInputCase(
            "popup value outside Values", newBundle + ["--set", "style=Dark"], status: 64,
            words: ["'Dark' is not a value of option 'style' (choose Light)"]
        ) { try $0.writeBundle(bundlePlist(Self.popup("style", ["Light"])), files: ["Light/a.swift": "x\n"]) },
        BadInputCase(
            "static option set", newBundle + ["--set", "a=x"], status: 64,
            words: ["option 'a' is static: its value comes from its Default and cannot be set"]
        ) { try $0.writeBundle(bundlePlist(Self.derived("a", "x", type: "static"))) },
        BadInputCase(
            "unknown Identifier", newBundle + ["--set", "styel=Light"], status: 64,
            words: ["the template has no option 'styel'; did you mean 'style'?"]
        ) { try $0.writeBundle(bundlePlist(Self.popup("style", ["Light"])), files: ["Light/a.swift": "x\n"]) },
        BadInputCase(
            "required text option left empty", newBundle + ["--set", "productName="], status: 64,
            words: ["option 'productName' is required and is empty"]
        ) {
            try $0.writeBundle(
                bundlePlist(
                    Self.text("productName").replacingOccurrences(
                        of: "</dict>", with: "<key>Required</key><true/></dict>")))
        },
        BadInputCase(
            "config dateFormat with a field it cannot write", newBundle, status: 65,
            words: ["date pattern 'yyyy-MM-dd HH:mm' has 'HH'"],
            position: .init(file: ".modgen.json", line: 1, column: 17)
        ) { folder in
            try folder.writeBundle(bundlePlist(""))
            try folder.write(".modgen.json", #"{ "dateFormat": "yyyy-MM-dd HH:mm" }"#)
        },
        BadInputCase(
            "IDETemplateMacros.plist with a cycle", newBundle, status: 65,
            words: [
                "/P.xcodeproj/xcshareddata/IDETemplateMacros.plist: macros A → B → A refer to each other in a circle"
            ]
        ) { folder in
            try folder.writeBundle(bundlePlist(""), files: ["a.swift": "___A___\n"])
            try folder.write("P.xcodeproj/xcshareddata/IDETemplateMacros.plist", #"{ A = "___B___"; B = "___A___"; }"#)
            // The project's name is how the macros file is found (no folder is listed).
            try folder.write(".modgen.json", #"{ "header": { "project": "P" } }"#)
        },
        BadInputCase(
            "Defaults chained 5,000 deep", newBundle, status: 65,
            words: [
                "/t/B.xctemplate/TemplateInfo.plist: the Defaults of options o0 → o1 → o2 → … → o62 → o63 → o64 "
                    + "refer to one another more than 64 levels deep"
            ]
        ) { folder in
            let chain = (0..<5_000).map { Self.derived("o\($0)", "___VARIABLE_o\($0 + 1)___") }
            try folder.writeBundle(
                bundlePlist((chain + [Self.derived("o5000", "end")]).joined(separator: "\n")),
                files: ["a.swift": "___VARIABLE_o0___\n"])
        },
        BadInputCase(
            "Defaults doubling 34 times", newBundle, status: 65,
            words: [
                "/t/B.xctemplate/TemplateInfo.plist: its macros expand to more than 67108864 bytes; do macros or "
                    + "Defaults repeat one another?"
            ]
        ) { folder in
            let levels = (0..<34).map { Self.derived("o\($0)", "___VARIABLE_o\($0 + 1)______VARIABLE_o\($0 + 1)___") }
            try folder.writeBundle(
                bundlePlist((levels + [Self.derived("o34", "ab")]).joined(separator: "\n")),
                files: ["a.swift": "___VARIABLE_o0___\n"])
        },
        BadInputCase(
            "IDETemplateMacros.plist chained 20,000 deep", newBundle, status: 65,
            words: [
                "/P.xcodeproj/xcshareddata/IDETemplateMacros.plist: macros M0 → M1 → M2 → … → M62 → M63 → M64 "
                    + "refer to one another more than 64 levels deep"
            ]
        ) { folder in
            try folder.writeBundle(bundlePlist(""), files: ["a.swift": "___M0___\n"])
            let macros = (0..<20_000).map { "M\($0) = \"___M\($0 + 1)___\";" }.joined(separator: " ")
            try folder.write("P.xcodeproj/xcshareddata/IDETemplateMacros.plist", "{ \(macros) M20000 = end; }")
            try folder.write(".modgen.json", #"{ "header": { "project": "P" } }"#)
        },
        BadInputCase(
            "IDETemplateMacros.plist doubling 40 times", newBundle, status: 65,
            words: [
                "/P.xcodeproj/xcshareddata/IDETemplateMacros.plist: its macros expand to more than 67108864 bytes; "
                    + "do macros or Defaults repeat one another?"
            ]
        ) { folder in
            try folder.writeBundle(bundlePlist(""), files: ["a.swift": "___M0___\n"])
            let macros = (0..<40).map { "M\($0) = \"___M\($0 + 1)______M\($0 + 1)___\";" }.joined(separator: " ")
            try folder.write("P.xcodeproj/xcshareddata/IDETemplateMacros.plist", "{ \(macros) M40 = ab; }")
            try folder.write(".modgen.json", #"{ "header": { "project": "P" } }"#)
        },
    ]

    private static func plistCase(
        _ title: String, _ plist: String, line: Int, column: Int, _ words: [String]
    ) -> BadInputCase {
        BadInputCase(
            title, newBundle, status: 65, words: words,
            position: .init(file: "t/B.xctemplate/TemplateInfo.plist", line: line, column: column)
        ) { try $0.writeBundle(plist) }
    }

    private static func popup(_ identifier: String, _ values: [String]) -> String {
        "<dict><key>Identifier</key><string>\(identifier)</string><key>Type</key><string>popup</string>"
            + "<key>Values</key><array>\(values.map { "<string>\($0)</string>" }.joined())</array></dict>"
    }

    private static func text(_ identifier: String) -> String {
        "<dict><key>Identifier</key><string>\(identifier)</string><key>Type</key><string>text</string></dict>"
    }

    private static func derived(_ identifier: String, _ value: String, type: String? = nil) -> String {
        "<dict><key>Identifier</key><string>\(identifier)</string>"
            + (type.map { "<key>Type</key><string>\($0)</string>" } ?? "")
            + "<key>Default</key><string>\(value)</string></dict>"
    }
}
