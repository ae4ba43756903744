import ModGenCore
import ModGenMustache
import ModGenTemplates
import ModGenWriting

/// Turns a modgen template into an Xcode file template bundle (SPEC §6): `<id>.xctemplate/TemplateInfo.plist` and one
/// sub-folder per combination of choices and flags, named as Xcode picks it (SPEC §4), holding the module's files
/// rendered with macros where Xcode fills in values: `___VARIABLE_productName___` for the module name in files,
/// `___FILEBASENAME___` in file and folder names, `___VARIABLE_<option>___` for text options, and
/// `//___FILEHEADER___` for the header. Parameters keep their defaults (Xcode's dialog has no `--set`).
///
/// Every combination is checked (`XcodeExportCheck`): a template Xcode cannot express is refused, naming the file and
/// the value, rather than exported wrong. Only the module's own files are exported (a file of a named output root,
/// `tests`, has no place in an Xcode file template), and options that decide only such files are left out of the
/// dialog (`XcodeExportedOptions.leftOut`). Lives in the generation layer: it renders templates, and hands back
/// `RenderedFile`s for the same write plan as `modgen new`.
public struct XcodeBundleExporter {
    public let template: any ModuleTemplate

    public init(template: any ModuleTemplate) {
        self.template = template
    }

    /// The bundle's folder name: `viper.xctemplate` (Xcode shows it as the template's name).
    public var bundleName: String { "\(template.id).xctemplate" }

    /// The header partial of exported files: Xcode writes the header there.
    static let headerText = "//___FILEHEADER___\n"

    /// The bundle's files, paths relative to the output folder (`viper.xctemplate/…`).
    public func export() throws -> [RenderedFile] {
        let options = try XcodeExportedOptions(template: template)
        let renderer = template.makeRenderer(headerPartial: try MustacheTemplate(Self.headerText, name: "FILEHEADER"))
        let check = XcodeExportCheck(template: template, options: options, renderer: renderer)
        var folders: [(name: String, files: [RenderedFile], selection: OptionValues)] = []
        for selection in options.allSelections() {
            var values = options.completed(selection)
            for (name, text) in check.placeholder.texts { values[name] = .text(text) }
            guard template.constraintViolations(in: values).isEmpty else { continue }
            let files = try check.render(selection, check.placeholder)
            try check.verify(selection, placeholderFiles: files)
            try check.verifyLeftOut(selection, placeholderFiles: files)
            let name = options.folderName(for: selection)
            if let existing = folders.first(where: { $0.name == name }) {
                guard existing.files == files else {
                    throw XcodeExportError(
                        definitionPath: template.definitionPath,
                        reason:
                            "\(describe(existing.selection, options)) and \(describe(selection, options)) both pick "
                            + "the sub-folder '\(name)' but generate different files")
                }
                continue
            }
            folders.append((name, files, selection))
        }
        // Whatever a user picks in Xcode's dialog must find its sub-folder.
        let names = Set(folders.map(\.name))
        if let missing = options.allSelections().first(where: { !names.contains(options.folderName(for: $0)) }) {
            throw XcodeExportError(
                definitionPath: template.definitionPath,
                reason: "Xcode's dialog would let a user pick \(describe(missing, options)), which the template refuses"
            )
        }
        let info = RenderedFile(
            path: "\(bundleName)/TemplateInfo.plist",
            contents: PropertyListWriter.xml(XcodeExportedTemplateInfo.value(for: options)))
        let inSubfolders = !options.selectionOptions.isEmpty
        // Sub-folders in name order, as a file browser lists them.
        let bundleFiles =
            [info]
            + folders.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.flatMap { folder in
                folder.files.map { file in
                    let path = file.path.replacing(XcodeExportedOptions.moduleNameMacro, with: "___FILEBASENAME___")
                    return RenderedFile(
                        path: inSubfolders ? "\(bundleName)/\(folder.name)/\(path)" : "\(bundleName)/\(path)",
                        bytes: file.bytes)
                }
            }
        // Last, listing the others: a later export removes what the template no longer writes, and only that.
        return bundleFiles + [WrittenFilesIndex.file(for: bundleName, listing: bundleFiles)]
    }

    private func describe(_ selection: OptionValues, _ options: XcodeExportedOptions) -> String {
        options.selectionOptions.map { "\($0.name)=\(selection[$0.name]?.text ?? "")" }.joined(separator: ", ")
    }
}
