import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Explains a template from its manifest: its options (flag, kind, default, help, rules, and the files each one
/// decides), its parameters, and every file with the condition under which it is written.
///
/// `modgen describe <template> [--templates <dir>]… [--config <file>]`
struct DescribeCommand: FixedOptionsCommand {
    static let template = ArgumentSpec(name: "template", help: "The template id (see 'modgen list').")

    static let configuration = CommandSpec(
        name: "describe",
        abstract: "Show a template's options, parameters and files.",
        discussion: """
            Conditions, requirements and conflicts are shown in the manifest's syntax, with option names as the \
            manifest writes them (flowController for --flow-controller). Paths are shown for the sample name with \
            the options' defaults (Home/HomePresenter.swift); a path that cannot be rendered so is shown as the \
            manifest writes it.
            """,
        arguments: [template],
        options: SessionOptions.options + [TemplateJSON.option]
    )

    var templateID: String
    var sessionOptions: SessionOptions
    var printsJSON: Bool

    init(_ parsed: ParsedArguments) throws {
        templateID = try parsed.required(Self.template)
        sessionOptions = SessionOptions(parsed)
        printsJSON = parsed.isSet(TemplateJSON.option)
    }

    private static let width = 80
    private static let indent = 6

    func run(io: CommandIO) throws -> ExitCode {
        let session = try sessionOptions.session(
            in: io.workingDirectory, environment: io.environment, gitMode: .lockedOrLastResolved)
        let template = try session.catalog.template(id: templateID)
        let flags = TemplateFlags(session: session, template: template)
        if printsJSON {
            io.writeOutput(TemplateJSON.describe(template, flags: flags.options).prettyPrinted + "\n")
            return .success
        }
        let paths = SamplePaths(
            template: template, renderer: session.renderer(for: template), header: session.config.header)
        io.writeOutput(Self.describe(template, flags: flags, paths: paths, shownFrom: io.workingDirectory))
        return .success
    }

    /// The description; a template folder's path is shown relative to `workingDirectory`.
    static func describe(
        _ template: any ModuleTemplate, flags: TemplateFlags, paths: SamplePaths = SamplePaths(),
        shownFrom workingDirectory: WorkingDirectory
    ) -> String {
        let origin =
            switch template.source {
            case .builtIn: template.source.origin
            case .directory(let folder), .recorded(let folder): workingDirectory.shown(folder)
            }
        var sections = [
            wrapped("\(template.id): \(template.summary)", indent: 0)
                + "from: \(origin)\nsample name: \(template.sampleName)\n"
        ]
        // Read once: a format may work out its files' conditions each time they are asked for.
        let files = template.files
        let supportFiles = template.supportFiles
        if !template.options.isEmpty {
            let entries = zip(template.options, flags.options).map { option, spec in
                describe(
                    option, label: HelpFormatter.helpLabel(of: spec), files: files, supportFiles: supportFiles,
                    paths: paths)
            }
            sections.append("OPTIONS:\n" + entries.joined())
        }
        if !template.parameters.isEmpty {
            let entries = template.parameters.map { parameter in
                return "  \(parameter.name)\n"
                    + wrapped("\(parameter.kindDescription); \(paths.shownDefault(of: parameter))")
                    + wrapped(parameter.help)
            }
            sections.append("PARAMETERS (--set <name>=<value>):\n" + entries.joined())
        }
        if !template.roots.isEmpty {
            let entries = template.roots.map { root in
                let count = (files + supportFiles).filter { $0.root == root }.count
                return "  \(root)  (\(count == 1 ? "1 file" : "\(count) files"), shown as \(root):<path>)\n"
            }
            sections.append(
                "OUTPUT ROOTS (place each with --root <name>=<dir> or the config's \"roots\"):\n" + entries.joined())
        }
        if !files.isEmpty || supportFiles.isEmpty {
            sections.append("FILES:\n" + fileLines(files.map { (paths.shown($0, support: false), $0.when) }))
        }
        if !supportFiles.isEmpty {
            let lines = fileLines(supportFiles.map { (paths.shown($0, support: true), $0.when) })
            sections.append("SUPPORT FILES ('modgen support \(template.id)'):\n" + lines)
        }
        // Summaries, help, values and paths come from the template: shown, never acted on by the terminal.
        return PrintableText.escapedLines(sections.joined(separator: "\n"))
    }

    /// The option's flag and manifest name, kind and default, help, rules, and the files whose condition names it.
    private static func describe(
        _ option: TemplateOption, label: String, files: [TemplateFile], supportFiles: [TemplateFile],
        paths: SamplePaths
    ) -> String {
        var text = "  \(label)" + (option.flagName == option.name ? "" : "  (\(option.name))") + "\n"
        text += wrapped("\(option.kindDescription); default: \(defaultText(of: option))")
        text += wrapped(option.help)
        for rule in option.requires { text += wrapped("requires \(rule.condition)" + reasonText(rule.reason)) }
        for rule in option.conflicts { text += wrapped("conflicts with \(rule.condition)" + reasonText(rule.reason)) }
        // Not wrapped: a path is one word, and a path template can be longer than a line.
        let padding = String(repeating: " ", count: indent)
        for (kind, list, support) in [("writes", files, false), ("support: writes", supportFiles, true)] {
            let decided = list.filter { $0.when?.optionNames.contains(option.name) == true }
            // An Xcode bundle's sub-folders give every file a condition on every popup: one line, not fifty.
            if decided.count > maxFilesListedPerOption {
                let section = support ? "SUPPORT FILES" : "FILES"
                text += wrapped(
                    "decides which of \(decided.count) \(support ? "support " : "")files are written (see \(section))")
                continue
            }
            for file in decided {
                text +=
                    "\(padding)\(kind) \(paths.shown(file, support: support)) when \(file.when.map { "\($0)" } ?? "")\n"
            }
        }
        return text
    }

    /// How many files an option's entry lists one by one; more are summed up in one line.
    private static let maxFilesListedPerOption = 8

    private static func defaultText(of option: TemplateOption) -> String {
        switch option.kind {
        case .flag(let on): return on ? "on" : "off"
        case .choice(_, let value): return value
        case .text(let value, let sample):
            return (value.isEmpty ? "empty" : value) + (sample.map { " (snapshot sample: \($0))" } ?? "")
        }
    }

    private static func reasonText(_ reason: String?) -> String {
        reason.map { ": \($0)" } ?? ""
    }

    /// One line per file, conditions in a column after the longest path. Files in a row that share a folder and a
    /// condition (an Xcode bundle's sub-folder, which the options select as a whole) are one entry instead: the
    /// folder and condition, then the file names, wrapped.
    private static func fileLines(_ files: [(path: String, when: Condition?)]) -> String {
        var groups: [(folder: String?, when: Condition?, paths: [String])] = []
        for file in files {
            let folder = file.path.firstIndex(of: "/").map { String(file.path[..<$0]) }
            if let last = groups.last, last.folder != nil, last.folder == folder, last.when == file.when {
                groups[groups.count - 1].paths.append(file.path)
            } else {
                groups.append((folder, file.when, [file.path]))
            }
        }
        let singles = groups.filter { $0.paths.count < minFilesGrouped }.flatMap(\.paths)
        let width = singles.map(\.count).max() ?? 0
        return groups.map { group in
            guard let folder = group.folder, let condition = group.when, group.paths.count >= minFilesGrouped else {
                return group.paths.map { path in
                    guard let condition = group.when else { return "  \(path)\n" }
                    return "  " + path.padded(to: width) + "  when \(condition)\n"
                }.joined()
            }
            let names = group.paths.map { String($0.dropFirst(folder.count + 1)) }
            return "  \(folder)/  when \(condition)\n" + wrapped(names.joined(separator: ", "))
        }.joined()
    }

    /// How many files in a row with one folder and one condition are shown as one entry.
    private static let minFilesGrouped = 3

    private static func wrapped(_ text: String, indent: Int = indent) -> String {
        text.isEmpty ? "" : HelpFormatter.wrap(text, width: width, indent: indent) + "\n"
    }
}
