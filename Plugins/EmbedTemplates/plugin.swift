import Foundation
import PackagePlugin

/// Embeds every file under the package's top-level `Templates/` folder into the target as Swift source.
///
/// Every file and folder below `Templates/` is an input, so adding or editing a template file re-runs the embedder.
/// SwiftPM keeps a plugin's list of inputs until the package graph changes, so after *removing* a file the build
/// reports the missing input once: `swift package clean` (documented in the README) starts afresh.
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
        if let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        {
            for case let url as URL in walker { paths.append(url) }
        }
        return paths.sorted { $0.path < $1.path }
    }
}
