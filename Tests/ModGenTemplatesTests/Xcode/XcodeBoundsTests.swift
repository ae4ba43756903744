import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenTemplates

/// Bundles and team macros that ask for unbounded work: chains deeper than the stack, macros used twice at every
/// level, text that doubles, thousands of options or distinct unknown macros. Each ends in a one-line error naming
/// the file, or finishes with work in proportion to the bundle.
@Suite struct XcodeBoundsTests {
    func resolve(_ info: XcodeTemplateInfo, settings: XcodeMacroSettings = XcodeMacroSettings()) throws
        -> XcodeOptionValues
    {
        var warnings: [XcodeWarning] = []
        return try info.resolveOptions(
            XcodeOptionRequest(name: "Home"), bundle: "B.xctemplate", settings: settings, warnings: &warnings)
    }

    func render(_ text: String, settings: XcodeMacroSettings, warnings: inout [XcodeWarning]) throws -> String {
        let info = XcodeTemplateInfo(kind: "")
        let resolved = try info.resolveOptions(
            XcodeOptionRequest(name: "Home"), bundle: "B.xctemplate", settings: settings, warnings: &warnings)
        let files = try XcodeFileRendering(
            bundle: "B.xctemplate", info: info, files: XcodeBundleFiles(allPaths: ["a.swift"]), settings: settings
        ).render(resolved, read: { _ in Array(text.utf8) }, warnings: &warnings)
        return files.first?.contents ?? ""
    }

    /// `o0` … `o<depth>`, each option's `Default` the next one's value (`template` with `#` for the next name).
    func chain(depth: Int, template: String = "___VARIABLE_#___", last: XcodeOption.Kind = .static)
        -> XcodeTemplateInfo
    {
        var options = (0..<depth).map { index in
            XcodeOption(
                identifier: "o\(index)", kind: .static,
                defaultValue: template.replacingOccurrences(of: "#", with: "o\(index + 1)"))
        }
        options.append(XcodeOption(identifier: "o\(depth)", kind: last, defaultValue: "ab"))
        return XcodeTemplateInfo(kind: "", options: options)
    }

    @Test func defaultsChainedDeeperThanTheLimitAreAnErrorNamingThePlist() throws {
        let error = #expect(throws: XcodeTemplateError.self) { try resolve(chain(depth: 5_000)) }
        #expect(
            error?.message
                == "B.xctemplate/TemplateInfo.plist: the Defaults of options o0 → o1 → o2 → … → o62 → o63 → o64 "
                + "refer to one another more than 64 levels deep")
        // Within the limit the chain resolves.
        #expect(try resolve(chain(depth: 60)).values["o0"] == "ab")
    }

    @Test func theOptionTheNameFillsIsFoundThroughAChainAsLongAsThePlist() {
        var info = chain(depth: 50_000, last: .text)
        info.options.insert(
            XcodeOption(identifier: "productName", kind: .static, defaultValue: "___VARIABLE_o0___"), at: 0)
        #expect(info.nameBoundOption == "o50000")
    }

    @Test func teamMacrosChainedDeeperThanTheLimitAreAnErrorNamingTheirFile() {
        var settings = XcodeMacroSettings()
        settings.customMacros = Dictionary(uniqueKeysWithValues: (0..<20_000).map { ("M\($0)", "___M\($0 + 1)___") })
        settings.customMacrosFile = "P.xcodeproj/xcshareddata/IDETemplateMacros.plist"
        var warnings: [XcodeWarning] = []
        let error = #expect(throws: XcodeTemplateError.self) {
            try render("___M0___", settings: settings, warnings: &warnings)
        }
        #expect(
            error?.message
                == "P.xcodeproj/xcshareddata/IDETemplateMacros.plist: macros M0 → M1 → M2 → … → M62 → M63 → M64 "
                + "refer to one another more than 64 levels deep")
    }

    /// Without each macro expanded once, 40 levels of a macro using the next one twice is 2^40 expansions.
    @Test(.timeLimit(.minutes(1))) func aTeamMacroUsedTwiceAtEveryLevelIsExpandedOnce() throws {
        var settings = XcodeMacroSettings()
        settings.customMacros = Dictionary(
            uniqueKeysWithValues: (0..<40).map {
                ("M\($0)", "___M\($0 + 1):lastPathComponent___/___M\($0 + 1):lastPathComponent___")
            })
        settings.customMacros["M40"] = "leaf"
        var warnings: [XcodeWarning] = []
        #expect(try render("// ___M0___\n", settings: settings, warnings: &warnings) == "// leaf/leaf\n")
        #expect(warnings.isEmpty)
    }

    @Test func defaultsThatDoubleStopAtTheOutputBudget() {
        let error = #expect(throws: XcodeTemplateError.self) {
            try resolve(chain(depth: 34, template: "___VARIABLE_#______VARIABLE_#___"))
        }
        #expect(
            error?.message
                == "B.xctemplate/TemplateInfo.plist: its macros expand to more than 67108864 bytes; do macros or "
                + "Defaults repeat one another?")
    }

    @Test func teamMacrosThatDoubleStopAtTheOutputBudgetNamingTheirFile() {
        var settings = XcodeMacroSettings()
        settings.customMacros = Dictionary(
            uniqueKeysWithValues: (0..<40).map { ("M\($0)", "___M\($0 + 1)___ ___M\($0 + 1)___") })
        settings.customMacros["M40"] = "ab"
        settings.customMacrosFile = "P/IDETemplateMacros.plist"
        var warnings: [XcodeWarning] = []
        #expect(throws: XcodeTemplateError.expansionTooLarge(file: "P/IDETemplateMacros.plist", limit: 64 << 20)) {
            try render("___M0___", settings: settings, warnings: &warnings)
        }
    }

    @Test func aFileUsingABigValueOftenStopsAtTheBudgetNamingTheFile() {
        var settings = XcodeMacroSettings()
        settings.customMacros = ["BIG": String(repeating: "x", count: 1 << 20)]
        var warnings: [XcodeWarning] = []
        #expect(throws: XcodeTemplateError.expansionTooLarge(file: "B.xctemplate/a.swift", limit: 64 << 20)) {
            try render(String(repeating: "___BIG___", count: 65), settings: settings, warnings: &warnings)
        }
    }

    @Test func distinctUnknownMacrosGiveTwentyWarningsAndACount() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "B.xctemplate/TemplateInfo.plist",
            #"{ Kind = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"; }"#)
        try folder.write("B.xctemplate/a.swift", (0..<5_000).map { "___U\($0)___" }.joined(separator: " "))
        let bundle = folder.url("B.xctemplate")
        let renderer = try XcodeTemplate(at: bundle).makeRenderer(headerPartial: nil)
        let files = try renderer.renderModule(GenerationRequest(moduleName: "Home", options: OptionValues()))
        #expect(files.first?.contents.hasPrefix("___U0___ ___U1___") == true)
        #expect(renderer.warnings.count == 21)
        #expect(
            renderer.warnings.first?.hasSuffix(
                "___U0___ is not a macro modgen can expand (Xcode reads it from the Mac); it is left as written")
                == true)
        #expect(renderer.warnings.last == "\(bundle.path): and 4980 more warnings like these")
    }

    /// 2^23 combinations, two folders: the conditions come from spelling the folders' names.
    @Test func folderConditionsOfTwentyThreeCheckboxesFollowTheFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let options = (0..<23).map { "{ Identifier = c\($0); Type = checkbox; Default = NO; }" }
        try folder.write(
            "B.xctemplate/TemplateInfo.plist",
            #"{ Kind = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"; Options = ("#
                + options.joined(separator: ", ") + "); }")
        try folder.write("B.xctemplate/Default/a.swift", "a\n")
        try folder.write("B.xctemplate/c0c3/b.swift", "b\n")
        let template = try XcodeTemplate(at: folder.url("B.xctemplate"))
        let conditions = Dictionary(uniqueKeysWithValues: template.files.map { ($0.path, $0.when?.description) })
        let offs = (0..<23).map { "!c\($0)" }
        #expect(conditions["Default/a.swift"] == offs.joined(separator: " && "))
        var both = offs
        both[0] = "c0"
        both[3] = "c3"
        #expect(conditions["c0c3/b.swift"] == both.joined(separator: " && "))
    }

    /// A folder named in another letter case than the values spell it (`Xib` for `XIB`): `new` takes it, as Xcode
    /// does on a Mac's disk, so `describe`'s conditions must name it too; before, its files had no condition and the
    /// name `XIB` spelled no folder, so `describe` listed them under every combination.
    @Test func folderConditionsTakeTheFolderNewSelectsInAnotherLetterCase() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "B.xctemplate/TemplateInfo.plist",
            #"""
            { Kind = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"; Options = (
              { Identifier = ui; Type = popup; Values = (XIB, None); Default = None; }
            ); }
            """#)
        try folder.write("B.xctemplate/Xib/f", "x\n")
        try folder.write("B.xctemplate/None/g", "y\n")
        let template = try XcodeTemplate(at: folder.url("B.xctemplate"))
        let conditions = Dictionary(uniqueKeysWithValues: template.files.map { ($0.path, $0.when?.description) })
        #expect(conditions == ["Xib/f": "ui == XIB", "None/g": "ui == None"])
        let selected = try template.bundle.files.selection(folder: "XIB", bundle: "B.xctemplate").map(\.file)
        #expect(selected == ["Xib/f"])
    }

    /// Folder conditions as every combination gives them, for a bundle small enough to list them all.
    @Test func folderConditionsMatchEveryCombinationsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "B.xctemplate/TemplateInfo.plist",
            #"""
            { Kind = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"; Options = (
              { Identifier = productName; Type = text; },
              { Identifier = ui; Type = popup; Values = (XIB, None); Default = None; },
              { Identifier = tests; Type = checkbox; Default = NO; RequiredOptions = { ui = XIB; }; },
              { Identifier = kind; Type = combo; Values = (A, B); Default = A; }
            ); }
            """#)
        for name in ["XIBA", "XIBtestsA", "NoneA", "NoneB", "XIBB"] {
            try folder.write("B.xctemplate/\(name)/f", "x\n")
        }
        let template = try XcodeTemplate(at: folder.url("B.xctemplate"))
        let conditions = Dictionary(uniqueKeysWithValues: template.files.map { ($0.path, $0.when?.description) })
        #expect(
            conditions == [
                "XIBA/f": "ui == XIB && !tests && kind == A", "XIBtestsA/f": "ui == XIB && tests && kind == A",
                "XIBB/f": "ui == XIB && !tests && kind == B", "NoneA/f": "ui == None && kind == A",
                "NoneB/f": "ui == None && kind == B",
            ])
    }
}
