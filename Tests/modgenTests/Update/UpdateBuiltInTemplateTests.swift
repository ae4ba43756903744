import Foundation
import ModGenKit
import TestSupport
import Testing

/// Updates across modgen versions and alongside other runs: a built-in template that changed since the module was
/// generated (an older modgen is simulated by a record whose template copy differs), files the template dropped,
/// and `new` running while `update` does.
@Suite struct UpdateBuiltInTemplateTests {
    private func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".modgen.json", #"{ "template": "viper", "date": "2026-01-31" }"#)
        return folder
    }

    /// Rewrites the module's recorded template copy with `change` applied to one of its files, renames the copy to
    /// its new hash and points the record at it: the record an older modgen whose template differed would have made.
    private func recordAsOlderVersion(
        _ folder: TemporaryFolder, module: String, file: String, change: (String) -> String
    ) throws {
        let recordPath = ".modgen/modules/\(module).json"
        let record = folder.read(recordPath)!
        let version = try #require(
            record.split(separator: "\"").first { $0.count == 64 }.map(String.init))
        let copy = folder.path(".modgen/templates/\(version)")
        try folder.write(
            ".modgen/templates/\(version)/\(file)", change(folder.read(".modgen/templates/\(version)/\(file)")!))
        let files = try FileManager.default.subpathsOfDirectory(atPath: copy).sorted().compactMap {
            path -> RenderedFile? in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: "\(copy)/\(path)", isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { return nil }
            return RenderedFile(path: path, bytes: Array(FileManager.default.contents(atPath: "\(copy)/\(path)")!))
        }
        let oldVersion = ModuleRecords.templateVersion(of: files)
        try FileManager.default.moveItem(atPath: copy, toPath: folder.path(".modgen/templates/\(oldVersion)"))
        try folder.write(recordPath, record.replacingOccurrences(of: version, with: oldVersion))
    }

    @Test func aBuiltInTemplateThatChangedSinceIsMergedIntoTheEditedModule() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        let current = folder.read("Home/HomePresenter.swift")!
        // The older modgen's presenter had no `// MARK: - Lifecycle -` line; the module on disk is what it made.
        let marker = "    // MARK: - Lifecycle -\n"
        #expect(current.contains(marker))
        try recordAsOlderVersion(folder, module: "Home", file: "template/Presenter.swift.mustache") {
            $0.replacingOccurrences(of: "    // MARK: - Lifecycle -\n", with: "")
        }
        let old = current.replacingOccurrences(of: marker, with: "")
        // The developer's edit, far from the template's change.
        let edited = old.replacingOccurrences(of: "import Foundation\n", with: "import Foundation\nimport Analytics\n")
        #expect(edited != old)
        try folder.write("Home/HomePresenter.swift", edited)
        let interfaces = folder.read("Home/HomeInterfaces.swift")

        #expect(try folder.generate(["update", "--check"]).status == 1)
        let update = try folder.generate(["update", "Home"])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput == "merged Home/HomePresenter.swift\n")
        #expect(
            folder.read("Home/HomePresenter.swift")
                == current.replacingOccurrences(
                    of: "import Foundation\n", with: "import Foundation\nimport Analytics\n"))
        #expect(folder.read("Home/HomeInterfaces.swift") == interfaces)
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func aFileTheTemplateDroppedIsRemovedUnlessEdited() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet", "--formatter"]).status == 0)
        #expect(try folder.generate(["new", "Cart", "--quiet", "--formatter"]).status == 0)
        try folder.write("Cart/CartFormatter.swift", folder.read("Cart/CartFormatter.swift")! + "// mine\n")

        let home = try folder.generate(["update", "Home", "--no-formatter"])
        #expect(home.status == 0)
        #expect(!folder.exists("Home/HomeFormatter.swift"))
        let cart = try folder.generate(["update", "Cart", "--no-formatter"])
        #expect(cart.status == 0)
        #expect(folder.exists("Cart/CartFormatter.swift"))
        #expect(
            cart.standardError.contains(
                "Cart/CartFormatter.swift is no longer in the template; kept because it was edited"))
    }

    @Test func newAndUpdateRunAtTheSameTimeEachKeepTheirRecords() throws {
        let folder = try project()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let arguments = index == 0 ? ["new", "Cart", "--quiet"] : ["update", "Home", "--formatter", "--quiet"]
            statuses.set(index, (try? folder.generate(arguments).status) ?? -2)
        }
        #expect(statuses.values == [0: 0, 1: 0])
        #expect(folder.exists("Cart/CartPresenter.swift"))
        #expect(folder.exists("Home/HomeFormatter.swift"))
        #expect(folder.read(".modgen/modules/Home.json")!.contains(#""formatter": true"#))
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }
}

/// Exit statuses written from concurrent runs.
private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int: Int32] = [:]

    func set(_ index: Int, _ status: Int32) {
        lock.lock()
        stored[index] = status
        lock.unlock()
    }

    var values: [Int: Int32] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
