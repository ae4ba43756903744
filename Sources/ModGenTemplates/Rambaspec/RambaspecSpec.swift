import ModGenCore
import ModGenLiquid

/// A rambaspec after its Liquid pass, read as YAML: the keys Generamba reads (`summary`, `code_files`,
/// `test_files`); the others (`name`, `author`, `version`, `license`, `dependencies`) are informational.
struct RambaspecSpec {
    /// One entry of `code_files` or `test_files`.
    struct Entry {
        /// `test_files` entries go to the tests root.
        var isTest: Bool
        /// `Sub/Dir/Basename.ext`: the sub-folder (and Xcode group) under the module, and the default file name's end.
        var name: String
        var namePosition: SourcePosition
        /// The Liquid source, relative to the template's folder; `nil` for a folder entry.
        var path: String?
        var pathPosition: SourcePosition
        /// A Liquid template for the file name.
        var customName: String?
        var isResource: Bool
        /// `name` without leading and trailing slashes, as Generamba takes it; its last component and the folders
        /// before it.
        var trimmedName: String
        var basename: String
        var dirname: String

        var templateFile: TemplateFile {
            TemplateFile(
                template: path ?? "", templatePosition: pathPosition, root: isTest ? RambaspecSpec.testsRoot : nil,
                path: name, pathPosition: namePosition, when: nil)
        }
    }

    /// The root test files go to (`--root tests=…`, or a Rambafile's `test_file_path`), as manifests name it.
    static let testsRoot = "tests"

    var summary: String
    var entries: [Entry]

    static func parse(_ text: String, name: String) throws(DataFileError) -> LiquidTemplate {
        do {
            return try LiquidTemplate(source: text, name: name)
        } catch {
            throw RambaspecSpec.dataError(error)
        }
    }

    /// A Liquid error as the one-line data error modgen reports for a bad template (file:line:column).
    static func dataError(_ error: LiquidError) -> DataFileError {
        DataFileError(
            fileName: error.templateName,
            position: SourcePosition(line: max(error.line, 1), column: max(error.column, 1)),
            reason: "Liquid: \(error.message)")
    }

    /// How errors name the rambaspec's rendered text, where the positions of its YAML are.
    static func renderedName(_ fileName: String) -> String { "\(fileName) (after Liquid)" }

    /// The rambaspec's text rendered in `context`.
    static func render(_ spec: LiquidTemplate, context: [String: LiquidValue]) throws(DataFileError) -> String {
        do {
            return try spec.render(context)
        } catch {
            throw Self.dataError(error)
        }
    }

    /// Reads a rambaspec's rendered text as YAML. Errors name the rambaspec and say that it is its rendered text (the
    /// lines are the same where no Liquid tag spans lines). What is read depends on the text alone: the same text
    /// gives the same definition.
    init(rendered text: String, fileName: String) throws {
        let renderedName = Self.renderedName(fileName)
        let document = try YAMLReader.parse(text, fileName: renderedName)
        func fail(_ position: SourcePosition, _ reason: String) -> DataFileError {
            DataFileError(fileName: renderedName, position: position, reason: reason)
        }
        guard document.mapping != nil else {
            throw fail(document.position, "a rambaspec is a map of keys (name, code_files, test_files, …)")
        }
        summary = document["summary"]?.text ?? ""
        entries = []
        var declaresFiles = false
        for (key, isTest) in [("code_files", false), ("test_files", true)] {
            guard let list = document[key] else { continue }
            declaresFiles = true
            if list.text == nil, list.scalar != nil { continue }  // `code_files:` with nothing: no files
            guard let items = list.sequence else {
                throw fail(list.position, "\(key) must be a list, found \(list.kindName)")
            }
            for item in items {
                guard item.mapping != nil else {
                    throw fail(item.position, "an entry of \(key) must be a map ({name: …, path: …})")
                }
                guard let name = item["name"]?.text, !name.isEmpty else {
                    throw fail(item.position, "an entry of \(key) needs a name")
                }
                let trimmed = name.trimmingSlashes
                let components = trimmed.split(separator: "/")
                entries.append(
                    Entry(
                        isTest: isTest, name: name, namePosition: item["name"]?.position ?? item.position,
                        path: item["path"]?.text, pathPosition: item["path"]?.position ?? item.position,
                        customName: item["custom_name"]?.text, isResource: item["is_resource"]?.isTruthy ?? false,
                        trimmedName: trimmed, basename: components.last.map(String.init) ?? trimmed,
                        dirname: components.dropLast().joined(separator: "/")))
            }
        }
        guard declaresFiles else { throw fail(document.position, "a rambaspec needs code_files or test_files") }
    }
}

extension String {
    /// Generamba strips leading and trailing `/` from names and paths.
    fileprivate var trimmingSlashes: String {
        var text = Substring(self)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
