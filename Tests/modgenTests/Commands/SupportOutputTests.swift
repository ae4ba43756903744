import Foundation
import TestSupport
import Testing

@testable import modgen

/// The config's `supportOutput`: where `support` writes when `--output` is not given; `new` keeps `output`.
@Suite struct SupportOutputTests {
    @Test func supportWritesIntoSupportOutputAndNewIntoOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "output": "Modules", "supportOutput": "Support" }"#)
        let config = ["--config", folder.path(".modgen.json"), "-q"]
        assertExecute(["support", "viper"] + config, expecting: "", error: "")
        assertExecute(["new", "Home"] + config, expecting: "", error: "")
        #expect(folder.exists("Support/BaseWireframe.swift"))
        #expect(folder.exists("Modules/Home/HomePresenter.swift"))
        #expect(!folder.exists("Modules/BaseWireframe.swift"))
        // --output still wins.
        assertExecute(["support", "viper", "-o", folder.path("Elsewhere")] + config, expecting: "", error: "")
        #expect(folder.exists("Elsewhere/BaseWireframe.swift"))
    }

    @Test func withoutSupportOutputSupportUsesOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "output": "Modules" }"#)
        assertExecute(["support", "viper", "--config", folder.path(".modgen.json"), "-q"], expecting: "", error: "")
        #expect(folder.exists("Modules/BaseWireframe.swift"))
    }

    @Test func aSupportOutputThatIsNotAStringIsAConfigError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "supportOutput": 3 }"#)
        assertExecute(
            ["support", "viper", "--config", folder.path(".modgen.json")], expecting: "",
            error:
                "modgen: error: \(folder.path(".modgen.json")):1:20: \"supportOutput\" must be a string, found a number\n",
            exitCode: 65)
        #expect(folder.listing() == [".modgen.json"])
    }
}
