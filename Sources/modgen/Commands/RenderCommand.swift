import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders one template with JSON data and prints exactly the result: a way to try the engines, and templates,
/// without a manifest. A `.liquid` file is rendered with the Liquid engine (Ruby liquid 5.4's behaviour, as
/// Generamba's templates expect), anything else with Mustache, unless `--engine` says otherwise.
///
/// `modgen render <template-file> [--data <json-file>] [--partials <dir>] [--engine <engine>] [--escape <escape>]
/// [--strict]`
struct RenderCommand: FixedOptionsCommand {
    enum Engine: String {
        case mustache, liquid
    }

    static let templateFile = ArgumentSpec(name: "template-file", help: "The Mustache or Liquid template to render.")
    static let data = OptionSpec.value(
        "data", valueName: "json-file",
        help: "A JSON file with the data to render, or '-' for standard input. Without it the data is an empty "
            + "object.")
    static let partials = OptionSpec.value(
        "partials", valueName: "dir",
        help: "The folder partials (<name>.mustache) or included templates (<name>.liquid) are read from.",
        defaultDescription: "the template's folder")
    static let engine = OptionSpec.choice(
        "engine", values: ["mustache", "liquid"],
        help: "The template engine; by default Liquid for a .liquid file, Mustache otherwise.")
    static let escape = OptionSpec.choice(
        "escape", values: ["html", "none"], defaultValue: "none",
        help: "How {{name}} escapes the values it inserts; {{{name}}} never escapes (Mustache only).")
    static let strict = OptionSpec.flag(
        "strict", help: "Fail on a missing partial or a variable that is not in the data (Mustache only).")

    static let configuration = CommandSpec(
        name: "render",
        abstract: "Render one Mustache or Liquid template with JSON data.",
        discussion: """
            Prints the rendered text and nothing else. Partials and parents ({{> name}}, {{< name}}) are read from \
            <dir>/<name>.mustache. As the Mustache specification says, a missing partial renders as nothing and a \
            missing variable as an empty string; --strict makes both errors, as they are in 'modgen new'. A Liquid \
            template renders as Ruby's liquid 5.4 does (Generamba's engine), {% include 'name' %} and \
            {% render 'name' %} reading <dir>/<name>.liquid; where Ruby's liquid would print an error into the \
            output, modgen stops with it.
            """,
        arguments: [templateFile],
        options: [data, partials, engine, escape, strict]
    )

    var templatePath: String
    /// `--data` as typed: a file, `-` for standard input, or `nil` for an empty object.
    var dataPath: String?
    var partialsDirectory: String?
    var options: MustacheRenderOptions
    var engine: Engine

    init(_ parsed: ParsedArguments) throws {
        templatePath = try parsed.required(Self.templateFile)
        dataPath = parsed.value(Self.data)
        partialsDirectory = parsed.value(Self.partials)
        engine =
            parsed.value(Self.engine).flatMap(Engine.init(rawValue:))
            ?? (templatePath.hasSuffix(".liquid") ? .liquid : .mustache)
        if engine == .liquid {
            if parsed.value(Self.escape) != nil { throw UsageError.notForEngine(option: "--escape", engine: "Liquid") }
            if parsed.isSet(Self.strict) { throw UsageError.notForEngine(option: "--strict", engine: "Liquid") }
        }
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
        // The template is checked before the data is read, so a broken template is reported first.
        let mustache = engine == .mustache ? try MustacheTemplate(templateText, name: templatePath) : nil
        let liquid = engine == .liquid ? try LiquidTemplate(source: templateText, name: templatePath) : nil
        let data = try readData(io: io)
        let partialsDirectory: String
        if let directory = self.partialsDirectory {
            try TextFile.requireDirectory(atPath: folder.absolutePath(directory), shownAs: directory)
            partialsDirectory = directory
        } else {
            let parent = templatePath.deletingLastPathComponent
            partialsDirectory = parent.isEmpty ? "." : parent
        }
        let partialsURL = try folder.url(forPath: partialsDirectory)
        if let template = mustache {
            let partials = DirectoryPartials(directory: partialsURL)
            io.writeOutput(try template.render(MustacheValue(json: data), partials: partials, options: options))
        } else if let template = liquid {
            guard case .hash(let context) = LiquidValue(json: data) else {
                throw DataFileError(
                    fileName: dataPath == "-" ? "<stdin>" : dataPath ?? "",
                    position: SourcePosition(line: 1, column: 1),
                    reason: "the data for a Liquid template must be a JSON object")
            }
            var variables: [String: LiquidValue] = [:]
            for (key, value) in context.entries { variables[key] = value }
            io.writeOutput(
                try template.render(
                    variables, fileSystem: DirectoryLiquidFileSystem(directory: partialsURL, shownAs: partialsDirectory)
                ))
        }
        return .success
    }

    /// The parsed JSON data; an empty object without `--data`.
    private func readData(io: CommandIO) throws -> JSONValue {
        guard let path = dataPath else { return .object([]) }
        if path == "-" {
            let text = try TextFile.decodeUTF8(io.readInput(), fileName: "<stdin>")
            return try JSONDocument(parsing: text, fileName: "<stdin>", keepingBigIntegers: true).root
        }
        // Named on the command line: a pipe is what the user means (`--data <(jq …)`).
        let text = try TextFile.readText(
            atPath: io.workingDirectory.absolutePath(path), shownAs: path, acceptsPipe: true)
        return try JSONDocument(parsing: text, fileName: path, keepingBigIntegers: true).root
    }
}
