import Foundation
import TestSupport
import Testing

/// `modgen new`: flags derived from the template's manifest, the errors of a bad command line, headers and help.
@Suite struct NewOptionsEndToEndTests {
    @Test func manifestOptionsChooseTheFiles() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate([
            "new", "Home", "-o", "out", "--interface", "xib", "--no-interactor", "--flow-controller", "--rx",
        ])
        #expect(result.status == 0)
        #expect(
            folder.files(under: "out").keys.sorted()
                == [
                    "Home/HomeFactory.swift", "Home/HomeFlowController.swift", "Home/HomeInterfaces.swift",
                    "Home/HomePresenter.swift", "Home/HomeViewController.swift", "Home/HomeViewController.xib",
                ])
        #expect(folder.read("out/Home/HomePresenter.swift")?.contains("import RxSwift") == true)
    }

    @Test func aTextOptionTakesAValue() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "List", "--template", "viper-s", "--group", "Items", "-o", "out"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("create out/Items/List/ItemsListContract.swift\n"))
        let bad = try folder.generate(["new", "List", "--template", "viper-s", "--group", "1tems", "-o", "bad"])
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix("modgen: error: '1tems' is not valid for --group: "))
        #expect(!folder.exists("bad"))
    }

    @Test(arguments: [
        ("2Home", "invalid module name '2Home': it starts with a digit"),
        ("class", "invalid module name 'class': 'class' is a Swift keyword"),
        ("Home-Screen", "invalid module name 'Home-Screen': '-' is not allowed"),
    ])
    func badModuleNames(name: String, message: String) throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", name, "-o", "out"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("modgen: error: \(message)"))
        #expect(!folder.exists("out"))
    }

    @Test func unknownOptionShowsTheUsageHint() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--bogus"])
        #expect(result.status == 64)
        #expect(
            result.standardError == """
                modgen: error: unknown option '--bogus'
                Usage: modgen new [<options>] <Name>
                  See 'modgen new --help' for more information.

                """)
        #expect(folder.files().keys.sorted() == [".modgen.json"])
    }

    @Test func flagsComeFromTheChosenTemplateOnly() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        // viper has --rx; mvvm-fc does not, and its flags are not viper's. Suggesting '--set' would mislead.
        let result = try folder.generate(["new", "Home", "--template", "mvvm-fc", "--rx"])
        #expect(result.status == 64)
        #expect(
            result.standardError == """
                modgen: error: '--rx' is not an option of template 'mvvm-fc' (its options: --closures, --view-state, \
                --builder, --tests)
                Usage: modgen new [<options>] <Name>
                  See 'modgen new --help' for more information.

                """)
        let inverted = try folder.generate(["new", "Home", "--template", "mvvm-fc", "--no-interactor"])
        #expect(inverted.standardError.hasPrefix("modgen: error: '--no-interactor' is not an option of template "))
        // A typo of the template's own option keeps the suggestion; so does a flag no template has.
        let typo = try folder.generate(["new", "Home", "--template", "mvvm-fc", "--closure"])
        #expect(typo.standardError.hasPrefix("modgen: error: unknown option '--closure'. Did you mean '--closures'?\n"))
        let nobody = try folder.generate(["new", "Home", "--rxx"])
        #expect(nobody.standardError.hasPrefix("modgen: error: unknown option '--rxx'. Did you mean '--rx'?\n"))
    }

    @Test func aChoiceOutsideItsValues() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--interface", "sideways"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: the value 'sideways' is invalid for '--interface <interface>'. "
                    + "Please provide one of 'none', 'storyboard', 'xib' or 'swiftui'.\n"))
    }

    @Test func aRequirementNamesWhatIsRequiredAndWhy() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--formatter", "--no-interactor", "-o", "out"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: --formatter requires --interactor: the formatter formats what the interactor fetches"))
        #expect(!folder.exists("out"))
    }

    @Test func aConflictBetweenOptionsNamesBoth() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--template", "mvvm-fc", "--closures", "--view-state"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("modgen: error: --view-state cannot be used with --closures: "))
    }

    @Test func headerShowsTheDateFromDateOrSourceDateEpoch() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let presenter = "Home/HomePresenter.swift"
        #expect(try folder.generate(["new", "Home", "-o", "plain"]).status == 0)
        #expect(folder.read("plain/" + presenter)?.hasPrefix("//\n//  HomePresenter.swift\n//\n//  Generated") == true)
        #expect(folder.read("plain/" + presenter)?.contains("Created") == false)

        #expect(try folder.generate(["new", "Home", "-o", "dated", "--date", "2024-02-29"]).status == 0)
        let dated = try #require(folder.read("dated/" + presenter))
        #expect(dated.hasPrefix("//\n//  HomePresenter.swift\n//\n//  Created on 2024-02-29.\n//  Generated"))

        // 86400 seconds after the epoch is 1970-01-02 in UTC; --date wins over it.
        let epoch = ["SOURCE_DATE_EPOCH": "86400"]
        #expect(try folder.generate(["new", "Home", "-o", "epoch"], environment: epoch).status == 0)
        #expect(folder.read("epoch/" + presenter)?.contains("//  Created on 1970-01-02.\n") == true)
        #expect(
            try folder.generate(["new", "Home", "-o", "both", "--date", "2024-02-29"], environment: epoch).status == 0)
        #expect(folder.read("both/" + presenter) == dated)

        // Empty is unset, as the reproducible-builds convention says; a value that is no number is an error.
        #expect(
            try folder.generate(["new", "Home", "-o", "empty"], environment: ["SOURCE_DATE_EPOCH": ""]).status == 0)
        #expect(folder.read("empty/" + presenter) == folder.read("plain/" + presenter))
        let badEpoch = try folder.generate(["new", "Home", "-o", "bad"], environment: ["SOURCE_DATE_EPOCH": "soon"])
        #expect(badEpoch.status == 65)
        #expect(
            badEpoch.standardError
                == "modgen: error: environment variable SOURCE_DATE_EPOCH=\"soon\" is not a whole number of seconds "
                + "since 1970-01-01\n")

        let bad = try folder.generate(["new", "Home", "-o", "bad", "--date", "2023-02-29"])
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix("modgen: error: date '2023-02-29' is not a calendar date"))
    }

    @Test func setFillsAHeaderField() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "-o", "out", "--set", "project=Shop", "--set", "author=Ann"])
        #expect(result.status == 0)
        #expect(
            folder.read("out/Home/HomePresenter.swift")?.hasPrefix(
                "//\n//  HomePresenter.swift\n//  Shop\n//\n//  Created by Ann.\n") == true)
        let bad = try folder.generate(["new", "Home", "-o", "bad", "--set", "project"])
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix("modgen: error: --set expects key=value, got 'project'\n"))
    }

    @Test func helpListsTheDefaultTemplatesOptions() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["help", "new"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Generate a module from a template.\n"))
        #expect(result.standardOutput.contains("\nUSAGE: modgen new [<options>] <Name>\n"))
        #expect(result.standardOutput.contains("\nTEMPLATE OPTIONS (viper):\n  --interface <interface> "))
        #expect(result.standardOutput.contains("\n  --formatter/--no-formatter\n"))
        #expect(result.standardOutput.contains("(default: --no-rx)"))
        #expect(result.standardOutput.contains("(default: --interactor)"))
        #expect(result.standardOutput.contains("none, storyboard, xib, swiftui; default: none)"))
        #expect(result.standardOutput.contains("\nOPTIONS:\n  --template <id> "))
        #expect(try folder.generate(["new", "--help"]).standardOutput == result.standardOutput)
    }

    @Test func helpOfAnotherTemplateListsItsOptions() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "--template", "mvvm-fc", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\nTEMPLATE OPTIONS (mvvm-fc):\n  --closures/--no-closures\n"))
        #expect(result.standardOutput.contains("(default: --no-view-state)"))
        #expect(!result.standardOutput.contains("--formatter"))
        let text = try folder.generate(["new", "--template=viper-s", "-h"])
        #expect(text.standardOutput.contains("\n  --group <Group>         Name prefix"))
        // `modgen help new <arguments>` reads the arguments as `modgen new <arguments> --help` does.
        let viaHelp = try folder.generate(["help", "new", "--template", "mvvm-fc"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.standardOutput == result.standardOutput)
        let support = try folder.generate(["help", "support", "viper-s"])
        #expect(support.status == 0)
        #expect(support.standardOutput.contains("\nTEMPLATE OPTIONS (viper-s):\n  --group <Group> "))
        let unknown = try folder.generate(["help", "new", "--template", "nope"])
        #expect(unknown.status == 66)
        #expect(
            unknown.standardError.hasPrefix("modgen: error: no template 'nope'; did you mean 'viper'? (available: "))
    }
}
