import Foundation
import PackagePlugin

/// Embeds every file under the package's top-level `Templates/` folder into the target as Swift source.
///
/// The input list is recomputed on every build, so adding, editing or removing a template file re-runs the
/// embedder; nothing is embedded that is not in the folder now.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appendingPathComponent("Templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedTemplates.swift")
        let inputs = templateFiles(under: templates)
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) template files",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// Every file and folder below `root`, and `root` itself: a folder's time stamp changes when a file is added
    /// to it, a file's when it is edited.
    private func templateFiles(under root: URL) -> [URL] {
        var paths = [root]
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in walker { paths.append(url) }
        }
        return paths.sorted { $0.path < $1.path }
    }
}
