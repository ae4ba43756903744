import Testing

@testable import ModGenMustache
@testable import ModGenTemplates

/// The built-in `.mustache` files are parsed when modgen is built and written as Swift that builds their nodes
/// (`MustacheTemplate.swiftSource`); a run uses those. They must be the nodes parsing the embedded text gives now.
@Suite struct EmbeddedParsedTemplatesTests {
    /// Every node, position, indentation and section text of `template`, as `dump` walks them.
    private func structure(of template: MustacheTemplate) -> String {
        var text = "\(template.name)\n"
        dump(template.nodes, to: &text)
        return text
    }

    @Test func eachBuiltInMustacheFileIsTheTemplateParsingItsTextGives() throws {
        let paths = BuiltInTemplates.files.keys.filter { $0.hasSuffix(".mustache") }.sorted()
        #expect(paths.count > 30)
        for path in paths {
            let embedded = try #require(EmbeddedTemplates.parsedTemplate(path), "\(path)")
            let parsed = try MustacheTemplate(#require(BuiltInTemplates.files[path]), name: path)
            #expect(structure(of: embedded) == structure(of: parsed), "\(path)")
        }
    }

    @Test func otherFilesHaveNoParsedTemplate() {
        for path in BuiltInTemplates.files.keys where !path.hasSuffix(".mustache") {
            #expect(EmbeddedTemplates.parsedTemplate(path) == nil, "\(path)")
        }
        #expect(EmbeddedTemplates.parsedTemplate("viper/partials/noSuchPartial.mustache") == nil)
    }

    /// The comparison above sees a difference of one column in one tag.
    @Test func theStructureTellsTemplatesThatDifferByAPosition() throws {
        let path = "_shared/partials/header.mustache"
        let text = try #require(BuiltInTemplates.files[path])
        let embedded = try #require(EmbeddedTemplates.parsedTemplate(path))
        let shifted = try MustacheTemplate(" " + text, name: path)
        #expect(structure(of: embedded) != structure(of: shifted))
    }
}
