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
}
