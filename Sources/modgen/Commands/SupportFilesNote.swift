import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// After `new` writes a module, a one-line note when the module needs support files (`modgen support`) that are
/// not where projects keep them, naming the command that writes them; a module without them does not compile.
///
/// Where they are looked for, by the path `modgen support` gives them: in the config's `supportOutput`, in the
/// output folder, and in its parent folder, each with its subfolders one level down — `<output>/Support` as well as
/// `Sources/Support` beside `Sources/Modules`. Only file existence is checked, in at most `folderLimit` subfolders
/// of each folder, so the note costs a few directory listings. A support file found anywhere there counts, whatever
/// its contents: the note is a reminder, not a check.
enum SupportFilesNote {
    /// Subfolders looked into per folder, in name order: enough for a project's layout, cheap in a folder like /tmp.
    static let folderLimit = 64

    /// The note for the module `new` wrote as `generation` says, or nil when every support file its options give
    /// is found, or the template has none for them.
    static func note(for generation: GenerationOptions, io: CommandIO) throws -> String? {
        let supportFiles = try generation.renderer().renderSupport(generation.request(moduleName: nil, io: io))
        guard !supportFiles.isEmpty else { return nil }
        let config = generation.flags.session.config
        let shownOutput = generation.writing.outputDirectory(
            configOutput: config.output, workingDirectory: io.workingDirectory)
        let configSupport = config.supportOutput?.path
        let folders = searchedFolders(
            output: try io.workingDirectory.absolutePath(shownOutput), configSupport: configSupport)
        let missing = supportFiles.map(\.path).filter { path in
            !folders.contains { FileStatus.isDirectory(atPath: "\($0)/\(path)") == false }
        }
        guard !missing.isEmpty else { return nil }
        let command =
            ["modgen", "support", generation.template.id] + optionArguments(of: generation)
            + (configSupport == nil ? ["--output", shownOutput == "." ? "Support" : "\(shownOutput)/Support"] : [])
            + (try projectArguments(of: generation, io: io))
        let names = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
        return PrintableText.escaped(
            "note: the module needs support files not found in or beside its folder (\(names)); "
                + "write them once with: \(ShellWord.commandLine(command))")
    }

    /// The folders a support file may lie in: the config's support folder, the output folder and its parent, and
    /// the subfolders of the last two.
    private static func searchedFolders(output: String, configSupport: String?) -> [String] {
        let parent = URL(fileURLWithPath: output).deletingLastPathComponent().path
        var folders = configSupport.map { [$0] } ?? []
        for folder in [output, parent] {
            folders.append(folder)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            var subfolders = 0
            for entry in entries.sorted() where !entry.hasPrefix(".") && subfolders < folderLimit {
                let path = "\(folder)/\(entry)"
                if FileStatus.isDirectory(atPath: path) == true {
                    folders.append(path)
                    subfolders += 1
                }
            }
        }
        return folders
    }

    /// The project flags that put the support files where the module went: the project and the targets it joined,
    /// as typed or configured (none named: the project's only application target, as for the module), or
    /// `--xcodeproj none` when the run left the config's project alone.
    private static func projectArguments(of generation: GenerationOptions, io: CommandIO) throws -> [String] {
        let config = generation.flags.session.config
        guard
            let membership = try generation.xcodeProject.request(
                config: config, workingDirectory: io.workingDirectory)
        else {
            return config.xcodeProject == nil
                ? [] : [XcodeProjectOptions.xcodeproj.spelling, XcodeProjectOptions.noProject]
        }
        func names(_ names: ProjectMembership.Names) -> [String] {
            switch names {
            case .typed(let names), .config(let names, _): names
            }
        }
        return [XcodeProjectOptions.xcodeproj.spelling, membership.path]
            + names(membership.targets).flatMap { [XcodeProjectOptions.target.spelling, $0] }
            + names(membership.testTargets).flatMap { [XcodeProjectOptions.testTarget.spelling, $0] }
    }

    /// The template options given on the command line, as `modgen support` takes them, in manifest order.
    private static func optionArguments(of generation: GenerationOptions) -> [String] {
        generation.template.options.flatMap { option -> [String] in
            switch generation.templateOptions[option.name] {
            case .flag(let on): return [on ? "--\(option.flagName)" : "--no-\(option.flagName)"]
            case .choice(let value), .text(let value): return ["--\(option.flagName)", value]
            case nil: return []
            }
        }
    }
}
