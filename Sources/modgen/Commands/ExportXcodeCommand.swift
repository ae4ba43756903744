import ModGenKit

/// Writes a template as an Xcode file template bundle, so the same template serves Xcode's New File dialog.
///
/// `modgen export-xcode <template> [--output <dir>] [--force | --skip-existing] [--dry-run | --check] [--quiet]
/// [--templates <dir>]… [--config <file>]`
struct ExportXcodeCommand: FixedOptionsCommand {
    static let template = ArgumentSpec(name: "template", help: "The template id (see 'modgen list').")

    static let configuration = CommandSpec(
        name: "export-xcode",
        abstract: "Write a template as an Xcode file template bundle (<id>.xctemplate).",
        discussion: """
            The bundle holds TemplateInfo.plist (a required text option for the module name, a popup per choice, \
            a checkbox per flag, shown only while its requires and conflicts rules hold) and one sub-folder per \
            combination of choices and flags, named as Xcode picks it, with the module's files written with \
            Xcode's macros: ___VARIABLE_productName___ for the module name, ___FILEBASENAME___ in file names, \
            //___FILEHEADER___ for the header. Parameters keep their defaults; support files are not exported. \
            Every combination is checked to expand to what 'modgen new' writes; a template Xcode cannot express \
            (a case-converted name, a text option that decides a section or a file, rules that are not a list of \
            required values) is refused with the file and the value named, and nothing is written. The bundle is \
            written as 'new' writes a module: conflicts, --force, --dry-run and --check work the same; the config's \
            after-generate hooks are not run. A hidden list beside the bundle (.<id>.xctemplate.modgen-files) names what it holds: exporting again \
            removes (with --force) the files the template no longer writes, and --check reports them; files \
            modgen did not write there are left alone.
            """,
        arguments: [template],
        // No after-generate hooks: the bundle is a template for Xcode, not code of the project they build.
        options: WriteFlags.options.filter { $0.name != WriteFlags.noHooks.name }.map {
            $0 == WriteFlags.output ? output : $0
        } + SessionOptions.options
    )

    /// A bundle is a tool for Xcode, not a source of the app: it never goes to the config's `output` (the folder
    /// modules go to, inside an app target), only where `--output` says, else the current folder.
    static let output = WriteFlags.output.describingDefault("the current folder")

    var templateID: String
    var writing: WriteFlags
    var sessionOptions: SessionOptions

    init(_ parsed: ParsedArguments) throws {
        templateID = try parsed.required(Self.template)
        writing = try WriteFlags(parsed)
        writing.runsHooks = false
        sessionOptions = SessionOptions(parsed)
    }

    func run(io: CommandIO) throws -> ExitCode {
        let session = try sessionOptions.session(in: io.workingDirectory, environment: io.environment)
        let template = try session.catalog.template(id: templateID)
        let exporter = XcodeBundleExporter(template: template)
        let files = try exporter.export()
        return try writing.perform(
            files,
            for: .init(
                moduleName: nil, template: template, configOutput: nil, ownedFolder: exporter.bundleName),
            session: session, io: io)
    }
}
