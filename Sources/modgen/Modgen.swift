import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct Modgen {
    /// The version `modgen --version` prints; the only place it is written.
    static let version = "0.1.0"

    static let tool = CommandLineTool(
        spec: CommandSpec(
            name: "modgen",
            abstract: "Generate source code modules from Mustache templates.",
            discussion: ""
        ),
        version: version,
        commands: [
            NewCommand.self, SupportCommand.self, ListCommand.self, DescribeCommand.self, SnapshotCommand.self,
            RenderCommand.self, InitCommand.self, ExportXcodeCommand.self, UpdateCommand.self, RemoveCommand.self,
            MoveCommand.self, RenameCommand.self, MergeProjectCommand.self, SetupMergeDriverCommand.self,
            UpdateTemplatesCommand.self,
        ]
    )

    static func main() {
        StandardStreams.prepareProcess()
        exit(tool.run(Array(CommandLine.arguments.dropFirst()), io: .standard))
    }
}
