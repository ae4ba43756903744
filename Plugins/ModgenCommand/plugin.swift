import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory modgen <arguments>…` in a package that depends on modgen:
/// runs the modgen executable SwiftPM builds for the plugin, with the same arguments as the command line and the
/// package's folder as the working folder, so `--output Sources/App/Modules` and the package's `.modgen.json` mean
/// what they mean in a shell at the package's root. modgen's output and errors pass through unchanged, and a run
/// that fails fails the plugin with modgen's exit status.
@main
struct ModgenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try runModgen(try context.tool(named: "modgen").url, arguments, in: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same command from Xcode's project menu (File ▸ Packages, or the project's context menu): the working
    /// folder is the Xcode project's, where its `.modgen.json` is. Arguments come from the plugin's scheme.
    extension ModgenCommand: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try runModgen(try context.tool(named: "modgen").url, arguments, in: context.xcodeProject.directoryURL)
        }
    }
#endif

/// modgen exited with a non-zero status; it has printed why.
struct ModgenFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "modgen exited with status \(status)" }
}

private func runModgen(_ executable: URL, _ arguments: [String], in folder: URL) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        throw ModgenFailed(status: process.terminationStatus)
    }
}
