import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a new `.modgen.json` from its flags, every other setting shown as an example (see `ConfigExample`).
/// Never over an existing file: a config holds a team's decisions, and `init` has nothing to merge them with.
///
/// `modgen init [--template <id>] [--output <dir>] [--support-output <dir>] [--templates <dir>]… [--project <name>]
/// [--author <name>] [--company <name>] [--date-format <pattern>] [--after <command>]… [--xcodeproj <path>
/// [--target <name>]… [--test-target <name>]…] [--config <file>]`
struct InitCommand: FixedOptionsCommand {
    static let template = OptionSpec.value(
        "template", valueName: "id", help: "The template 'modgen new' uses (see 'modgen list').")
    static let output = OptionSpec.value("output", short: "o", valueName: "dir", help: "Where modules go.")
    static let supportOutput = OptionSpec.value(
        "support-output", valueName: "dir", help: "Where 'modgen support' writes the support files.")
    static let project = OptionSpec.value("project", valueName: "name", help: "The header's project.")
    static let author = OptionSpec.value("author", valueName: "name", help: "The header's author.")
    static let company = OptionSpec.value("company", valueName: "name", help: "The header's company.")
    static let dateFormat = OptionSpec.value(
        "date-format", valueName: "pattern", help: "How the header writes its date: a Unicode pattern (dd.MM.yyyy).")
    static let after = OptionSpec.repeatable(
        "after", valueName: "command", help: "A command to run after files are written (repeatable).")
    static let xcodeproj = OptionSpec.value(
        "xcodeproj", valueName: "path",
        help: "The Xcode project 'modgen new' adds modules to (App.xcodeproj); checked now.",
        defaultDescription: "an example: the one .xcodeproj beside the config, with its targets")
    static let target = OptionSpec.repeatable(
        "target", valueName: "name",
        help: "A target the modules' files join (repeatable); default: the project's only application target.")
    static let testTarget = OptionSpec.repeatable(
        "test-target", valueName: "name",
        help: "A test bundle the tests' files join (repeatable); default: the project's only unit-test target.")
    static let file = OptionSpec.value(
        "config", valueName: "file", help: "The config file to create.", defaultDescription: ModGenConfig.fileName)

    static let configuration = CommandSpec(
        name: "init",
        abstract: "Write a new .modgen.json with the project's settings.",
        discussion: """
            The settings the flags give are written as they are; every other one is written as an example under \
            its key with // in front ("//after"), which modgen reads as a comment: remove the // to use it. Paths \
            are written as typed and read relative to the config's folder. An existing file is never replaced \
            (exit code 1).
            """,
        options: [
            template, output, supportOutput, SessionOptions.templates, project, author, company, dateFormat, after,
            xcodeproj, target, testTarget, file, WriteFlags.quiet,
        ] + ColorOption.options
    )

    var example: ConfigExample
    var filePath: String
    /// `--template`: looked up when the command runs, from the folders the config will name.
    var templateID: String?
    var style: ColorOption
    var isQuiet: Bool
    /// `--xcodeproj` as typed, and the targets: checked against the project when the command runs.
    var projectPath: String?
    var targets: [String]
    var testTargets: [String]

    init(_ parsed: ParsedArguments) throws {
        filePath = parsed.value(Self.file) ?? ModGenConfig.fileName
        // The path as typed names the file: one ending in `/`, `.` or `..` names a folder.
        if ["", ".", ".."].contains(Self.fileName(in: filePath)) {
            throw OptionError(
                "\(Self.file.spelling) '\(filePath)' names a folder, not a file (for a config in "
                    + "that folder, add /\(ModGenConfig.fileName))")
        }
        style = ColorOption(parsed)
        isQuiet = parsed.isSet(WriteFlags.quiet)
        example = ConfigExample()
        example.output = parsed.value(Self.output)
        example.supportOutput = parsed.value(Self.supportOutput)
        example.templateDirectories = parsed.values(SessionOptions.templates)
        example.afterCommands = parsed.values(Self.after)
        for spec in [Self.project, Self.author, Self.company] {
            guard let value = parsed.value(spec) else { continue }
            if let problem = HeaderFields.problem(withFieldValue: value) {
                throw OptionError("\(spec.spelling) '\(PrintableText.escaped(value))' \(problem)")
            }
        }
        example.project = parsed.value(Self.project)
        example.author = parsed.value(Self.author)
        example.company = parsed.value(Self.company)
        if let pattern = parsed.value(Self.dateFormat) {
            do {
                _ = try DatePattern(pattern)
            } catch {
                throw OptionError("\(Self.dateFormat.spelling): \(error.message)")
            }
            example.dateFormat = pattern
        }
        if let command = example.afterCommands.first(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw OptionError("\(Self.after.spelling) '\(command)' is empty")
        }
        templateID = parsed.value(Self.template)
        projectPath = parsed.value(Self.xcodeproj)
        targets = parsed.values(Self.target)
        testTargets = parsed.values(Self.testTarget)
        if projectPath == nil, !targets.isEmpty || !testTargets.isEmpty {
            throw OptionError(
                "\(Self.target.spelling) and \(Self.testTarget.spelling) need a project: name it with "
                    + Self.xcodeproj.spelling)
        }
    }

    /// `folder` as the config at `base` names a folder: relative to the config's folder when inside it (as the
    /// config's `templates` are read), else absolute.
    private static func path(of folder: URL, from base: URL) -> String {
        let target = folder.standardizedFileURL.path
        let root = base.standardizedFileURL.path
        if target == root { return "." }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
    }

    /// The project `--xcodeproj` names, checked as `new` checks it: a project that can be read, targets it has, test
    /// targets that are test bundles (one line each, with the candidates). Its path as the config names it.
    private func checkedProject(
        _ path: String, configFolder: URL, io: CommandIO
    ) throws -> ConfigExample.ProjectSetting {
        let project = try XcodeProject.load(at: path, currentDirectory: io.workingDirectory.libraryPath)
        if !targets.isEmpty { _ = try project.targets(named: targets, defaultKind: .application) }
        if !testTargets.isEmpty { _ = try project.targets(named: testTargets, defaultKind: .unitTest) }
        var setting = ConfigExample.ProjectSetting(
            path: Self.path(of: try io.workingDirectory.url(forPath: path), from: configFolder), targets: targets,
            testTargets: testTargets)
        setting.applicationTargets = project.targets.filter(\.isApplication).map(\.name)
        setting.unitTestTargets = project.targets.filter(\.isUnitTestBundle).map(\.name)
        return setting
    }

    /// The example of `"xcodeproj"` when no project is named: the only `.xcodeproj` in the config's folder, with its
    /// application and unit-test targets, when it can be read; `nil` (a made-up example) otherwise.
    static func foundProject(in folder: URL) -> ConfigExample.ProjectSetting? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj" }
        guard projects.count == 1, let name = projects.first,
            let project = try? XcodeProject.load(at: name, currentDirectory: folder.path)
        else { return nil }
        return ConfigExample.ProjectSetting(
            path: name, targets: project.targets.filter(\.isApplication).map(\.name),
            testTargets: project.targets.filter(\.isUnitTestBundle).map(\.name))
    }

    /// The last component of `path` as typed: empty for `foo/`.
    private static func fileName(in path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    func run(io: CommandIO) throws -> ExitCode {
        let url = try io.workingDirectory.url(forPath: filePath)
        var example = example
        if let templateID, TemplateFormats.format(namedByPath: templateID) != nil {
            // A bundle named by its path (`Tools/M.xctemplate`): the config names it by id, and its folder joins
            // the config's template folders, so `new` finds it from wherever it runs.
            let trimmed = templateID.hasSuffix("/") ? String(templateID.dropLast()) : templateID
            let bundle = try io.workingDirectory.url(forPath: trimmed).standardizedFileURL
            example.template = try TemplateCatalog().template(id: bundle.path)
            let folder = Self.path(of: bundle.deletingLastPathComponent(), from: url.deletingLastPathComponent())
            if !example.templateDirectories.contains(folder) { example.templateDirectories.append(folder) }
        } else if let templateID {
            // From the folders the config will name, as `new` will look for it.
            let folder = url.deletingLastPathComponent()
            let directories = example.templateDirectories.map {
                $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0)
            }
            example.template = try TemplateCatalog(userDirectories: directories).template(id: templateID)
        } else {
            example.exampleTemplate = try? TemplateCatalog().template(id: TemplateCatalog.defaultTemplateID)
        }
        let configFolder = url.deletingLastPathComponent()
        if let projectPath {
            example.xcodeProject = try checkedProject(projectPath, configFolder: configFolder, io: io)
        } else {
            example.exampleXcodeProject = Self.foundProject(in: configFolder)
        }
        // Split as typed: the URL's last component may be spelt otherwise (`a//b`), and dropping its length from
        // the typed path would cut elsewhere.
        let name = Self.fileName(in: filePath)
        let folder = String(filePath.dropLast(name.count))
        let outputDirectory = folder.isEmpty ? "." : folder
        let file = RenderedFile(path: name, contents: example.text)
        // A run of one file, with its lock: a second init at the same moment finds this one's file.
        let run = ModuleRun(
            mode: .apply, session: GenerationSession(ignoringConfigFiles: []), records: nil,
            currentDirectory: io.workingDirectory.libraryPath, shown: io.workingDirectory.shown)
        let result = try run.carryOut([
            .generate(
                GeneratedFiles(
                    moduleName: nil, files: [file], placement: FilePlacement(outputDirectory: outputDirectory),
                    policy: .refuse))
        ])
        // Written only when new: the same text there already is a config too, and one `init` did not write.
        guard result.requests[0].plan.entries.allSatisfy({ $0.action == .create }) else {
            throw ConfigExistsError(path: filePath)
        }
        if isQuiet { return .success }
        let verb = style.style(for: io).paintVerb("create", for: .create)
        io.writeOutput(
            "\(verb) \(filePath)\nEdit it: keys that start with // are examples; remove the // to use one.\n")
        return .success
    }
}

/// `modgen init` where a config exists (exit 1, nothing written).
struct ConfigExistsError: ModGenError, ReportedError {
    var path: String

    var message: String {
        "'\(path)' exists; modgen init never replaces a config, so nothing was written (edit it, or remove it first)"
    }
    var exitCode: ExitCode { .differences }
}
