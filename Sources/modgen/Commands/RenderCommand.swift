import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders one template with JSON data and prints exactly the result: a way to try the engine, and templates,
/// without a manifest.
///
/// `modgen render <template-file> [--data <json-file>] [--partials <dir>] [--escape <escape>] [--strict]`
struct RenderCommand: FixedOptionsCommand {
    static let templateFile = ArgumentSpec(name: "template-file", help: "The Mustache template to render.")
    static let data = OptionSpec.value(
        "data", valueName: "json-file",
        help: "A JSON file with the data to render, or '-' for standard input. Without it the data is an empty "
            + "object.")
    static let partials = OptionSpec.value(
        "partials", valueName: "dir", help: "The folder partials are read from.",
        defaultDescription: "the template's folder")
    static let escape = OptionSpec.choice(
        "escape", values: ["html", "none"], defaultValue: "none",
        help: "How {{name}} escapes the values it inserts; {{{name}}} never escapes.")
    static let strict = OptionSpec.flag(
        "strict", help: "Fail on a missing partial or a variable that is not in the data.")

    static let configuration = CommandSpec(
        name: "render",
        abstract: "Render one Mustache template with JSON data.",
        discussion: """
            Prints the rendered text and nothing else. Partials and parents ({{> name}}, {{< name}}) are read from \
            <dir>/<name>.mustache. As the Mustache specification says, a missing partial renders as nothing and a \
            missing variable as an empty string; --strict makes both errors, as they are in 'modgen new'.
            """,
        arguments: [templateFile],
        options: [data, partials, escape, strict]
    )

    var templatePath: String
    /// `--data` as typed: a file, `-` for standard input, or `nil` for an empty object.
    var dataPath: String?
    var partialsDirectory: String?
    var options: MustacheRenderOptions

    init(_ parsed: ParsedArguments) throws {
        templatePath = try parsed.required(Self.templateFile)
        dataPath = parsed.value(Self.data)
        partialsDirectory = parsed.value(Self.partials)
        let strict = parsed.isSet(Self.strict)
        options = MustacheRenderOptions(
            escaping: parsed.value(Self.escape) == "html" ? .html : .none,
            strictPartials: strict, strictVariables: strict)
    }

    /// Files are read from the working folder; messages name them as typed.
    func run(io: CommandIO) throws -> ExitCode {
        let folder = io.workingDirectory
        let templateText = try TextFile.readText(
            atPath: folder.absolutePath(templatePath), shownAs: templatePath, acceptsPipe: true)
        let template = try MustacheTemplate(templateText, name: templatePath)
        let data = try readData(io: io)
        let partialsDirectory: String
        if let directory = self.partialsDirectory {
            try TextFile.requireDirectory(atPath: folder.absolutePath(directory), shownAs: directory)
            partialsDirectory = directory
        } else {
            let parent = templatePath.deletingLastPathComponent
            partialsDirectory = parent.isEmpty ? "." : parent
        }
        let partials = DirectoryPartials(directory: try folder.url(forPath: partialsDirectory))
        io.writeOutput(try template.render(MustacheValue(json: data), partials: partials, options: options))
        return .success
    }

    /// The parsed JSON data; an empty object without `--data`.
    private func readData(io: CommandIO) throws -> JSONValue {
        guard let path = dataPath else { return .object([]) }
        if path == "-" {
            let text = try TextFile.decodeUTF8(io.readInput(), fileName: "<stdin>")
            return try JSONDocument(parsing: text, fileName: "<stdin>").root
        }
        // Named on the command line: a pipe is what the user means (`--data <(jq …)`).
        let text = try TextFile.readText(
            atPath: io.workingDirectory.absolutePath(path), shownAs: path, acceptsPipe: true)
        return try JSONDocument(parsing: text, fileName: path).root
    }
}
