import ModGenCore
import ModGenDigest

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A project's `.modgen` folder, beside its config (else in the folder modgen runs in), meant to be committed:
///
/// ```
/// .modgen/modules/<Name>.json        one record per module (`ModuleRecord`)
/// .modgen/templates/<sha256>/…       each template version a module was generated from, stored once
/// ```
///
/// A template version is named by the SHA-256 of its files, so modules generated from the same version share one
/// copy, a copy changed by hand no longer matches its name, and writing a copy that exists changes nothing.
/// Records and copies are the bookkeeping of a run (`ModuleRun`, in ModGenRun): planned in a `WritePlan` of this
/// folder and applied with the module's files, under one journal, so they are written with them or not at all.
public struct ModuleRecords: Sendable {
    public static let folderName = ".modgen"
    /// At most this many records are read by `allRecords()`.
    public static let recordLimit = 10_000

    /// The `.modgen` folder.
    public let folder: URL
    /// The folder as messages show it (relative to where modgen runs, when it is below it).
    public let shownAs: String

    public init(folder: URL, shownAs: String) {
        self.folder = folder
        self.shownAs = shownAs
    }

    /// The folder holding `.modgen`: recorded output folders are relative to it.
    public var projectFolder: URL { folder.deletingLastPathComponent() }

    /// `modules/<Name>.json`, relative to the `.modgen` folder.
    public static func recordPath(module: String) -> String { "modules/\(module).json" }

    /// How messages name a module's record.
    public func shownPath(module: String) -> String { "\(shownAs)/\(Self.recordPath(module: module))" }

    /// The module's record, or `nil` when it has none.
    public func record(module: String) throws -> ModuleRecord? {
        // `new` takes only type names, so no record holds another name (nor a path out of the folder).
        guard SwiftIdentifier.problem(with: module) == nil else { return nil }
        let url = folder.appendingPathComponent(Self.recordPath(module: module))
        guard FileStatus.isDirectory(atPath: url.path) != nil else { return nil }
        return try read(url, shownAs: shownPath(module: module), expectedModule: module)
    }

    /// Every record, sorted by module name.
    public func allRecords() throws -> [ModuleRecord] {
        let names = try FileWalker.relativeFilePaths(under: folder.appendingPathComponent("modules"))
            .filter { !$0.contains("/") && $0.hasSuffix(".json") }
        guard names.count <= Self.recordLimit else {
            throw FileReadError(
                path: "\(shownAs)/modules", reason: "holds more than \(Self.recordLimit) records")
        }
        var records: [ModuleRecord] = []
        for name in names {
            let module = String(name.dropLast(".json".count))
            records.append(
                try read(
                    folder.appendingPathComponent("modules/\(name)"), shownAs: "\(shownAs)/modules/\(name)",
                    expectedModule: module))
        }
        return records
    }

    private func read(_ url: URL, shownAs: String, expectedModule: String) throws -> ModuleRecord {
        let text = try TextFile.readText(atPath: url.path, shownAs: shownAs)
        let record = try ModuleRecord(parsing: text, fileName: shownAs)
        guard record.module == expectedModule else {
            let document = try JSONDocument(parsing: text, fileName: shownAs)
            throw DataFileError(
                fileName: shownAs, position: document.position(of: "module"),
                reason: "records module '\(record.module)' but is named for '\(expectedModule)'; rename one of them")
        }
        return record
    }

    /// The name of a template version: the SHA-256 of its files, each as its path, a zero byte, its size in
    /// decimal, a zero byte and its bytes, in path order (`FileSetDigest`, which also names the built-in templates
    /// when they are embedded).
    public static func templateVersion(of files: [RenderedFile]) -> String {
        FileSetDigest.hex(of: files.map { ($0.path, $0.bytes) })
    }

    /// Whether `name` can name a template version: 64 lowercase hexadecimal digits (a SHA-256).
    public static func isVersionName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The folder of a recorded template version.
    public func templateFolder(version: String) -> URL {
        folder.appendingPathComponent("templates/\(version)")
    }

    /// The recorded copy of `record`'s template version, checked: it must exist and still hash to its name.
    public func checkedTemplateFolder(for record: ModuleRecord) throws -> URL {
        let copy = templateFolder(version: record.templateVersion)
        let shown = "\(shownAs)/templates/\(record.templateVersion)"
        func error(_ reason: String) -> DataFileError {
            self.error(module: record.module, at: "templateVersion", reason)
        }
        guard FileStatus.isDirectory(atPath: copy.path) == true else {
            throw error("the template version it names is missing: no folder \(shown)")
        }
        // The copy is a template like any other: nothing in it may lead out of it.
        let paths = try FileWalker.relativeFilePaths(under: copy, inside: ContainmentFolder(copy.path))
        guard paths.count <= Self.templateFileLimit else {
            throw FileReadError(path: shown, reason: "holds more than \(Self.templateFileLimit) files")
        }
        var files: [RenderedFile] = []
        for path in paths {
            files.append(
                RenderedFile(
                    path: path, bytes: try TextFile.readBytes(atPath: copy.appendingPathComponent(path).path)))
        }
        guard Self.templateVersion(of: files) == record.templateVersion else {
            throw error(
                "the template version it names was changed by hand: the files in \(shown) no longer hash to its name")
        }
        return copy
    }

    /// At most this many files in a recorded template version.
    public static let templateFileLimit = 2_000

    /// The record's file, relative to the `.modgen` folder.
    public static func recordFile(_ record: ModuleRecord) -> RenderedFile {
        RenderedFile(path: recordPath(module: record.module), contents: record.text)
    }

    /// Whether a template version's copy (`templateCopy(version:templateFiles:)`) is stored already, as far as each
    /// file's kind and size tell: then a run neither writes it again nor reads it back to compare. The name is the
    /// hash of the contents, so only a hand edit makes a stored copy differ; one that keeps every size is still
    /// refused by `checkedTemplateFolder(for:)` when `update` reads the copy, and any other is written anew.
    public func holdsTemplateCopy(_ copy: [RenderedFile]) -> Bool {
        // Paths joined as text: `URL.appendingPathComponent` costs some 20,000 instructions a call, and this runs
        // for every file of the copy on every `new`.
        let folderPath = folder.path
        let prefix = folderPath.hasSuffix("/") ? folderPath : folderPath + "/"
        return copy.allSatisfy { FileStatus.regularFileSize(atPath: prefix + $0.path) == $0.bytes.count }
    }

    /// The copy of the template version `version` whose files are `templateFiles`, relative to the `.modgen` folder
    /// (unchanged on disk when it is there already).
    public static func templateCopy(version: String, templateFiles: [RenderedFile]) -> [RenderedFile] {
        templateFiles.map { RenderedFile(path: "templates/\(version)/\($0.path)", bytes: $0.bytes) }
    }
}

extension ModuleRecords {
    /// An error about the value at `path` (`options.rx`) of a module's record, at its line and column.
    public func error(module: String, at path: String, _ reason: String) -> DataFileError {
        let shown = shownPath(module: module)
        let url = folder.appendingPathComponent(Self.recordPath(module: module))
        let document = (try? TextFile.readText(atPath: url.path, shownAs: shown)).flatMap {
            try? JSONDocument(parsing: $0, fileName: shown)
        }
        return DataFileError(
            fileName: shown, position: document?.position(of: path) ?? SourcePosition(line: 1, column: 1),
            reason: reason)
    }
}
