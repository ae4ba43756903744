import ModGenCore
import Testing

@testable import ModGenTemplates

@Suite struct XcodeOptionResolutionTests {
    let info = XcodeTemplateInfo(
        kind: "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind",
        options: [
            XcodeOption(identifier: "moduleName", kind: .text, isRequired: true),
            XcodeOption(identifier: "productName", kind: .static, defaultValue: "___VARIABLE_moduleName___"),
            XcodeOption(identifier: "interface", kind: .popup, defaultValue: "None", values: ["XIB", "None"]),
            XcodeOption(identifier: "withTests", kind: .checkbox, defaultValue: "YES"),
            XcodeOption(
                identifier: "testHost", kind: .text, defaultValue: "___VARIABLE_slug___Host",
                requirements: [.init(identifier: "withTests", values: ["true"])]),
            XcodeOption(
                identifier: "slug", kind: .hidden(type: nil),
                defaultValue: "___VARIABLE_productName:rfc1034Identifier,xml___"),
        ])

    func resolve(
        _ name: String = "Home Screen", explicit: [String: String] = [:], config: [String: String] = [:]
    ) throws -> XcodeOptionValues {
        var warnings: [XcodeWarning] = []
        return try info.resolveOptions(
            XcodeOptionRequest(name: name, explicit: explicit, configDefaults: config), bundle: "B.xctemplate",
            warnings: &warnings)
    }

    @Test func bindsTheNameThroughProductNamesDefaultAndExpandsDefaultChains() throws {
        #expect(info.nameBoundOption == "moduleName")
        let resolved = try resolve()
        #expect(resolved.productName == "Home Screen")
        #expect(resolved.values["slug"] == "Home-Screen")
        #expect(resolved.values["testHost"] == "Home-ScreenHost")
        #expect(resolved.values["withTests"] == "true")
        #expect(resolved.shown.contains("testHost"))
        #expect(info.folderName(for: resolved) == "NonewithTests")
    }

    @Test func explicitWinsOverConfigAndOverTheName() throws {
        let resolved = try resolve(
            explicit: ["moduleName": "Cart", "interface": "XIB"], config: ["interface": "None", "withTests": "no"])
        #expect(resolved.productName == "Cart")
        #expect(resolved.values["interface"] == "XIB")
        #expect(resolved.values["withTests"] == "false")
        // Hidden by RequiredOptions: it keeps its value but adds nothing to the folder name.
        #expect(!resolved.shown.contains("testHost"))
        #expect(info.folderName(for: resolved) == "XIB")
    }

    @Test(arguments: [
        (["productName": "X"], "option 'productName' is static: its value comes from its Default and cannot be set"),
        (["slug": "x"], "option 'slug' is hidden: its value comes from its Default and cannot be set"),
        (["interface": "Storyboard"], "'Storyboard' is not a value of option 'interface' (choose XIB, None)"),
        (["withTests": "maybe"], "option 'withTests' is a checkbox: use true or false, not 'maybe'"),
        (["interfce": "XIB"], "the template has no option 'interfce'; did you mean 'interface'?"),
        (["moduleName": ""], "option 'moduleName' is required and is empty"),
    ])
    func refusesValuesTheDialogWouldNotTake(explicit: [String: String], message: String) {
        #expect(throws: OptionError(message)) { try resolve(explicit: explicit) }
    }

    @Test func aDefaultCycleNamesTheOptionsInIt() {
        let cyclic = XcodeTemplateInfo(
            kind: "",
            options: [
                XcodeOption(identifier: "a", kind: .static, defaultValue: "x___VARIABLE_b___"),
                XcodeOption(identifier: "b", kind: .hidden(type: nil), defaultValue: "___VARIABLE_a:identifier___"),
            ])
        var warnings: [XcodeWarning] = []
        #expect(throws: XcodeTemplateError.defaultCycle(bundle: "B.xctemplate", identifiers: ["a", "b", "a"])) {
            try cyclic.resolveOptions(XcodeOptionRequest(name: "Home"), bundle: "B.xctemplate", warnings: &warnings)
        }
    }

    @Test func withoutProductNameTheNameIsTheProductName() throws {
        let plain = XcodeTemplateInfo(kind: "", options: [XcodeOption(identifier: "title", kind: .text)])
        var warnings: [XcodeWarning] = []
        let resolved = try plain.resolveOptions(XcodeOptionRequest(name: "Home"), bundle: "B", warnings: &warnings)
        #expect(plain.nameBoundOption == nil)
        #expect(resolved.productName == "Home" && resolved.values["title"] == "")
        #expect(plain.folderName(for: resolved) == nil)
    }
}
