import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// Generated modules are skeletons a developer fills in, not sample apps they first empty: no text meant for users,
/// no sample data types or demo behaviour, in any combination of any built-in template.
@Suite struct SkeletonContentTests {
    /// Infinum's SwiftUI-hosted view shows this placeholder; matching Infinum's module token for token keeps it.
    static let allowedPlaceholders: Set<String> = ["\"Hello, World!\""]

    /// What a sample app needs and a skeleton does not: alerts with their texts, formatting of sample data.
    static let demoTypes: Set<String> = ["UIAlertController", "UIAlertAction", "DateFormatter", "NumberFormatter"]

    /// The string literals in `source` that could reach a user: not the module's resource names (a storyboard's, a
    /// scene identifier's: identifiers holding the module's name), and not messages to the developer in
    /// `fatalError` or `preconditionFailure`.
    static func userFacingStrings(in source: String, moduleName: String) -> [String] {
        let tokens = SwiftTokens(source).tokens
        var found: [String] = []
        var awaitingMessage = false
        var depthInMessage = 0
        for token in tokens {
            if awaitingMessage {
                awaitingMessage = false
                if token == "(" {
                    depthInMessage = 1
                    continue
                }
            }
            if depthInMessage > 0 {
                if token == "(" { depthInMessage += 1 }
                if token == ")" { depthInMessage -= 1 }
                continue
            }
            if token == "fatalError" || token == "preconditionFailure" {
                awaitingMessage = true
                continue
            }
            guard token.hasPrefix("\"") else { continue }
            let text = token.dropFirst().dropLast()
            let isResourceName =
                text.contains(moduleName) && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            if !isResourceName { found.append(token) }
        }
        return found
    }

    @Test func theCheckFindsUserTextButNotNamesOrDeveloperMessages() {
        let source = """
            let storyboard = UIStoryboard(name: "Home", bundle: nil)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            guard let scene else { fatalError("Home.storyboard has no \\(type) (\\(id))") }
            label.text = "Operation failed"
            """
        #expect(Self.userFacingStrings(in: source, moduleName: "Home") == ["\"OK\"", "\"Operation failed\""])
    }

    @Test(arguments: BuiltInTemplates.templateFolders)
    func noCombinationHoldsUserTextOrDemoTypes(templateID: String) throws {
        let template = try TemplateCatalog().template(id: templateID)
        let snapshot = try Snapshot(rendering: template.makeRenderer(headerPartial: nil))
        var problems: Set<String> = []
        for output in snapshot.outputs {
            // Unit tests (the output root `tests`) reach no user: their strings are assertion messages and labels.
            for file in output.files where file.path.hasSuffix(".swift") && !file.path.hasPrefix("tests/") {
                let strings = Self.userFacingStrings(in: file.contents, moduleName: template.sampleName).filter {
                    !Self.allowedPlaceholders.contains($0)
                }
                for string in strings { problems.insert("\(file.path): user-facing text \(string)") }
                let demoTypes = Set(SwiftTokens(file.contents).tokens).intersection(Self.demoTypes)
                for type in demoTypes.sorted() { problems.insert("\(file.path): sample-app type \(type)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted().joined(separator: "\n"))")
    }
}
