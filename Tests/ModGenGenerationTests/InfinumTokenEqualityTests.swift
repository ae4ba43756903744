import Foundation
import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// The viper combinations Infinum's Xcode templates also offer generate Infinum's module files, token for token:
/// comments and layout may differ, code may not, except where `Deviation` says why. Infinum's templates are not
/// part of this repository (Apache-2.0, github.com/infinum/ios-viper-xcode-templates); the tests read a checkout
/// named by `INFINUM_TEMPLATES` (the folder holding `VIPER Templates/`), by default `../shared/xcode-templates/infinum`
/// beside the package, and are skipped, not passed, where there is none.
@Suite(.enabled(if: InfinumTemplates.folder != nil, "no checkout of Infinum's Xcode templates"))
struct InfinumTokenEqualityTests {
    /// One Infinum template folder (`Module.xctemplate/StoryboardInteractor`) and the modgen combination it matches.
    struct Case: CustomTestStringConvertible, Sendable {
        let infinumFolder: String
        let combination: String
        var testDescription: String { "\(infinumFolder) = \(combination)" }
    }

    static let uiKitCases: [Case] = [("Module.xctemplate", ""), ("RxSwift Module.xctemplate", "rx")].flatMap {
        template, rx in
        [("None", ""), ("Storyboard", "interface-storyboard"), ("XIB", "interface-xib")].flatMap { interface, option in
            [("Simple", "no-interactor"), ("Interactor", ""), ("InteractorAndFormatter", "formatter")].map {
                variant, variantOption in
                let options = [option, variantOption, rx].filter { !$0.isEmpty }
                return Case(
                    infinumFolder: "\(template)/\(interface)\(variant)",
                    combination: options.isEmpty ? "default" : options.joined(separator: "+"))
            }
        }
    }

    static let swiftUICases: [Case] = [
        ("Simple", "interface-swiftui+no-interactor"), ("Interactor", "interface-swiftui"),
        ("InteractorAndFormatter", "interface-swiftui+formatter"),
    ].map { Case(infinumFolder: "SwiftUI Hosted Module.xctemplate/\($0)", combination: $1) }

    /// Where modgen's module differs from Infinum's on purpose: in this file, these tokens of Infinum's are these.
    struct Deviation {
        let file: String
        let infinum: [String]
        let modgen: [String]
    }

    static let deviations: [Deviation] = [
        // Infinum binds the presenter's answer to an unused constant, which Swift warns about.
        Deviation(file: "HomeViewController.swift", infinum: ["let", "input"], modgen: ["_"]),
        // A presenter that calls its main-actor wireframe must be on the main actor itself (README: Actor isolation).
        Deviation(
            file: "HomePresenter.swift", infinum: ["final", "class", "HomePresenter", ":", "ObservableObject"],
            modgen: ["@preconcurrency", "@MainActor", "final", "class", "HomePresenter", ":", "ObservableObject"]),
    ]

    static let modules: [String: [String: String]] = {
        guard let template = try? TemplateCatalog().template(id: "viper"),
            let snapshot = try? Snapshot(rendering: template.makeRenderer(headerPartial: nil))
        else { return [:] }
        return Dictionary(
            uniqueKeysWithValues: snapshot.outputs.map { output in
                let files = output.files.filter { $0.path.hasPrefix("Home/") && $0.path.hasSuffix(".swift") }
                let contents = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
                return (output.combination.name, contents)
            })
    }()

    @Test(arguments: uiKitCases + swiftUICases)
    func generatedModuleIsTokenEqualToInfinums(_ testCase: Case) throws {
        let folder = try #require(InfinumTemplates.folder).appendingPathComponent(testCase.infinumFolder)
        let generated = try #require(Self.modules[testCase.combination], "no combination \(testCase.combination)")
        let infinumFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        let expectedPaths = infinumFiles.map {
            "Home/" + $0.replacingOccurrences(of: "___FILEBASENAME___", with: "Home")
        }
        #expect(generated.keys.sorted() == expectedPaths.sorted())
        for (infinumFile, path) in zip(infinumFiles, expectedPaths) {
            let infinumText = try String(contentsOf: folder.appendingPathComponent(infinumFile), encoding: .utf8)
                .replacingOccurrences(of: "___VARIABLE_moduleName___", with: "Home")
            let expected = Self.applyingDeviations(to: SwiftTokens(infinumText).tokens, file: String(path.dropFirst(5)))
            let actual = SwiftTokens(generated[path] ?? "").tokens
            let first =
                expected.indices.first { $0 >= actual.count || expected[$0] != actual[$0] }
                ?? min(expected.count, actual.count)
            #expect(
                expected == actual,
                """
                \(path) differs from Infinum's \(testCase.infinumFolder)/\(infinumFile) at token \(first): \
                Infinum \(expected[first..<min(first + 5, expected.count)]), \
                modgen \(actual[first..<min(first + 5, actual.count)])
                """)
        }
    }

    /// `modgen support viper` writes the files of Infinum's base template, by name (their code is modgen's own).
    @Test(arguments: [
        ("Base Interfaces.xctemplate", "default"),
        ("Base SwiftUI Hosted Interfaces.xctemplate", "interface-swiftui"),
    ])
    func supportFilesAreThoseOfInfinumsBaseTemplate(infinumFolder: String, combination: String) throws {
        let folder = try #require(InfinumTemplates.folder).appendingPathComponent(infinumFolder)
        let infinumFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
        let template = try TemplateCatalog().template(id: "viper")
        let snapshot = try Snapshot(rendering: template.makeRenderer(headerPartial: nil))
        let output = try #require(snapshot.outputs.first { $0.combination.name == combination })
        let supportFiles = output.files.map(\.path).filter { $0.hasPrefix("Support/") }.map { String($0.dropFirst(8)) }
        #expect(supportFiles.sorted() == infinumFiles.sorted())
    }

    @Test func theTokenizerIgnoresCommentsAndLayoutButNotCode() {
        let infinumStyle = "let a = f(/*@START_MENU_TOKEN@*/\"Hi, there\"/*@END*/) // note\n"
        #expect(SwiftTokens(infinumStyle).tokens == ["let", "a", "=", "f", "(", "\"Hi, there\"", ")"])
        #expect(SwiftTokens("init(a: A,\n     b: B)").tokens == SwiftTokens("init(a: A, b: B)").tokens)
        #expect(SwiftTokens("x -> Y").tokens != SwiftTokens("x - > Y").tokens)
        #expect(SwiftTokens("\"a b\"").tokens != SwiftTokens("\"a  b\"").tokens)
    }

    static func applyingDeviations(to tokens: [String], file: String) -> [String] {
        var result = tokens
        for deviation in deviations where deviation.file == file {
            guard let start = result.indices.first(where: { result[$0...].starts(with: deviation.infinum) }) else {
                continue
            }
            result.replaceSubrange(start..<start + deviation.infinum.count, with: deviation.modgen)
        }
        return result
    }
}

/// Where Infinum's `VIPER Templates/` folder is, if there is a checkout (see InfinumTokenEqualityTests).
enum InfinumTemplates {
    static let folder: URL? = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let checkout =
            ProcessInfo.processInfo.environment["INFINUM_TEMPLATES"].map { URL(fileURLWithPath: $0) }
            ?? package.deletingLastPathComponent().appendingPathComponent("shared/xcode-templates/infinum")
        let templates = checkout.appendingPathComponent("VIPER Templates")
        return FileManager.default.fileExists(atPath: templates.path) ? templates : nil
    }()
}

/// Swift source as tokens, for comparing code regardless of comments and layout: identifiers (with a leading `@` or
/// `#`), numbers, whole string literals, `->`, and single punctuation characters. Enough for generated code, not for
/// all Swift: a string literal inside an interpolation (`"\("a")"`) or a multi-line literal is not one token.
struct SwiftTokens {
    let tokens: [String]

    init(_ source: String) {
        var tokens: [String] = []
        var characters = Array(source)[...]
        while let character = characters.first {
            if character.isWhitespace {
                characters = characters.dropFirst()
            } else if characters.starts(with: "//") {
                characters = characters.drop { $0 != "\n" }
            } else if characters.starts(with: "/*") {
                let rest = characters.dropFirst(2)
                let end = rest.indices.first { rest[$0...].starts(with: "*/") }
                characters = end.map { rest[($0 + 2)...] } ?? []
            } else if character == "\"" {
                var index = characters.startIndex + 1
                while index < characters.endIndex && characters[index] != "\"" {
                    index += characters[index] == "\\" ? 2 : 1
                }
                let end = min(index + 1, characters.endIndex)
                tokens.append(String(characters[..<end]))
                characters = characters[end...]
            } else if character.isLetter || character.isNumber || "_@#".contains(character) {
                let word = characters.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                tokens.append(String(character) + String(word))
                characters = characters.dropFirst(1 + word.count)
            } else if characters.starts(with: "->") {
                tokens.append("->")
                characters = characters.dropFirst(2)
            } else {
                tokens.append(String(character))
                characters = characters.dropFirst()
            }
        }
        self.tokens = tokens
    }
}
