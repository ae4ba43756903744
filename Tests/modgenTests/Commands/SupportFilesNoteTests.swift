import Foundation
import TestSupport
import Testing

@testable import modgen

/// `modgen new` says, in one line, when the module needs support files that are not in the output folder, its
/// parent or a subfolder of either, and which `modgen support` command writes them.
@Suite struct SupportFilesNoteTests {
    /// `modgen new …` into `folder`, with a config of its own (no config of the machine's is read).
    private func new(_ arguments: [String], in folder: TemporaryFolder) -> ProcessResult {
        execute(["new"] + arguments + ["--config", folder.path(".modgen.json")], in: folder.url("."))
    }

    private func support(_ arguments: [String], in folder: TemporaryFolder) {
        let result = execute(
            ["support"] + arguments + ["--config", folder.path(".modgen.json"), "-q"], in: folder.url("."))
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// The template options given are repeated in the manifest's order; the first three missing files are named.
    @Test func aModuleWithoutItsSupportFilesGetsTheCommandThatWritesThem() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = new(["Home", "--rx", "--no-interactor", "--output", "demo"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "modgen: note: the module needs support files not found in or beside its folder (ViewInterface.swift, "
                + "PresenterInterface.swift, InteractorInterface.swift, …); write them once with: modgen support viper "
                + "--no-interactor --rx --output demo/Support\n")
        #expect(result.standardOutput.hasPrefix("create demo/Home/"))
    }

    @Test func theCommandItNamesWritesWhatIsMissing() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        _ = new(["Home", "--template", "mvvm-fc", "--view-state", "--output", "demo", "-q"], in: folder)
        support(["mvvm-fc", "--view-state", "--output", "demo/Support"], in: folder)
        #expect(
            new(["Cart", "--template", "mvvm-fc", "--view-state", "--output", "demo"], in: folder).standardError == "")
    }

    /// `Sources/Support` beside `Sources/Modules`, as the README's quick start lays a project out.
    @Test func supportFilesInAFolderBesideTheOutputCount() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        support(["viper", "--output", "Sources/Support"], in: folder)
        #expect(new(["Home", "--output", "Sources/Modules"], in: folder).standardError == "")
    }

    /// The project has viper's base files; `--view-state` needs one more, and the note names only that one.
    @Test func onlyTheMissingFilesAreNamed() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        support(["viper", "--output", "Sources/Support"], in: folder)
        let result = new(["Home", "--view-state", "--output", "Sources/Modules"], in: folder)
        #expect(
            result.standardError
                == "modgen: note: the module needs support files not found in or beside its folder "
                + "(ViewStateHandler.swift); write them once with: modgen support viper --view-state --output "
                + "Sources/Modules/Support\n")
    }

    @Test func quietDryRunAndCheckPrintNoNote() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        #expect(new(["Home", "--output", "demo", "-q"], in: folder).standardError == "")
        #expect(new(["Cart", "--output", "demo", "--dry-run"], in: folder).standardError == "")
        #expect(new(["Home", "--output", "demo", "--check"], in: folder).standardError == "")
    }

    /// The VIPER-S template's navigator and a template option value that needs quoting in a shell.
    @Test func theCommandIsOneAShellReadsAsWritten() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = new(["Detail", "--template", "viper-s", "--group", "Items", "--output", "my demo"], in: folder)
        #expect(result.standardError.hasSuffix("modgen support viper-s --group Items --output 'my demo/Support'\n"))
    }

    /// A module added to a project: the command carries the project and its targets, so the support files join the
    /// same target. Run as printed, it adds them there.
    @Test func aModuleInAProjectGetsTheProjectFlags() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write("App.xcodeproj/project.pbxproj", SmallXcodeProject.text)
        let result = new(
            ["Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj", "--target", "App"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let prefix = "write them once with: "
        let note = try #require(result.standardError.split(separator: "\n").first { $0.contains(prefix) })
        let command = String(note[note.range(of: prefix)!.upperBound...])
        #expect(
            command
                == "modgen support viper --output App/Modules/Support --xcodeproj App.xcodeproj --target App")
        let words = command.split(separator: " ").dropFirst(2).map(String.init)
        support(words, in: folder)
        let project = try #require(folder.read("App.xcodeproj/project.pbxproj"))
        #expect(project.contains("ViewInterface.swift in Sources"))
        #expect(
            new(["Cart", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"], in: folder).standardError == "")
    }

    /// `--xcodeproj none` left the config's project alone: so does the command it names.
    @Test func aRunThatLeftTheConfigsProjectAloneSaysNone() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write("App.xcodeproj/project.pbxproj", SmallXcodeProject.text)
        try folder.write(".modgen.json", #"{ "xcodeproj": { "path": "App.xcodeproj" } }"#)
        let result = new(["Home", "--output", "App/Modules", "--xcodeproj", "none"], in: folder)
        #expect(result.standardError.hasSuffix("--output App/Modules/Support --xcodeproj none\n"))
        // From the config: its project, which the support run reads again, named all the same.
        let configured = new(["Cart", "--output", "Other"], in: folder)
        #expect(configured.standardError.hasSuffix("--output Other/Support --xcodeproj App.xcodeproj\n"))
    }
}
