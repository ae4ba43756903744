import ModGenCore
import ModGenMustache
import Testing

@testable import ModGenTemplates

@Suite struct OptionResolutionTests {
    let manifest: TemplateManifest

    init() throws {
        manifest = try TemplateManifest(parsing: ManifestReaderTests.valid, fileName: "template.json")
    }

    @Test func explicitValuesWinOverConfigWhichWinsOverManifest() throws {
        let values = try manifest.template.optionValues(
            explicit: ["rx": .flag(true)], configDefaults: ["rx": .flag(false), "interface": .choice("storyboard")])
        #expect(values["rx"] == .flag(true))
        #expect(values["interface"] == .choice("storyboard"))
        #expect(values["interactor"] == .flag(true))
        #expect(values["formatter"] == .flag(false))
    }

    @Test func requiresNamesBothFlagsAndTheReason() {
        #expect(
            throws: OptionError("formatter requires interactor: it formats what the interactor fetches")
        ) {
            try manifest.template.resolvedOptions(["formatter": .flag(true), "interactor": .flag(false)])
        }
    }

    @Test func conflictsAreRefused() {
        #expect(throws: OptionError("rx cannot be used with viewState")) {
            try manifest.template.resolvedOptions(["rx": .flag(true), "viewState": .flag(true)])
        }
    }

    @Test func badValuesAreRefused() throws {
        let interface = try #require(manifest.option(named: "interface"))
        #expect(throws: OptionError("'xib' is not a value of option 'interface' (choose none, storyboard)")) {
            try interface.value(fromText: "xib")
        }
        #expect(throws: OptionError("template 'demo' has no option 'mvvm'")) {
            try manifest.template.resolvedOptions(["mvvm": .flag(true)])
        }
    }

    @Test func combinationsCoverEveryValidSetWithReadableNames() throws {
        let names = try manifest.template.validCombinations().map(\.name)
        // 2 interfaces × (interactor, formatter) ∈ {on/off, on/on, off/off} × (rx, viewState) ∈ 3 valid pairs.
        #expect(names.count == 2 * 3 * 3)
        #expect(names.first == "default")
        #expect(names.contains("interface-storyboard+formatter+rx"))
        #expect(names.contains("no-interactor+view-state"))
        #expect(!names.contains { $0.contains("no-interactor+formatter") })
        #expect(!names.contains { $0.contains("rx+view-state") })
        #expect(Set(names).count == names.count)
    }
}
