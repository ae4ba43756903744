import ModGenCore
import ModGenLiquid

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders a Generamba template as `generamba gen` does (`module_generator.rb`, `content_generator.rb`): the
/// rambaspec in the run's context, then each `code_files` / `test_files` entry: its file name (`custom_name`, else
/// `{{prefix}}{{module_info.name}}<basename>`) and its Liquid source, with `{% include %}` reading
/// `snippets/<name>.liquid`. Everything is rendered in memory before anything is written, so a template Generamba
/// would leave half-written (a missing file, an unclosed tag, YAML its own Liquid breaks) writes nothing here.
///
/// Files go to `<Module>/<dirname of name>/<file name>`, test files in the tests root, as Generamba lays them out
/// under `project_file_path` and `test_file_path`; with `create_logical_groups` (the setting
/// `XcodeGroupPaths.logicalSetting`) to `<Module>/<file name>`, the dirname kept as the file's group only.
final class RambaspecRenderer: TemplateRendering {
    let rambaspec: RambaspecTemplate
    var template: any ModuleTemplate { rambaspec }
    private let folder: URL
    /// `folder`'s path, which every template file's path is joined to.
    private let folderPath: String
    private let box: ContainmentFolder
    /// Where `{% include %}` reads from.
    private let snippets: SnippetsFolder
    private var parsed: [String: LiquidTemplate] = [:]
    private var warningSet = Set<String>()
    private(set) var warnings: [String] = []

    init(template: RambaspecTemplate) {
        rambaspec = template
        guard case .directory(let folder) = template.source else { preconditionFailure("a rambaspec is a folder") }
        self.folder = folder
        folderPath = folder.path
        box = ContainmentFolder(folder.path)
        snippets = SnippetsFolder(folder: folder.appendingPathComponent("snippets"), box: box)
    }

    func renderSupport(_ request: GenerationRequest) throws -> [RenderedFile] { [] }

    func renderModule(_ request: GenerationRequest) throws -> [RenderedFile] {
        guard let name = request.moduleName else { throw ModuleNameError(name: "", reason: "the name is empty") }
        try ModuleNameError.check(name)
        let scope = RambaspecContext.scope(for: request, moduleName: name)
        let specText = try RambaspecSpec.render(rambaspec.spec, context: scope)
        let spec =
            specText == rambaspec.definitionText
            ? rambaspec.definition : try RambaspecSpec(rendered: specText, fileName: rambaspec.definitionPath)
        let logical = request.settings[XcodeGroupPaths.logicalSetting] == "true"
        var files: [RenderedFile] = []
        for entry in spec.entries {
            let trimmed = entry.trimmedName
            guard let path = entry.path else {
                warn(
                    "\(rambaspec.definitionPath): the folder entry '\(trimmed)' is not written (modgen writes files only)"
                )
                continue
            }
            let (basename, dirname) = (entry.basename, entry.dirname)
            let fileName: String
            if let customName = entry.customName {
                let nameScope = RambaspecContext.adding([("file_basename", basename)], toModuleInfo: scope)
                fileName = try render(
                    try parse(customName, name: "\(rambaspec.definitionPath): custom_name of \(trimmed)"),
                    nameScope, fileSystem: nil)
            } else {
                fileName = (request.settings["prefix"] ?? "") + name + basename
            }
            try checkFileName(fileName, entry: entry)
            let source = try sourceText(path, position: entry.pathPosition)
            let fileScope = RambaspecContext.adding([("file_name", fileName)], toModuleInfo: scope)
            let contents = try render(source, fileScope, fileSystem: snippets)
            let folder = [name] + (dirname.isEmpty ? [] : [dirname])
            var file = RenderedFile(
                path: ((logical ? [name] : folder) + [fileName]).joined(separator: "/"), contents: contents,
                root: entry.isTest ? RambaspecSpec.testsRoot : nil)
            // Generamba's logical groups: every file in the module's folder, its sub-folder a group only.
            if logical { file.group = folder.joined(separator: "/") }
            files.append(file)
        }
        return files
    }

    private func checkFileName(_ fileName: String, entry: RambaspecSpec.Entry) throws {
        if fileName.isEmpty || fileName.utf8.contains(UInt8(ascii: "/")) || fileName == "." || fileName == ".." {
            throw DataFileError(
                fileName: RambaspecSpec.renderedName(rambaspec.definitionPath), position: entry.namePosition,
                reason:
                    "the file name of '\(entry.name)' renders as '\(PrintableText.escaped(fileName))', not a file name")
        }
    }

    private func warn(_ warning: String) {
        if warningSet.insert(warning).inserted { warnings.append(warning) }
    }

    private func parse(_ text: String, name: String) throws -> LiquidTemplate {
        do {
            return try LiquidTemplate(source: text, name: name)
        } catch {
            throw RambaspecSpec.dataError(error)
        }
    }

    private func render(
        _ template: LiquidTemplate, _ scope: [String: LiquidValue], fileSystem: (any LiquidFileSystem)?
    ) throws -> String {
        do {
            return try template.render(scope, fileSystem: fileSystem)
        } catch {
            throw RambaspecSpec.dataError(error)
        }
    }

    /// The parsed Liquid source at `path` (relative to the template's folder), read once per run. A path whose
    /// letter case differs from the file on disk is found as a Mac's default file system finds it, with a warning.
    private func sourceText(_ path: String, position: SourcePosition) throws -> LiquidTemplate {
        if let cached = parsed[path] { return cached }
        if let problem = RelativePath.problem(with: path, inside: "the template folder") {
            throw DataFileError(
                fileName: RambaspecSpec.renderedName(rambaspec.definitionPath), position: position, reason: problem)
        }
        let resolved = try CaseInsensitivePath.resolve(path, in: folderPath) { actual in
            warn(
                "\(rambaspec.definitionPath): '\(path)' is spelled '\(actual)' on disk; read as a Mac's "
                    + "case-insensitive file system reads it (rename one of them for case-sensitive systems)")
        }
        guard let resolved else {
            throw DataFileError(
                fileName: RambaspecSpec.renderedName(rambaspec.definitionPath), position: position,
                reason: "no such template file '\(PrintableText.escaped(path))' in \(folder.path)")
        }
        let location = folderPath.hasSuffix("/") ? folderPath + resolved : "\(folderPath)/\(resolved)"
        let text = try TextFile.readText(atPath: location, inside: box)
        let template = try parse(text, name: location)
        parsed[path] = template
        return template
    }
}

/// `{% include 'name' %}` as Generamba sets it up: `snippets/<name>.liquid` in the template's folder, names as Ruby
/// liquid's `LocalFileSystem` takes them (`\A[^./][a-zA-Z0-9_/]+\z`), nothing read from outside the folder.
struct SnippetsFolder: LiquidFileSystem {
    let folder: URL
    let box: ContainmentFolder
    /// Each snippet parsed once for all the files of the template, not once per file.
    private let partials = LiquidPartialCache()

    init(folder: URL, box: ContainmentFolder) {
        self.folder = folder
        self.box = box
    }

    func parsedTemplate(named name: String, maximumNesting: Int) throws(LiquidError) -> LiquidTemplate {
        try partials.template(named: name, maximumNesting: maximumNesting, in: self)
    }

    func readTemplate(named name: String) throws(LiquidError) -> String {
        let scalars = Array(name.unicodeScalars)
        let valid =
            scalars.count >= 2 && scalars[0] != "." && scalars[0] != "/"
            && scalars.dropFirst().allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "/")
            }
        guard valid else {
            throw LiquidError(templateName: name, line: 0, column: 0, message: "Illegal template name '\(name)'")
        }
        let path = folder.appendingPathComponent("\(name).liquid").path
        do {
            return try TextFile.readText(atPath: path, inside: box)
        } catch let error as ModGenError {
            throw LiquidError(templateName: path, line: 0, column: 0, message: error.message)
        } catch {
            throw LiquidError(templateName: path, line: 0, column: 0, message: "cannot be read")
        }
    }
}
