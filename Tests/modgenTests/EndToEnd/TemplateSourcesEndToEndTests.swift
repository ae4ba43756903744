import Foundation
import TestSupport
import Testing

/// Where templates and defaults come from: user template folders, the config file, and their errors.
@Suite struct TemplateSourcesEndToEndTests {
    /// A tiny user template with the id of a built-in one, so that it must replace it.
    private static func writeUserViper(in folder: TemporaryFolder) throws {
        try folder.write(
            "templates/viper/template.json",
            """
            { "id": "viper", "summary": "A tiny stand-in",
              "options": [ { "name": "loud", "kind": "flag", "default": false, "help": "Shout." } ],
              "files": [ { "template": "Note.mustache", "path": "{{name}}/{{name}}Note.txt" } ] }
            """)
        try folder.write("templates/viper/Note.mustache", "note for {{name}}{{#loud}}!{{/loud}}\n")
    }

    @Test func aUserTemplateReplacesTheBuiltInOneWithItsId() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try Self.writeUserViper(in: folder)
        let result = try folder.generate(["new", "Home", "--templates", "templates", "--loud", "-o", "out"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "create out/Home/HomeNote.txt\n")
        #expect(folder.files(under: "out") == ["Home/HomeNote.txt": Data("note for Home!\n".utf8)])
        // Its flags are the user template's: the built-in viper's --rx does not exist here.
        let builtInFlag = try folder.generate(["new", "Home", "--templates", "templates", "--rx", "-o", "rx"])
        #expect(builtInFlag.status == 64)
        #expect(builtInFlag.standardError.hasPrefix("modgen: error: unknown option '--rx'"))
    }

    @Test func aBrokenUserManifestNamesFileLineAndColumn() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "templates/mine/template.json", "{\n  \"id\": \"mine\",\n  \"summary\": \"x\"\n  \"files\": []\n}\n")
        for arguments in [["new", "Home", "--template", "mine"], ["list"], ["describe", "mine"]] {
            let result = try folder.generate(arguments + ["--templates", "templates"])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.standardError.hasPrefix("modgen: error: /"))
            #expect(
                result.standardError.hasSuffix(
                    "/templates/mine/template.json:4:3: expected ',' or '}' after an object member\n"))
        }
        // A run that does not use the broken template is not stopped by it.
        #expect(try folder.generate(["describe", "viper", "--templates", "templates"]).status == 0)
    }

    @Test func aManifestOptionMayNotTakeAFlagOfTheCommand() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "templates/mine/template.json",
            """
            { "id": "mine", "summary": "Clashes",
              "options": [
                { "name": "dryRun", "kind": "flag", "help": "Mine." } ],
              "files": [ { "template": "A.mustache", "path": "{{name}}.txt" } ] }
            """)
        for arguments in [["new", "Home", "--template", "mine"], ["support", "mine"]] {
            let result = try folder.generate(arguments + ["--templates", "templates"])
            #expect(result.status == 65)
            #expect(
                result.standardError.hasSuffix(
                    "/templates/mine/template.json:3:15: option 'dryRun' would add the flag '--dry-run', which "
                        + "'modgen \(arguments[0])' already has; rename the option\n"))
        }
    }

    @Test func unknownTemplateIsMissingInput() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        for arguments in [["new", "Home", "--template", "nope"], ["support", "nope"], ["describe", "nope"]] {
            let result = try folder.generate(arguments)
            #expect(result.status == 66, "\(arguments)")
            #expect(
                result.standardError
                    == "modgen: error: no template 'nope'; did you mean 'viper'? "
                    + "(available: mvvm-fc, viper, viper-s)\n"
            )
        }
    }

    @Test func missingTemplatesFolderOrConfigIsMissingInput() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let templates = try folder.generate(["new", "Home", "--templates", "nowhere"])
        #expect(templates.status == 66)
        #expect(templates.standardError.hasSuffix("/nowhere: no such template folder\n"))
        let config = try folder.generate(["new", "Home", "--config", "none.json"])
        #expect(config.status == 66)
        #expect(config.standardError.hasSuffix("/none.json: no such config file\n"))
    }

    @Test func aConfigInAParentFolderSuppliesTemplateOutputAndOptions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            """
            { "template": "mvvm-fc", "output": "Sources/Modules",
              "options": { "mvvm-fc": { "builder": true }, "viper": { "flowController": true } } }
            """)
        try folder.write("App/Feature/README", "a folder below the config\n")
        let inSubfolder = execute(["new", "Home"], in: folder.url.appendingPathComponent("App/Feature"))
        #expect(inSubfolder.status == 0)
        #expect(inSubfolder.standardOutput.contains("create ../../Sources/Modules/Home/HomeBuilder.swift\n"))
        #expect(folder.exists("Sources/Modules/Home/HomeViewModel.swift"))
        #expect(folder.exists("Sources/Modules/Home/HomeBuilder.swift"))

        // Flags win over the config: another template (with the config's defaults for it), another folder.
        let viper = try folder.generate(["new", "Cart", "--template", "viper", "-o", "Local"])
        #expect(viper.status == 0)
        #expect(folder.exists("Local/Cart/CartFlowController.swift"))
        #expect(!folder.exists("Local/Cart/CartWireframe.swift"))
        let overridden = try folder.generate(["new", "Shop", "--template", "viper", "--no-flow-controller", "-o", "L"])
        #expect(overridden.status == 0)
        #expect(folder.exists("L/Shop/ShopWireframe.swift"))
        #expect(!folder.exists("L/Shop/ShopFlowController.swift"))
        let noBuilder = try folder.generate(["new", "Basket", "--no-builder"])
        #expect(noBuilder.standardOutput.hasPrefix("create Sources/Modules/Basket/BasketFactory.swift\n"))
        #expect(!folder.exists("Sources/Modules/Basket/BasketBuilder.swift"))

        let help = try folder.generate(["help", "new"])
        #expect(help.standardOutput.contains("\nTEMPLATE OPTIONS (mvvm-fc):\n"))
    }

    @Test func aBadOptionInTheConfigNamesTheConfig() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", "{\n  \"options\": { \"viper\": { \"rx\": \"maybe\" } }\n}\n")
        let result = try folder.generate(["new", "Home"])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("modgen: error: /"))
        #expect(result.standardError.contains("/.modgen.json:2:"))
        #expect(!folder.exists("Home"))
    }
}
