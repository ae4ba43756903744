import Foundation
import PackagePlugin

/// Runs the modgen that SwiftPM picked from the artifact bundle for this machine, with the plugin's arguments and
/// `--output` in the plugin's work folder (which needs no permission to write), and says which binary ran.
@main struct GenerateModule: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let modgen = try context.tool(named: "modgen")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Modules").path
        print("tool: \(modgen.url.path)")
        print("output: \(output)")
        let process = Process()
        process.executableURL = modgen.url
        process.arguments = arguments + ["--output", output]
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("modgen exited with \(process.terminationStatus)")
            throw ModgenFailed()
        }
    }
}

struct ModgenFailed: Error {}
