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
        let session = try sessionOptions.session(in: io.workingDirectory)
        let template = try session.catalog.template(id: templateID)
        let flags = TemplateFlags(session: session, template: template)
        if printsJSON {
            io.writeOutput(TemplateJSON.describe(template, flags: flags.options).prettyPrinted + "\n")
            return .success
        }
        let paths = SamplePaths(template: template, renderer: session.renderer(for: template))
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
        if !template.options.isEmpty {
            let entries = zip(template.options, flags.options).map { option, spec in
                describe(
                    option, label: HelpFormatter.helpLabel(of: spec), files: template.files,
                    supportFiles: template.supportFiles, paths: paths)
            }
            sections.append("OPTIONS:\n" + entries.joined())
        }
        if !template.parameters.isEmpty {
            let entries = template.parameters.map { parameter in
                let defaultText = parameter.defaultTemplate.isEmpty ? "empty" : parameter.defaultTemplate
                return "  \(parameter.name)\n" + wrapped("\(parameter.kindDescription); default: \(defaultText)")
                    + wrapped(parameter.help)
            }
            sections.append("PARAMETERS (--set <name>=<value>):\n" + entries.joined())
        }
        if !template.roots.isEmpty {
            let entries = template.roots.map { root in
                let count = (template.files + template.supportFiles).filter { $0.root == root }.count
                return "  \(root)  (\(count == 1 ? "1 file" : "\(count) files"), shown as \(root):<path>)\n"
            }
            sections.append(
                "OUTPUT ROOTS (place each with --root <name>=<dir> or the config's \"roots\"):\n" + entries.joined())
        }
        sections.append("FILES:\n" + fileLines(template.files.map { (paths.shown($0, support: false), $0.when) }))
        if !template.supportFiles.isEmpty {
            let lines = fileLines(template.supportFiles.map { (paths.shown($0, support: true), $0.when) })
            sections.append("SUPPORT FILES ('modgen support \(template.id)'):\n" + lines)
        }
        return sections.joined(separator: "\n")
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
            for file in list {
                guard let condition = file.when, condition.optionNames.contains(option.name) else { continue }
                text += "\(padding)\(kind) \(paths.shown(file, support: support)) when \(condition)\n"
            }
        }
        return text
    }

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

    /// One line per file, conditions in a column after the longest path.
    private static func fileLines(_ files: [(path: String, when: Condition?)]) -> String {
        let width = files.map(\.path.count).max() ?? 0
        return files.map { file in
            guard let condition = file.when else { return "  \(file.path)\n" }
            return "  " + file.path.padded(to: width) + "  when \(condition)\n"
        }.joined()
    }

    private static func wrapped(_ text: String, indent: Int = indent) -> String {
        text.isEmpty ? "" : HelpFormatter.wrap(text, width: width, indent: indent) + "\n"
    }
}
