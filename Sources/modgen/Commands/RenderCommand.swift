import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Command {
    /// `modgen render <template-file> [--data <json-file>] [--partials <dir>] [--escape <escape>] [--strict]`
    static let render = Command(spec: RenderCommand.spec, run: RenderCommand.run)
}

/// Renders one template with JSON data and prints exactly the result: a way to try the engine, and templates,
/// without a manifest.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render one Mustache template with JSON data.",
        discussion: """
            Prints the rendered text and nothing else. Partials and parents ({{> name}}, {{< name}}) are read from \
            <dir>/<name>.mustache. As the Mustache specification says, a missing partial renders as nothing and a \
            missing variable as an empty string; --strict makes both errors, as they are in 'modgen new'.
            """,
        arguments: [ArgumentSpec(name: "template-file", help: "The Mustache template to render.")],
        options: [
            .value(
                "data", valueName: "json-file",
                help: "A JSON file with the data to render, or '-' for standard input. Without it the data is an empty "
                    + "object."),
            .value(
                "partials", valueName: "dir", help: "The folder partials are read from.",
                defaultDescription: "the template's folder"),
            .choice(
                "escape", values: ["html", "none"], defaultValue: "none",
                help: "How {{name}} escapes the values it inserts; {{{name}}} never escapes."),
            .flag("strict", help: "Fail on a missing partial or a variable that is not in the data."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        // The spec makes the argument required, so the parser has already rejected a command line without it.
        let templatePath = arguments.argument("template-file") ?? ""
        let template = try MustacheTemplate(TextFile.readText(atPath: templatePath), name: templatePath)
        let data = try readData(arguments.value("data"), io: io)
        let partialsDirectory: String
        if let directory = arguments.value("partials") {
            try TextFile.requireDirectory(atPath: directory)
            partialsDirectory = directory
        } else {
            let parent = templatePath.deletingLastPathComponent
            partialsDirectory = parent.isEmpty ? "." : parent
        }
        let strict = arguments.flag("strict") ?? false
        let options = MustacheRenderOptions(
            escaping: arguments.value("escape") == "html" ? .html : .none,
            strictPartials: strict, strictVariables: strict)
        let partials = DirectoryPartials(directory: URL(fileURLWithPath: partialsDirectory, isDirectory: true))
        io.writeOutput(try template.render(MustacheValue(json: data), partials: partials, options: options))
        return .success
    }

    /// The parsed JSON data; an empty object without `--data`.
    private static func readData(_ path: String?, io: CommandIO) throws -> JSONValue {
        guard let path else { return .object([]) }
        if path == "-" {
            let text = try TextFile.decodeUTF8(io.readInput(), fileName: "<stdin>")
            return try JSONDocument(parsing: text, fileName: "<stdin>").root
        }
        return try JSONDocument(parsing: TextFile.readText(atPath: path), fileName: path).root
    }
}
