import Foundation
import TestSupport
import Testing

/// Xcode bundles through the real command: found in template folders by id, listed and described, options as
/// flags and `--set`, `.modgen.json` defaults by bundle id, a team's macros file, `--dry-run` and `--check`.
@Suite struct XcodeBundleEndToEndTests {
    static let infinum = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/XcodeTemplates/Infinum/VIPER Templates").path

    @Test func newFindsABundleByIdAndTakesFlagsAndSet() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate([
            "new", "Home", "--templates", Self.infinum, "--template", "module", "--interface", "XIB",
            "--set", "complex=Simple", "--set", "project=Shop", "--date", "2026-01-31", "-o", "out",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == [
                    "create out/HomeInterfaces.swift", "create out/HomePresenter.swift",
                    "create out/HomeViewController.swift", "create out/HomeViewController.xib",
                    "create out/HomeWireframe.swift",
                ].map { $0 + "\n" }.joined())
        #expect(
            folder.read("out/HomePresenter.swift")?.hasPrefix(
                "//\n//  HomePresenter.swift\n//  Shop\n//\n//  Created by  on 2026-01-31.\n") == true)
        // The same run again changes nothing; --check finds nothing to report.
        let check = try folder.generate([
            "new", "Home", "--template", "\(Self.infinum)/Module.xctemplate", "--interface", "XIB",
            "--complex", "Simple", "--set", "project=Shop", "--date", "2026-01-31", "-o", "out", "--check",
        ])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test func dryRunWritesNothingAndConfigOptionsApplyByBundleId() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "options": { "rxswift-module": { "complex": "Simple" } } }"#)
        let result = try folder.generate([
            "new", "Cart", "--templates", Self.infinum, "--template", "rxswift-module", "-o", "out", "--dry-run",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("create out/CartPresenter.swift"))
        #expect(!result.standardOutput.contains("Interactor"))
        #expect(!folder.exists("out"))
    }

    @Test func listShowsBundlesWithTheirCategoryAndDescribeTheirOptions() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let list = try folder.generate(["list", "--templates", Self.infinum])
        #expect(list.status == 0)
        let line = list.standardOutput.split(separator: "\n").first { $0.hasPrefix("rxswift-module ") }
        #expect(line?.contains("This generates a new 🐍 VIPER module. [VIPER Templates] (from") == true)
        // A bundle without TemplateInfo.plist is not listed, as Xcode does not show it.
        #expect(!list.standardOutput.contains("rxmodule"))
        let describe = try folder.generate(["describe", "module", "--templates", Self.infinum])
        #expect(describe.status == 0)
        #expect(describe.standardOutput.contains("--interface <interface>"))
        #expect(describe.standardOutput.contains("one of XIB, None, Storyboard; default: None"))
        #expect(describe.standardOutput.contains("\n  XIBSimple/  when interface == XIB && complex == Simple\n"))
        #expect(describe.standardOutput.contains("___FILEBASENAME___ViewController.xib"))
    }

    @Test func describeSaysWhatHidesAnOptionAndListsOnlyFilesAFolderHolds() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let bundle = URL(fileURLWithPath: Self.infinum).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Rules/Options.xctemplate").path
        let describe = try folder.generate(["describe", bundle])
        #expect(describe.status == 0)
        #expect(describe.standardOutput.contains("Xcode popup. Shown only when kind is Service; otherwise it"))
        #expect(describe.standardOutput.contains("--cache"))
        #expect(!describe.standardOutput.contains("Beside the folders"))
        #expect(!describe.standardOutput.contains("--bundle-id"))
    }

    /// The reproducer: Infinum's `Module` bundle took 168 lines, each file once per option. Now a sub-folder is one
    /// entry with its condition and files, and each popup says it decides them in one line.
    @Test func describeOfABundleGroupsItsSubFolders() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let describe = try folder.generate(["describe", "\(Self.infinum)/Module.xctemplate"])
        #expect(describe.status == 0)
        let text = describe.standardOutput
        #expect(text.split(separator: "\n").count < 60, "\(text)")
        #expect(text.contains("\n      decides which of 51 files are written (see FILES)\n"))
        #expect(
            text.contains(
                "\n  NoneSimple/  when interface == None && complex == Simple\n"
                    + "      ___FILEBASENAME___Interfaces.swift, ___FILEBASENAME___Presenter.swift,\n"))
        #expect(!text.contains("writes NoneSimple/"))
        // The plist's description and what modgen adds are sentences.
        #expect(text.contains("Which interface builder to generate. Xcode\n      popup.\n"))
    }

    @Test func aTeamsMacrosFileBesideTheProjectAndTheConfigsDateFormatApply() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "App/App.xcodeproj/xcshareddata/IDETemplateMacros.plist",
            #"{ FILEHEADER = " ___FILENAME___ (___DATE___)\n Copyright ___ORGANIZATIONNAME___"; ORGANIZATIONNAME = "Acme"; }"#
        )
        try folder.write(".modgen.json", #"{ "dateFormat": "dd.MM.yy", "date": "2026-01-31" }"#)
        let result = try folder.generate([
            "new", "Home", "--template", "\(Self.infinum)/Module.xctemplate", "-o", "App/Sources/Home",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            folder.read("App/Sources/Home/HomeWireframe.swift")?.hasPrefix(
                "// HomeWireframe.swift (31.01.26)\n// Copyright Acme\n//  This file was generated") == true)
    }

    @Test func theConfigNamesAMacrosFileThatSnapshotsReadOnlyThroughConfig() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "B.xctemplate/TemplateInfo.plist", #"{ Kind = "Xcode.IDEKit.TextSubstitutionFileTemplateKind"; }"#)
        try folder.write("B.xctemplate/___FILEBASENAME___.swift", "//___FILEHEADER___\n")
        try folder.write("team/macros.plist", #"{ FILEHEADER = " Team header for ___FILENAME___"; }"#)
        try folder.write("team/config.json", #"{ "xcodeMacros": "macros.plist" }"#)
        let new = try folder.generate([
            "new", "Home", "--template", "B.xctemplate", "--config", "team/config.json", "-o", "out",
        ])
        #expect(new.status == 0, "\(new.standardError)")
        #expect(folder.read("out/Home.swift") == "// Team header for Home.swift\n")
        let plain = try folder.generate(["snapshot", "B.xctemplate", "-o", "plain"])
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(folder.read("plain/default/Home.swift")?.hasPrefix("//\n//  Home.swift\n") == true)
        let configured = try folder.generate([
            "snapshot", "B.xctemplate", "--config", "team/config.json", "-o", "team-snap",
        ])
        #expect(configured.status == 0)
        #expect(folder.read("team-snap/default/Home.swift") == "// Team header for Home.swift\n")
    }

    @Test func macrosLeftAsWrittenAreWarnedAboutOnce() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "B.xctemplate/TemplateInfo.plist", #"{ Kind = "Xcode.IDEKit.TextSubstitutionFileTemplateKind"; }"#)
        try folder.write("B.xctemplate/___FILEBASENAME___.swift", "// ___UUID___ ___UUID___\n")
        let result = try folder.generate(["new", "Home", "--template", "B.xctemplate", "-o", "out"])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "modgen: warning: \(folder.path)/B.xctemplate: ___UUID___ is not a macro modgen can expand (Xcode "
                + "reads it from the Mac); it is left as written\n")
        #expect(folder.read("out/Home.swift") == "// ___UUID___ ___UUID___\n")
    }

    /// The reproducer: Infinum's base bundles could not be written with `support` ("writes no support files").
    @Test(arguments: ["Base Interfaces", "Base SwiftUI Hosted Interfaces"])
    func baseBundlesAreWrittenWithSupport(bundle: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let template = "\(Self.infinum)/\(bundle).xctemplate"
        let header = ["--set", "project=Shop", "--set", "author=Ann", "--date", "2026-01-31"]
        let support = try folder.generate(["support", template, "-o", "Support"] + header)
        #expect(support.status == 0, "\(support.standardError)")
        #expect(support.standardOutput.contains("create Support/BaseWireframe.swift\n"))
        #expect(support.standardError.isEmpty)
        #expect(
            folder.read("Support/BaseWireframe.swift")?.hasPrefix(
                "//\n//  BaseWireframe.swift\n//  Shop\n//\n//  Created by Ann on 2026-01-31.\n") == true)
        // A module bundle still has none.
        let module = try folder.generate(["support", "\(Self.infinum)/Module.xctemplate", "-o", "none"])
        #expect(module.status == 0)
        #expect(module.standardOutput == "template 'module' writes no support files with these options\n")
    }

    /// The reproducer: a bundle's header read `Created by  on .` without a word. One line names the empty macros
    /// and the values that fill them; none when they are given.
    @Test func emptyHeaderMacrosAreWarnedAboutInOneLine() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let module = ["new", "Home", "--template", "\(Self.infinum)/Module.xctemplate", "-o", "out"]
        let bare = try folder.generate(module)
        #expect(bare.status == 0)
        #expect(
            bare.standardError
                == "modgen: warning: \(Self.infinum)/Module.xctemplate: ___PROJECTNAME___, ___FULLUSERNAME___ and "
                + "___DATE___ are empty (Xcode fills them from the project, the user account or the clock, modgen from "
                + "its header fields): give --set project=<value>, --set author=<value>, --date <YYYY-MM-DD|today>, or "
                + "the config's \"header\" and \"date\"\n")
        // Another module: `Home` is recorded for `out`.
        let filled = try folder.generate(
            ["new", "Profile", "--template", "\(Self.infinum)/Module.xctemplate", "-o", "filled"]
                + ["--set", "project=Shop", "--set", "author=Ann", "--date", "2026-01-31"])
        #expect(filled.status == 0)
        #expect(filled.standardError.isEmpty)
    }

    /// Describing a bundle costs in proportion to the bundle: 2,000 text options (cubic before: every option's
    /// entry worked out every file's condition again) and 16 checkboxes (65,536 combinations, two folders).
    @Test(.timeLimit(.minutes(1))) func describeOfManyOptionsFollowsTheBundle() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let texts = (0..<2_000).map { "{ Identifier = t\($0); Type = text; Default = v; }" }
        let checkboxes = (0..<16).map { "{ Identifier = c\($0); Type = checkbox; Default = NO; }" }
        try folder.write(
            "B.xctemplate/TemplateInfo.plist",
            #"{ Kind = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"; Options = ("#
                + (texts + checkboxes).joined(separator: ", ") + "); }")
        try folder.write("B.xctemplate/Default/a.swift", "a\n")
        try folder.write("B.xctemplate/c1/b.swift", "b\n")
        let result = try folder.generate(["describe", "B.xctemplate"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("  --t1999 <T1999>"))
        let offs = (0..<16).map { $0 == 1 ? "c1" : "!c\($0)" }.joined(separator: " && ")
        #expect(result.standardOutput.contains("\n  c1/b.swift       when \(offs)\n"))
    }
}
