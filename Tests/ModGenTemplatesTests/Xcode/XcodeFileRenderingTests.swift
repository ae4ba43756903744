import ModGenCore
import Testing

@testable import ModGenTemplates

@Suite struct XcodeFileRenderingTests {
    static let info = XcodeTemplateInfo(
        kind: "", options: [XcodeOption(identifier: "dir", kind: .text, defaultValue: "Views")])

    func render(
        _ files: [String: String], name: String = "Home", dir: String? = nil,
        settings: XcodeMacroSettings = XcodeMacroSettings(), warnings: inout [XcodeWarning]
    ) throws -> [RenderedFile] {
        let bundleFiles = XcodeBundleFiles(allPaths: files.keys.sorted())
        let resolved = try Self.info.resolveOptions(
            XcodeOptionRequest(name: name, explicit: dir.map { ["dir": $0] } ?? [:]), bundle: "B.xctemplate",
            settings: settings, warnings: &warnings)
        return try XcodeFileRendering(bundle: "B.xctemplate", info: Self.info, files: bundleFiles, settings: settings)
            .render(resolved, read: { Array(files[$0]!.utf8) }, warnings: &warnings)
    }

    @Test func fileNamesUseTheProductNameAndContentsTheFilesOwnName() throws {
        var warnings: [XcodeWarning] = []
        let files = try render(
            [
                "___VARIABLE_dir___/___FILEBASENAME___View.swift":
                    "// ___FILENAME___ ___FILEBASENAME___ ___PRODUCTNAME___\n"
            ],
            warnings: &warnings)
        #expect(files == [RenderedFile(path: "Views/HomeView.swift", contents: "// HomeView.swift HomeView Home\n")])
        #expect(warnings.isEmpty)
    }

    @Test func productNameIsKnownWithoutAnOptionDeclaringIt() throws {
        var warnings: [XcodeWarning] = []
        let files = try render(
            ["a.swift": "___VARIABLE_productName:identifier___\n"], name: "Home", warnings: &warnings)
        #expect(files.first?.contents == "Home\n")
        #expect(warnings.isEmpty)
    }

    @Test(arguments: [
        ("..", "'___VARIABLE_dir___/a.swift' expands to '..', which would leave its folder"),
        ("/etc", "'___VARIABLE_dir___/a.swift' expands to '/etc', an absolute path"),
        ("", "'___VARIABLE_dir___/a.swift' expands to '', an empty name"),
    ])
    func refusesNamesThatLeaveTheOutputFolder(dir: String, message: String) {
        var warnings: [XcodeWarning] = []
        #expect {
            try render(["___VARIABLE_dir___/a.swift": "x"], dir: dir, warnings: &warnings)
        } throws: { error in
            (error as? XcodeTemplateError)?.message == "B.xctemplate: \(message)"
        }
    }

    @Test func twoFilesExpandingToOnePathAreAnError() {
        var warnings: [XcodeWarning] = []
        #expect(
            throws: XcodeTemplateError.samePath(
                bundle: "B.xctemplate", first: "Home.swift", second: "___FILEBASENAME___.swift", output: "Home.swift")
        ) {
            try render(["Home.swift": "a", "___FILEBASENAME___.swift": "b"], warnings: &warnings)
        }
    }

    @Test func teamMacrosReplaceTheHeaderAndMayUseMacros() throws {
        var settings = XcodeMacroSettings(header: HeaderFields(project: "Shop", company: "Acme", date: "2026-01-31"))
        settings.customMacros = [
            "FILEHEADER": " ___FILENAME___\n ___COPYRIGHT___", "ORGANIZATIONNAME": "___TEAM___ Inc.", "TEAM": "Acme",
        ]
        settings.datePattern = try DatePattern("d MMM yyyy")
        var warnings: [XcodeWarning] = []
        let files = try render(
            ["___FILEBASENAME___.swift": "//___FILEHEADER___\n// ___DATE___\n"], settings: settings, warnings: &warnings
        )
        #expect(
            files.first?.contents
                == "// Home.swift\n// Copyright © 2026 Acme Inc.. All rights reserved.\n// 31 Jan 2026\n")
    }

    @Test func aCycleInTeamMacrosIsAnError() {
        var settings = XcodeMacroSettings()
        settings.customMacros = ["A": "___B___", "B": "x___A___"]
        settings.customMacrosFile = "P.xcodeproj/xcshareddata/IDETemplateMacros.plist"
        var warnings: [XcodeWarning] = []
        #expect(
            throws: XcodeTemplateError.macroCycle(
                file: "P.xcodeproj/xcshareddata/IDETemplateMacros.plist", names: ["A", "B", "A"])
        ) {
            try render(["a.swift": "___A___"], settings: settings, warnings: &warnings)
        }
    }

    @Test func macrosXcodeReadsFromTheMacStayWithOneWarningEach() throws {
        var warnings: [XcodeWarning] = []
        let files = try render(["a.swift": "___UUID___ ___UUID___ ___VARIABLE_nope___\n"], warnings: &warnings)
        #expect(files.first?.contents == "___UUID___ ___UUID___ ___VARIABLE_nope___\n")
        #expect(warnings.count == 2)
    }

    @Test func missingSubFolderNamesTheOnesThereAre() {
        let files = XcodeBundleFiles(allPaths: ["A/x.swift", "B/y.swift", "TemplateInfo.plist", "TemplateIcon.png"])
        #expect(throws: XcodeTemplateError.missingFolder(bundle: "B.xctemplate", folder: "C", existing: ["A", "B"])) {
            try files.selection(folder: "C", bundle: "B.xctemplate")
        }
        #expect(throws: Never.self) { try files.selection(folder: "a", bundle: "B.xctemplate") }
        #expect(files.paths == ["A/x.swift", "B/y.swift"])
    }
}
