import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Lists the templates `new` can use, one a line: `<id>  <summary>`, ids padded so the summaries line up. A user
/// template says where it comes from, and whether it replaces a built-in one, at the end of its line.
///
/// `modgen list [--templates <dir>]… [--config <file>]`
struct ListCommand: FixedOptionsCommand {
    static let configuration = CommandSpec(
        name: "list",
        abstract: "List the available templates.",
        discussion: """
            One template a line: its id and summary. A user template (from --templates or the config) ends with \
            the folder it comes from; one with the id of a built-in template replaces it.
            """,
        options: SessionOptions.options + [TemplateJSON.option]
    )

    var sessionOptions: SessionOptions
    var printsJSON: Bool

    init(_ parsed: ParsedArguments) {
        sessionOptions = SessionOptions(parsed)
        printsJSON = parsed.isSet(TemplateJSON.option)
    }

    func run(io: CommandIO) throws -> ExitCode {
        let session = try sessionOptions.session(
            in: io.workingDirectory, environment: io.environment, gitMode: .lockedOrLastResolved)
        let summaries = try session.catalog.summaries()
        let builtInIDs = Set(try TemplateCatalog().summaries().map(\.id))
        if printsJSON {
            io.writeOutput(TemplateJSON.list(summaries, builtInIDs: builtInIDs).prettyPrinted + "\n")
            return .success
        }
        let width = summaries.map(\.id.count).max() ?? 0
        var lines: [String] = []
        for template in summaries {
            var line = template.id.padded(to: width) + "  " + template.summary
            // Xcode's dialog groups bundles by the folder holding them; so does the list.
            if let category = template.category { line += " [\(category)]" }
            if case .directory(let folder) = template.source {
                let replaces = builtInIDs.contains(template.id) ? ", replacing the built-in one" : ""
                line += " (from \(io.workingDirectory.shown(folder))\(replaces))"
            }
            lines.append(line)
        }
        // Summaries and folders come from templates: shown, never acted on by the terminal.
        io.writeOutput(PrintableText.escapedLines(lines.map { $0 + "\n" }.joined()))
        return .success
    }
}
