import ModGenCore
import ModGenGit
import ModGenMustache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project's `.modgen.json`: defaults a team shares so that `modgen new Home` needs no flags. Flags given on
/// the command line always win over it.
///
/// ```json
/// {
///   "template": "viper",
///   "output": "Sources/Modules",
///   "templates": ["Tools/Templates"],
///   "options": { "viper": { "rx": true, "interface": "storyboard" } },
///   "header": { "project": "Shop", "author": "", "company": "Acme", "partial": "Tools/header.mustache" },
///   "date": "2026-01-31",
///   "set": { "builderContext": "Void" },
///   "roots": { "tests": "Tests/AppTests" },
///   "xcodeproj": { "path": "App.xcodeproj", "targets": ["App"], "testTargets": ["AppTests"] }
/// }
/// ```
/// Paths are relative to the folder that holds the config file, unless they start with `/`. A key that starts with
/// `//` is a comment, in the config and in its objects (`"//": "…"`, or `"//after": […]`, an example left off), since
/// JSON has no comments; `modgen init` writes them.
public struct ModGenConfig: Sendable {
    public static let fileName = ".modgen.json"

    /// The config file, or `nil` for "no config".
    public var file: URL?
    public var template: String?
    /// Where `template` is written, for an id no folder provides.
    public var templatePosition = SourcePosition(line: 1, column: 1)
    public var output: URL?
    /// `"supportOutput"`: where `modgen support` writes, when it differs from `output`.
    public var supportOutput: URL?
    /// `"after"`: shell commands to run after a run that wrote files (`xcodegen generate`), in order.
    public var afterCommands: [String] = []
    public var templateDirectories: [URL] = []
    /// Where each of `templateDirectories` is written.
    var templateDirectoryPositions: [SourcePosition] = []
    /// Option defaults by template id and option name, as written (`true`, `"storyboard"`).
    public var optionDefaults: [String: [(name: String, value: JSONValue, position: SourcePosition)]] = [:]
    /// Where each template's object in `"options"` is written, for errors about its values together.
    var optionObjectPositions: [String: SourcePosition] = [:]
    public var header = HeaderFields()
    /// The file named by `header.partial`, read and parsed when the config is read; its errors name its path.
    public var headerPartial: MustacheTemplate?
    /// `"set"`: values for every template that declares the parameter (or for the header fields).
    public var settings: [String: String] = [:]
    /// Where each `"set"` value is written.
    var settingPositions: [String: SourcePosition] = [:]
    /// `"roots"`: where each named output root goes (a manifest file's `"root"`), by root name.
    public var roots: [String: URL] = [:]
    /// `"dateFormat"`: how dates are written where a template asks for a formatted date (Xcode's `DATE`).
    public var datePattern: DatePattern?
    /// `"xcodeMacros"`: the `IDETemplateMacros.plist` Xcode bundles use when no project or workspace beside the
    /// output folder has one.
    public var xcodeMacrosFile: URL?
    /// `"xcodeproj"`: the Xcode project whose groups and targets get the generated files.
    public var xcodeProject: XcodeProjectSettings?

    public init() {}

    /// How errors name the config file.
    package var displayPath: String { file?.path ?? Self.fileName }

    /// The nearest `.modgen.json` in `directory` or one of its parents.
    ///
    /// Anything by that name counts, a symbolic link to nothing too: reading it then fails naming it, where
    /// skipping it would silently put a config further up in its place. A relative `directory` finds nothing: it
    /// means the working folder could not be found (it was deleted), and climbing `..` from there never ends.
    public static func find(from directory: URL) -> URL? {
        FileStatus.nearestEntry(named: fileName, inOrAbove: directory.standardizedFileURL.path).map {
            URL(fileURLWithPath: $0, isDirectory: false)
        }
    }

    /// The nearest `.modgen.json` in `directory` or one of its parents (`find(from:)`), when it may be used: one that
    /// is not the user's alone (`FoundFileTrust`) is refused, with how to use it anyway: naming it with `--config`.
    public static func findTrusted(from directory: URL) throws(UntrustedFileError) -> URL? {
        guard let found = find(from: directory) else { return nil }
        if let problem = FoundFileTrust.problem(atPath: found.path) {
            throw UntrustedFileError(
                path: found.path, problem: problem,
                remedy: "to use it anyway, pass it with --config '\(RelativePath.printable(found.path))'")
        }
        return found
    }

    /// Reads a config file; errors name the file, line and column. A repository in `"templates"` is refused unless
    /// the cache is known (see `init(contentsOf:gitTemplates:)`).
    public init(contentsOf url: URL) throws {
        var gitTemplates = GitTemplates(
            lockFile: url.deletingLastPathComponent().appendingPathComponent(TemplateLock.fileName),
            settings: GitTemplates.Settings(environment: [:]))
        try self.init(contentsOf: url, gitTemplates: &gitTemplates)
    }

    /// Reads a config file; errors name the file, line and column. Repositories in `"templates"` are fetched (or
    /// found in the cache) through `gitTemplates`, in the order the config lists them.
    public init(contentsOf url: URL, gitTemplates: inout GitTemplates) throws {
        let text = try TextFile.readText(atPath: url.path)
        let fields = JSONFields(document: try JSONDocument(parsing: text, fileName: url.path))
        try fields.checkKeys(
            "",
            allowed: [
                "template", "output", "supportOutput", "templates", "options", "header", "date", "set", "dateFormat",
                "xcodeMacros", "after", "roots", "xcodeproj",
            ], allowingComments: true)
        let base = url.deletingLastPathComponent()
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        }
        file = url
        template = try fields.optionalString("template")
        templatePosition = fields.document.position(of: "template")
        output = try fields.optionalString("output").map(resolve)
        supportOutput = try fields.optionalString("supportOutput").map(resolve)
        let folders = try Self.readTemplateFolders(fields, resolve: resolve, gitTemplates: &gitTemplates)
        templateDirectories = folders.map(\.folder)
        templateDirectoryPositions = folders.map(\.position)
        afterCommands = try Self.readAfterCommands(fields)
        try fields.checkKeys("header", allowed: ["project", "author", "company", "partial"], allowingComments: true)
        header.project = try fields.string("header.project", default: "")
        header.author = try fields.string("header.author", default: "")
        header.company = try fields.string("header.company", default: "")
        for (name, value) in header.settableFields {
            if let problem = HeaderFields.problem(withFieldValue: value) {
                throw fields.error(at: "header.\(name)", "header field '\(name)' \(problem)")
            }
        }
        if let date = try fields.optionalString("date") {
            if let problem = HeaderFields.problem(withDate: date) { throw fields.error(at: "date", problem) }
            header.date = date
        }
        if let partial = try fields.optionalString("header.partial") {
            headerPartial = try Self.readPartial(at: resolve(partial).path, namedAt: "header.partial", in: fields)
        }
        if let pattern = try fields.optionalString("dateFormat") {
            do {
                datePattern = try DatePattern(pattern)
            } catch {
                throw fields.error(at: "dateFormat", error.message)
            }
        }
        xcodeMacrosFile = try fields.optionalString("xcodeMacros").map(resolve)
        settings = try Self.readSettings(fields)
        roots = try Self.readRoots(fields).mapValues(resolve)
        xcodeProject = try XcodeProjectSettings(fields, resolve: resolve)
        for key in settings.keys { settingPositions[key] = fields.document.position(of: "set.\(key)") }
        optionDefaults = try Self.readOptionDefaults(fields)
        for id in optionDefaults.keys { optionObjectPositions[id] = fields.document.position(of: "options.\(id)") }
    }

    /// A partial file the config names: missing or unreadable is an error naming where the config names it; text
    /// that is not UTF-8 or not valid Mustache is an error naming the partial's own line and column.
    private static func readPartial(
        at path: String, namedAt key: String, in fields: JSONFields
    ) throws -> MustacheTemplate {
        let bytes: [UInt8]
        do {
            bytes = try TextFile.readBytes(atPath: path)
        } catch {
            throw ConfigReferenceError(
                configFile: fields.document.fileName, position: fields.document.position(of: key),
                reason: "cannot read header partial '\(path)': \(error.reason)")
        }
        return try MustacheTemplate(try TextFile.decodeUTF8(bytes, fileName: path), name: path)
    }

    /// `"set"`: an object of strings whose keys could be `--set` keys.
    private static func readSettings(_ fields: JSONFields) throws(DataFileError) -> [String: String] {
        guard let value = fields.value(at: "set") else { return [:] }
        guard let members = value.objectValue else {
            throw fields.error(at: "set", "\"set\" must be an object of strings, found \(value.kindName)")
        }
        var settings: [String: String] = [:]
        for (key, value) in members where !JSONFields.isComment(key) {
            if let problem = ContextNames.problem(withSettingKey: key) {
                throw fields.error(at: "set.\(key)", "set key '\(key)' \(problem)")
            }
            guard let text = value.stringValue else {
                throw fields.error(at: "set.\(key)", "\"\(key)\" must be a string, found \(value.kindName)")
            }
            if ContextNames.headerFields.contains(key), let problem = HeaderFields.problem(withFieldValue: text) {
                throw fields.error(at: "set.\(key)", "header field '\(key)' \(problem)")
            }
            settings[key] = text
        }
        return settings
    }

    /// `"roots"`: an object of root name → folder, every name a root name and every folder a non-empty string.
    private static func readRoots(_ fields: JSONFields) throws(DataFileError) -> [String: String] {
        guard let value = fields.value(at: "roots") else { return [:] }
        guard let members = value.objectValue else {
            throw fields.error(
                at: "roots", "\"roots\" must be an object of root name to folder, found \(value.kindName)")
        }
        var roots: [String: String] = [:]
        for (name, value) in members where !name.hasPrefix("//") {
            if let problem = OutputRootName.problem(with: name) {
                throw fields.error(
                    at: "roots.\(name)", "root '\(RelativePath.printable(name))' is not a root name: \(problem)")
            }
            guard let folder = value.stringValue else {
                throw fields.error(
                    at: "roots.\(name)", "root '\(name)' must be a folder (a string), found \(value.kindName)")
            }
            if folder.isEmpty { throw fields.error(at: "roots.\(name)", "root '\(name)' names no folder (empty)") }
            roots[name] = folder
        }
        return roots
    }

    /// `"after"`: an array of command lines, none empty or holding a NUL.
    private static func readAfterCommands(_ fields: JSONFields) throws(DataFileError) -> [String] {
        let commands = try fields.strings("after")
        if let empty = commands.firstIndex(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw fields.error(at: "after[\(empty)]", "an \"after\" command must not be empty")
        }
        // A command line reaches the shell as a C string, which a NUL would end: the rest would be dropped unseen.
        if let cut = commands.firstIndex(where: { $0.unicodeScalars.contains("\0") }) {
            throw fields.error(at: "after[\(cut)]", "an \"after\" command must not contain a NUL character (\\u0000)")
        }
        return commands
    }

    /// `"options"`: template id → option name → value, checked against a manifest only when that template is used.
    private static func readOptionDefaults(
        _ fields: JSONFields
    ) throws(DataFileError) -> [String: [(name: String, value: JSONValue, position: SourcePosition)]] {
        guard let templates = fields.value(at: "options") else { return [:] }
        guard let byTemplate = templates.objectValue else {
            throw fields.error(at: "options", "\"options\" must be an object of template ids")
        }
        var defaults: [String: [(name: String, value: JSONValue, position: SourcePosition)]] = [:]
        for (id, values) in byTemplate where !JSONFields.isComment(id) {
            guard let members = values.objectValue else {
                throw fields.error(at: "options.\(id)", "\"\(id)\" must be an object of option values")
            }
            defaults[id] = members.filter { !JSONFields.isComment($0.key) }.map {
                ($0.key, $0.value, fields.document.position(of: "options.\(id).\($0.key)"))
            }
        }
        return defaults
    }

    /// The config's option defaults for a template, checked against its options.
    public func optionDefaults(for template: any ModuleTemplate) throws(DataFileError) -> [String: OptionValue] {
        var result: [String: OptionValue] = [:]
        for entry in optionDefaults[template.id] ?? [] {
            guard let option = template.option(named: entry.name) else {
                throw DataFileError(
                    fileName: displayPath, position: entry.position,
                    reason: "template '\(template.id)' has no option '\(PrintableText.escaped(entry.name))'"
                        + Suggestion.hint(for: entry.name, among: template.options.map(\.name)))
            }
            let text: String
            switch entry.value {
            case .bool(let value): text = value ? "true" : "false"
            case .string(let value): text = value
            default:
                throw DataFileError(
                    fileName: displayPath, position: entry.position,
                    reason: "option '\(entry.name)' must be \(option.kindDescription), found \(entry.value.kindName)")
            }
            do {
                result[option.name] = try option.value(fromText: text)
            } catch {
                throw DataFileError(fileName: displayPath, position: entry.position, reason: error.message)
            }
        }
        return result
    }
}

extension ModGenConfig {
    /// The `"set"` values a template uses: its parameters' and the header fields'. The config is shared by every
    /// template, so a key the template does not declare is some other template's and is left out; a value for a
    /// parameter it declares is checked like a `--set` value, and its error names where the config writes it.
    public func settings(for template: any ModuleTemplate) throws(DataFileError) -> [String: String] {
        var result: [String: String] = [:]
        let position = { (key: String) in self.settingPositions[key] ?? SourcePosition(line: 1, column: 1) }
        // In file order, so the first bad value in the file is the one reported.
        let keys = settings.keys.sorted { lhs, rhs in
            (position(lhs).line, position(lhs).column, lhs) < (position(rhs).line, position(rhs).column, rhs)
        }
        for key in keys {
            let value = settings[key] ?? ""
            if let parameter = template.parameter(named: key) {
                if parameter.isDefault(value) { continue }
                if let problem = parameter.problem(withValue: value) {
                    throw DataFileError(
                        fileName: displayPath, position: position(key),
                        reason: "set \(key) '\(RelativePath.printable(value))' for template '\(template.id)' is "
                            + problem)
                }
            } else if !ContextNames.headerFields.contains(key) {
                continue
            }
            result[key] = value
        }
        return result
    }

    /// A broken `requires` / `conflicts` rule that only the config's option defaults for the template cause, as
    /// the config's error: at the first of its values the rule involves, else at the template's object.
    package func optionRuleError(_ violation: ConstraintViolation, template: any ModuleTemplate) -> DataFileError {
        let entries = optionDefaults[template.id] ?? []
        let position =
            entries.first { violation.optionNames.contains($0.name) }?.position
            ?? optionObjectPositions[template.id] ?? SourcePosition(line: 1, column: 1)
        return DataFileError(
            fileName: displayPath, position: position, reason: "options for '\(template.id)': \(violation.message)")
    }
}

/// A file the config names that cannot be read: where the config names it, and why.
public struct ConfigReferenceError: ModGenError, Equatable {
    public var configFile: String
    public var position: SourcePosition
    public var reason: String

    public var message: String { "\(configFile):\(position): \(reason)" }
}

/// The config's `"xcodeproj"`: `{ "path": "App.xcodeproj", "targets": ["App"], "testTargets": ["AppTests"] }`.
public struct XcodeProjectSettings: Sendable {
    public var path: URL
    /// The targets a module's files join; empty: the project's only application target.
    public var targets: [String]
    /// The targets the `tests` root's files join; empty: the project's only unit-test target.
    public var testTargets: [String]
    /// Where `targets` and `testTargets` are written (else the object), for errors about the names.
    public var targetsPosition: SourcePosition
    public var testTargetsPosition: SourcePosition
    /// The groups files join where they are not their folders' (a Rambafile's group paths); `nil`: their folders'.
    public var groups: XcodeGroupPaths?

    package init(
        path: URL, targets: [String], testTargets: [String], targetsPosition: SourcePosition,
        testTargetsPosition: SourcePosition
    ) {
        self.path = path
        self.targets = targets
        self.testTargets = testTargets
        self.targetsPosition = targetsPosition
        self.testTargetsPosition = testTargetsPosition
    }

    init?(_ fields: JSONFields, resolve: (String) -> URL) throws(DataFileError) {
        guard let value = fields.value(at: "xcodeproj") else { return nil }
        guard value.objectValue != nil else {
            throw fields.error(
                at: "xcodeproj", "\"xcodeproj\" must be an object with a \"path\", found \(value.kindName)")
        }
        try fields.checkKeys("xcodeproj", allowed: ["path", "targets", "testTargets"], allowingComments: true)
        guard let path = try fields.optionalString("xcodeproj.path"), !path.isEmpty else {
            throw fields.error(at: "xcodeproj", "\"xcodeproj\" needs a \"path\" (the .xcodeproj folder)")
        }
        self.path = resolve(path)
        targets = try fields.strings("xcodeproj.targets")
        testTargets = try fields.strings("xcodeproj.testTargets")
        let objectPosition = fields.document.position(of: "xcodeproj")
        targetsPosition =
            fields.value(at: "xcodeproj.targets") == nil
            ? objectPosition : fields.document.position(of: "xcodeproj.targets")
        testTargetsPosition =
            fields.value(at: "xcodeproj.testTargets") == nil
            ? objectPosition : fields.document.position(of: "xcodeproj.testTargets")
    }
}
