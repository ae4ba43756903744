import Foundation
import ModGenCore
import ModGenMustache
import ModGenWriting
import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The storyboard and XIB the `viper` template writes must be documents Interface Builder opens and wires to the
/// module: well-formed XML, unique object ids, and the view controller's class, module and storyboard identifier
/// named after the module. Rendered with a name other than the sample, so substitution is checked too.
@Suite struct InterfaceBuilderDocumentTests {
    static let name = "ProductDetails"

    func render(interface: String) throws -> XMLDocument {
        let template = try TemplateCatalog().template(id: "viper")
        let options = try template.resolvedOptions(["interface": .choice(interface)])
        let files = try template.makeRenderer(headerPartial: nil).renderModule(
            GenerationRequest(moduleName: Self.name, options: options))
        let documents = files.filter { $0.path.hasSuffix(".storyboard") || $0.path.hasSuffix(".xib") }
        #expect(documents.count == 1)
        let file = try #require(documents.first)
        return try XMLDocument(data: Data(file.contents.utf8), options: [])
    }

    func nodes(_ document: XMLDocument, _ query: String) throws -> [XMLElement] {
        try document.nodes(forXPath: query).compactMap { $0 as? XMLElement }
    }

    func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    func expectUniqueIDs(_ document: XMLDocument) throws {
        let ids = try nodes(document, "//*[@id]").compactMap { attribute($0, "id") }
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count, "duplicate object ids: \(ids)")
    }

    @Test func storyboardHasOneSceneWhoseControllerIsTheModulesAndInitial() throws {
        let document = try render(interface: "storyboard")
        let root = try #require(document.rootElement())
        #expect(attribute(root, "type") == "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB")
        #expect(try nodes(document, "//scene").count == 1)
        let controllers = try nodes(document, "//scene/objects/viewController")
        #expect(controllers.count == 1)
        let controller = try #require(controllers.first)
        #expect(attribute(controller, "customClass") == "\(Self.name)ViewController")
        #expect(attribute(controller, "customModuleProvider") == "target")
        // `instantiateViewController(ofType:)` looks the controller up by its type name.
        #expect(attribute(controller, "storyboardIdentifier") == "\(Self.name)ViewController")
        #expect(attribute(root, "initialViewController") == attribute(controller, "id"))
        try expectUniqueIDs(document)
    }

    @Test func xibFilesOwnerIsTheModulesControllerAndOwnsTheView() throws {
        let document = try render(interface: "xib")
        let root = try #require(document.rootElement())
        #expect(attribute(root, "type") == "com.apple.InterfaceBuilder3.CocoaTouch.XIB")
        let owners = try nodes(document, "//placeholder[@placeholderIdentifier='IBFilesOwner']")
        #expect(owners.count == 1)
        let owner = try #require(owners.first)
        #expect(attribute(owner, "customClass") == "\(Self.name)ViewController")
        #expect(attribute(owner, "customModuleProvider") == "target")
        let outlet = try #require(try nodes(document, "//placeholder/connections/outlet[@property='view']").first)
        let views = try nodes(document, "/document/objects/view").compactMap { attribute($0, "id") }
        #expect(views.contains(attribute(outlet, "destination") ?? "none"))
        try expectUniqueIDs(document)
    }
}
