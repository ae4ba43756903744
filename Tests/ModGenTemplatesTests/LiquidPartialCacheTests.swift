import ModGenLiquid
import TestSupport
import Testing

@testable import ModGenTemplates

/// `include` and `render` read through a `DirectoryLiquidFileSystem` parse each partial once for all the renders
/// through it: a partial changed on disk after the first render is not read again by that file system, and is by a
/// new one.
@Suite struct LiquidPartialCacheTests {
    @Test func aPartialIsParsedOnceForEveryRenderThroughOneFileSystem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("partials/greeting.liquid", "Hello {{ name }}")
        let template = try LiquidTemplate(
            source: "{% include 'greeting' %} / {% render 'greeting', name: name %}", name: "t.liquid")
        let fileSystem = DirectoryLiquidFileSystem(directory: folder.url("partials"))
        #expect(try template.render(["name": "Home"], fileSystem: fileSystem) == "Hello Home / Hello Home")

        try folder.write("partials/greeting.liquid", "Bye {{ name }}")
        #expect(try template.render(["name": "Home"], fileSystem: fileSystem) == "Hello Home / Hello Home")
        let fresh = DirectoryLiquidFileSystem(directory: folder.url("partials"))
        #expect(try template.render(["name": "Home"], fileSystem: fresh) == "Bye Home / Bye Home")
    }

    @Test func aPartialThatFailsToParseIsNotKeptAndFailsEachTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("partials/broken.liquid", "{% if %}")
        let template = try LiquidTemplate(source: "{% include 'broken' %}", name: "t.liquid")
        let fileSystem = DirectoryLiquidFileSystem(directory: folder.url("partials"))
        for _ in 0..<2 {
            #expect(throws: LiquidError.self) { try template.render([:], fileSystem: fileSystem) }
        }
        try folder.write("partials/broken.liquid", "fixed")
        #expect(try template.render([:], fileSystem: fileSystem) == "fixed")
    }

    @Test func pastItsBoundTheCacheParsesEachTimeAndStillRenders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let count = LiquidPartialCache.maximumTemplates + 1
        for index in 0..<count { try folder.write("partials/p\(index).liquid", "\(index)") }
        let template = try LiquidTemplate(source: "{% include name %}", name: "t.liquid")
        let fileSystem = DirectoryLiquidFileSystem(directory: folder.url("partials"))
        for index in 0..<count {
            #expect(try template.render(["name": .string("p\(index)")], fileSystem: fileSystem) == "\(index)")
        }
        // The last one was not kept: a change to it is seen; the first was kept: a change to it is not.
        try folder.write("partials/p\(count - 1).liquid", "changed")
        try folder.write("partials/p0.liquid", "changed")
        #expect(try template.render(["name": .string("p\(count - 1)")], fileSystem: fileSystem) == "changed")
        #expect(try template.render(["name": "p0"], fileSystem: fileSystem) == "0")
    }
}
