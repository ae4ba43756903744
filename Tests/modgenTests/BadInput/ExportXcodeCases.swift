import Foundation

extension BadInputCatalogue {
    /// `modgen export-xcode`: templates Xcode cannot express are refused naming the file and the value, and the
    /// bundle is written through the same write plan as a module (conflicts stop it), all with nothing written.
    static let exportXcode: [BadInputCase] = [
        BadInputCase(
            "export-xcode a text option in a section", ["export-xcode", "viper-s", "-o", "out"], status: 65,
            words: ["viper-s/template.json", "cannot export to Xcode", "'Contract.swift.mustache'", "'group'"]),
        BadInputCase(
            "export-xcode a case-converted name", exportMine, status: 65,
            words: ["cannot export to Xcode", "'A.mustache'", "'nameSnake'"],
            setUp: { try $0.writeTemplate(mineManifest(), files: ["A.mustache": "let {{nameSnake}} = 1\n"]) }),
        BadInputCase(
            "export-xcode rules that are no RequiredOptions", exportMine, status: 65,
            words: ["cannot export to Xcode", "'requires x || y'", "RequiredOptions"],
            setUp: { folder in
                let options =
                    #"{ "name": "x", "kind": "flag" }, { "name": "y", "kind": "flag" }, "#
                    + #"{ "name": "z", "kind": "flag", "requires": [{ "condition": "x || y" }] }"#
                try folder.writeTemplate(mineManifest(options: options))
            }),
        BadInputCase(
            "export-xcode an unknown template", ["export-xcode", "nope", "-o", "out"], status: 66, words: ["nope"]),
        BadInputCase(
            "export-xcode without a template", ["export-xcode", "-o", "out"], status: 64,
            words: ["missing expected argument '<template>'"]),
        BadInputCase(
            "export-xcode over a changed TemplateInfo.plist", ["export-xcode", "mvvm-fc", "-o", "out"], status: 1,
            words: [
                "1 file exists with different contents", "nothing was written",
                "out/mvvm-fc.xctemplate/TemplateInfo.plist",
            ],
            outputLines: ["conflict out/mvvm-fc.xctemplate/TemplateInfo.plist"],
            setUp: { try $0.write("out/mvvm-fc.xctemplate/TemplateInfo.plist", "mine\n") }),
    ]
}

/// `export-xcode` of the user template `mine` of `t/`, into `out`.
let exportMine = ["export-xcode", "mine", "--templates", "t", "-o", "out"]
