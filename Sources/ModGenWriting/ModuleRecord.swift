import ModGenCore

/// What generated one module, kept in `.modgen/modules/<Name>.json` beside the config so that `modgen update` can
/// render the module's old version again and merge: the template, the exact template version (the name of its
/// recorded copy), the value of every option, the `--set` values, the header fields with the date used, and where
/// the files went.
///
/// The text is a function of the record alone: keys sorted at every level, two spaces per level, one member a
/// line, a final newline. One file per module keeps records of modules added on two branches apart in a merge.
public struct ModuleRecord: Equatable, Sendable {
    /// The only format this version reads and writes; a record of a later format is refused by name.
    public static let formatVersion = 1

    public var module: String
    public var template: String
    /// Where a user template was found, relative like `output`: the template is looked up there when the
    /// catalog (the config's and the command line's template folders) no longer has its id. `nil` for built-ins.
    public var templateFolder: String?
    /// The SHA-256 of the template's files: its copy lives in `.modgen/templates/<templateVersion>/`.
    public var templateVersion: String
    /// Every option's value as rendered: `true`/`false` for a flag, a string for a choice or a text.
    public var options: [String: JSONValue]
    /// The `--set` values the module was rendered with (the config's `set` values included).
    public var settings: [String: String]
    /// `project`, `author`, `company` and `date` as rendered.
    public var header: [String: String]
    /// The output folder, relative to the folder that holds `.modgen` (`.` for that folder itself).
    public var output: String
    /// Each named output root's folder, relative like `output`.
    public var roots: [String: String]
    /// The Xcode project the module's files joined, and its targets; `nil` for a module in no project.
    public var project: RecordedProject?
    /// The app target's product module name the module was rendered with (`GenerationEnvironment.targetModule`):
    /// rendered with it again, so an update or a removal sees the files as they were generated.
    public var targetModule: String?

    public init(
        module: String, template: String, templateVersion: String, options: [String: JSONValue],
        settings: [String: String], header: [String: String], output: String, roots: [String: String],
        templateFolder: String? = nil, project: RecordedProject? = nil
    ) {
        self.templateFolder = templateFolder
        self.project = project
        self.module = module
        self.template = template
        self.templateVersion = templateVersion
        self.options = options
        self.settings = settings
        self.header = header
        self.output = output
        self.roots = roots
    }

    /// The record as written to its file.
    public var text: String {
        func sorted(_ values: [String: JSONValue]) -> JSONValue {
            .object(values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        }
        func strings(_ values: [String: String]) -> JSONValue { sorted(values.mapValues { .string($0) }) }
        var root: [String: JSONValue] = [
            "formatVersion": .integer(Self.formatVersion), "module": .string(module), "template": .string(template),
            "templateVersion": .string(templateVersion), "options": sorted(options), "set": strings(settings),
            "header": strings(header), "output": .string(output), "roots": strings(roots),
        ]
        if let templateFolder { root["templateFolder"] = .string(templateFolder) }
        if let targetModule { root["targetModule"] = .string(targetModule) }
        if let project {
            var members: [String: JSONValue] = [
                "path": .string(project.path), "targets": .array(project.targets.map { .string($0) }),
                "testTargets": .array(project.testTargets.map { .string($0) }),
            ]
            if let groups = project.groups {
                var paths: [String: JSONValue] = ["logical": .bool(groups.logical)]
                for (key, side) in [("code", groups.code), ("tests", groups.tests)] {
                    guard let side else { continue }
                    paths[key] = sorted([
                        "path": .string(side.path), "differsFromFolder": .bool(side.differsFromFolder),
                    ])
                }
                members["groups"] = sorted(paths)
            }
            root["xcodeproj"] = sorted(members)
        }
        return sorted(root).prettyPrinted + "\n"
    }

    /// Reads a record; every problem names the file, line and column of the value at fault.
    public init(parsing text: String, fileName: String) throws(DataFileError) {
        let fields = JSONFields(document: try JSONDocument(parsing: text, fileName: fileName))
        try fields.checkKeys(
            "",
            allowed: [
                "formatVersion", "module", "template", "templateVersion", "options", "set", "header", "output", "roots",
                "templateFolder", "xcodeproj", "targetModule",
            ], allowingComments: false)
        guard fields.value(at: "formatVersion") == .integer(Self.formatVersion) else {
            throw fields.error(
                at: "formatVersion", "unknown record format (this modgen reads format \(Self.formatVersion))")
        }
        module = try fields.string("module")
        if let problem = SwiftIdentifier.problem(with: module) {
            throw fields.error(at: "module", "module name '\(module)' \(problem)")
        }
        template = try fields.string("template")
        templateFolder = try fields.optionalString("templateFolder")
        templateVersion = try fields.string("templateVersion")
        guard ModuleRecords.isVersionName(templateVersion) else {
            throw fields.error(at: "templateVersion", "expected 64 lowercase hexadecimal digits (a SHA-256)")
        }
        options = [:]
        for (name, value) in try Self.members(fields, "options") {
            switch value {
            case .bool, .string: options[name] = value
            default:
                throw fields.error(at: "options.\(name)", "expected true, false or a string, found \(value.kindName)")
            }
        }
        settings = try Self.strings(fields, "set")
        header = try Self.strings(fields, "header")
        try fields.checkKeys("header", allowed: ["project", "author", "company", "date"], allowingComments: false)
        // The header is a comment at the top of every file `update` renders: a record is held to what the command
        // line and the config are (a line break would end the comment and make the rest code).
        for (name, value) in header {
            let problem =
                name == "date"
                ? (value.isEmpty ? nil : CalendarDate.problem(with: value))
                : PrintableText.oneLineProblem(value).map { "header field '\(name)' \($0)" }
            if let problem { throw fields.error(at: "header.\(name)", problem) }
        }
        output = try fields.string("output")
        roots = try Self.strings(fields, "roots")
        // Written as Swift code (`@testable import …`): nothing but an identifier.
        targetModule = try fields.optionalString("targetModule")
        if let targetModule, let problem = SwiftIdentifier.problem(with: targetModule) {
            throw fields.error(at: "targetModule", "module name '\(PrintableText.escaped(targetModule))' \(problem)")
        }
        if fields.value(at: "xcodeproj") != nil {
            try fields.checkKeys(
                "xcodeproj", allowed: ["path", "targets", "testTargets", "groups"], allowingComments: false)
            project = RecordedProject(
                path: try fields.string("xcodeproj.path"), targets: try fields.strings("xcodeproj.targets"),
                testTargets: try fields.strings("xcodeproj.testTargets"), groups: try Self.groups(fields))
        }
        let projectPath = project.map { [("xcodeproj.path", $0.path)] } ?? []
        let folders = [("output", output)] + roots.map { ("roots.\($0.key)", $0.value) } + projectPath
        for (path, value) in folders + (templateFolder.map { [("templateFolder", $0)] } ?? []) {
            if let problem = Self.problem(withFolder: value) { throw fields.error(at: path, problem) }
        }
    }

    /// The Xcode project a module joined: its `.xcodeproj` (relative like `output`) and the names of the targets its
    /// files joined (the `tests` root's files the test targets), so `update` adds new files where the others are.
    public struct RecordedProject: Equatable, Sendable {
        public var path: String
        public var targets: [String]
        public var testTargets: [String]
        /// The groups its files joined where those are not their folders' (a Rambafile's group paths).
        public var groups: XcodeGroupPaths?

        public init(path: String, targets: [String], testTargets: [String], groups: XcodeGroupPaths? = nil) {
            self.path = path
            self.targets = targets
            self.testTargets = testTargets
            self.groups = groups
        }
    }

    /// `xcodeproj.groups`: `{"code": {"path", "differsFromFolder"}, "tests": {…}, "logical"}`, each side optional.
    private static func groups(_ fields: JSONFields) throws(DataFileError) -> XcodeGroupPaths? {
        guard fields.value(at: "xcodeproj.groups") != nil else { return nil }
        try fields.checkKeys("xcodeproj.groups", allowed: ["code", "tests", "logical"], allowingComments: false)
        var sides: [XcodeGroupPaths.Side?] = []
        for key in ["code", "tests"] {
            let base = "xcodeproj.groups.\(key)"
            guard fields.value(at: base) != nil else {
                sides.append(nil)
                continue
            }
            try fields.checkKeys(base, allowed: ["path", "differsFromFolder"], allowingComments: false)
            let path = try fields.string(base + ".path")
            // Group names, joined by `/`: no empty name, nothing that is not one line of text.
            if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty)
                || PrintableText.oneLineProblem(path) != nil
            {
                throw fields.error(at: base + ".path", "expected group names joined by '/'")
            }
            sides.append(
                XcodeGroupPaths.Side(
                    path: path, differsFromFolder: try fields.bool(base + ".differsFromFolder") ?? false))
        }
        return XcodeGroupPaths(
            code: sides[0], tests: sides[1], logical: try fields.bool("xcodeproj.groups.logical") ?? false)
    }

    /// A recorded folder is absolute (outside the project), or relative inside it, without `..`.
    private static func problem(withFolder path: String) -> String? {
        if path == "." || path.hasPrefix("/") { return nil }
        return RelativePath.problem(with: path, inside: "the project folder")
    }

    private static func members(_ fields: JSONFields, _ key: String) throws(DataFileError) -> [(String, JSONValue)] {
        guard let value = fields.value(at: key) else { throw fields.error(at: "", "missing '\(key)'") }
        guard let members = value.objectValue else {
            throw fields.error(at: key, "expected an object, found \(value.kindName)")
        }
        return members.map { ($0.key, $0.value) }
    }

    private static func strings(_ fields: JSONFields, _ key: String) throws(DataFileError) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in try members(fields, key) {
            guard let text = value.stringValue else {
                throw fields.error(at: "\(key).\(name)", "expected a string, found \(value.kindName)")
            }
            result[name] = text
        }
        return result
    }
}
