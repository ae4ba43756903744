import Foundation
import ModGenCore
import Testing

@testable import ModGenTemplates

/// Infinum's VIPER bundles (copied unchanged into `Tests/Fixtures/XcodeTemplates/Infinum/`) run as Xcode's New File
/// dialog runs them, in every combination: the sub-folder SPEC §4 names, each of its files under the name its
/// macros give, `<Name>` bound to `moduleName` through `productName`'s `Default`, and no `___` left over.
@Suite struct InfinumBundleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/XcodeTemplates/Infinum/VIPER Templates")
    static let bundles = [
        "Module", "RxSwift Module", "SwiftUI Hosted Module", "Base Interfaces", "Base SwiftUI Hosted Interfaces",
    ]
    static let header = HeaderFields(project: "Shop", author: "Ann Smith", date: "2026-01-31")

    func template(_ name: String) throws -> XcodeTemplate {
        try XcodeTemplate(at: Self.folder.appendingPathComponent("\(name).xctemplate"))
    }

    @Test(arguments: bundles)
    func everyCombinationWritesItsFolderUnderTheModuleName(bundle: String) throws {
        let template = try template(bundle)
        let renderer = template.makeRenderer(headerPartial: nil)
        let combinations = try template.validCombinations()
        let choices = template.options.map { option -> Int in
            if case .choice(let values, _) = option.kind { return values.count }
            return 2
        }
        #expect(combinations.count == choices.reduce(1, *))
        for combination in combinations {
            var request = GenerationRequest(moduleName: "Home", options: combination.values, header: Self.header)
            request.environment = GenerationEnvironment()
            let files = try renderer.renderModule(request)
            // SPEC §4: the popups' values in option order name the folder; without popups the whole bundle.
            let folder = template.options.map { combination.values[$0.name]?.text ?? "" }.joined()
            let expected = template.bundle.files.paths
                .filter { folder.isEmpty || $0.hasPrefix(folder + "/") }
                .map { String($0.dropFirst(folder.isEmpty ? 0 : folder.count + 1)) }
                .map { $0.replacingOccurrences(of: "___FILEBASENAME___", with: "Home") }
            #expect(!expected.isEmpty)
            #expect(files.map(\.path) == expected, "\(bundle) \(combination.name)")
            for file in files {
                #expect(!file.contents.contains("___"), "\(bundle) \(combination.name) \(file.path) keeps a macro")
                if file.path.hasSuffix(".swift") {
                    #expect(
                        file.contents.hasPrefix(
                            "//\n//  \(file.path)\n//  Shop\n//\n//  Created by Ann Smith on 2026-01-31.\n//\n"))
                }
            }
        }
        #expect(renderer.warnings.isEmpty)
    }

    /// Infinum's base bundles write the base types modules build on, whatever the name: `modgen support` writes
    /// them too, as the template's support files; the module bundles have none.
    @Test(arguments: bundles)
    func onlyTheBaseBundlesWriteSupportFiles(bundle: String) throws {
        let template = try template(bundle)
        let isBase = bundle.hasPrefix("Base ")
        #expect(template.writesSupportFiles == isBase)
        #expect(template.supportFiles.map(\.path) == (isBase ? template.files.map(\.path) : []))
        let renderer = template.makeRenderer(headerPartial: nil)
        var request = GenerationRequest(moduleName: nil, options: try template.optionValues(explicit: [:]))
        request.environment = GenerationEnvironment()
        let support = try renderer.renderSupport(request)
        #expect(support.isEmpty == !isBase)
        // Written as Xcode writes them, whatever the name: the same files either way.
        request.moduleName = "Home"
        if isBase { #expect(try renderer.renderModule(request) == support) }
    }

    @Test func moduleBindsTheNameToModuleNameAndPicksStoryboardInteractorAndFormatter() throws {
        let template = try template("Module")
        #expect(template.bundle.info.nameBoundOption == "moduleName")
        #expect(template.options.map(\.name) == ["interface", "complex"])
        let files = try template.makeRenderer(headerPartial: nil).renderModule(
            GenerationRequest(
                moduleName: "Home",
                options: OptionValues([
                    "interface": .choice("Storyboard"), "complex": .choice("InteractorAndFormatter"),
                ])))
        #expect(
            files.map(\.path) == [
                "Home.storyboard", "HomeFormatter.swift", "HomeInteractor.swift", "HomeInterfaces.swift",
                "HomePresenter.swift", "HomeViewController.swift", "HomeWireframe.swift",
            ])
        let presenter = try #require(files.first { $0.path == "HomePresenter.swift" })
        #expect(presenter.contents.contains("final class HomePresenter {"))
        #expect(presenter.contents.contains("private let formatter: HomeFormatterInterface"))
    }

    @Test func idsFollowTheFolderNames() throws {
        #expect(
            try Self.bundles.map { try template($0).id } == [
                "module", "rxswift-module", "swiftui-hosted-module", "base-interfaces",
                "base-swiftui-hosted-interfaces",
            ])
        #expect(try template("Module").category == "VIPER Templates")
    }
}

/// A bundle's recorded copy is what generation reads: `TemplateInfo.plist` and the template files, byte for byte,
/// and neither the icons beside them nor anything else.
@Suite struct XcodeBundleRecordTests {
    @Test func theCopyHoldsThePlistAndTheTemplateFilesButNotTheIcons() throws {
        let bundle = InfinumBundleTests.folder.appendingPathComponent("Module.xctemplate")
        let files = try RecordedTemplates.files(of: try XcodeTemplate(at: bundle))
        let onDisk = try FileWalker.relativeFilePaths(under: bundle)
        #expect(onDisk.contains { $0.hasPrefix("TemplateIcon") })
        let expected = onDisk.filter { !$0.hasPrefix("TemplateIcon") }.map { "Module.xctemplate/\($0)" }
        #expect(files.map(\.path) == expected)
        for file in files {
            let path = bundle.deletingLastPathComponent().appendingPathComponent(file.path).path
            #expect(file.bytes == Array(try #require(FileManager.default.contents(atPath: path))), "\(file.path)")
        }
    }
}
