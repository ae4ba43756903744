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

/// What an after-generate hook is told, in its environment (modgen's own, plus these):
///
/// - `MODGEN_NAME`: the module name (empty for `support`)
/// - `MODGEN_TEMPLATE`: the template id
/// - `MODGEN_OUTPUT`: the output folder, absolute
/// - `MODGEN_ROOTS`: the names of the output roots placed for the run, one a line; each root's folder, absolute,
///   in `MODGEN_ROOT_<NAME>` (the name in capitals, `-` as `_`: `ui-tests` in `MODGEN_ROOT_UI_TESTS`)
/// - `MODGEN_FILES_LIST`: a temporary file holding the files created or overwritten, absolute, one a line; it is
///   removed when the last hook has run
/// - `MODGEN_FILES`: the same list, when it is at most `inlineFilesLimit` bytes; unset when longer, since a
///   process's environment is limited (a run writing hundreds of files would otherwise start no hook at all)
/// - `MODGEN_CONFIG_DIR`: the folder the hook runs in (see `ShellProcess`)
/// - `MODGEN_XCODEPROJ`: the Xcode project the files were added to (`--xcodeproj`), absolute; empty without one
struct HookEnvironment {
    /// The longest `MODGEN_FILES` is set to: far below what one variable may hold on Linux (128 KiB) and what the
    /// whole environment may hold on macOS (1 MiB).
    static let inlineFilesLimit = 32 * 1024

    private(set) var variables: [String: String]
    /// The `MODGEN_FILES_LIST` file.
    let fileList: String

    init(run: AfterGenerateHooks.Run, written: [WriteEntry], io: CommandIO) throws {
        let workingDirectory = io.workingDirectory
        func absolute(_ directory: String) throws -> String {
            try workingDirectory.url(forPath: directory).standardizedFileURL.path
        }
        let output = try absolute(run.outputDirectory)
        var roots: [String: String] = [:]
        for (name, directory) in run.report.rootDirectories { roots[name] = try absolute(directory) }
        // A file of a named root is under that root's folder, not the output folder.
        let files = written.map { entry in
            let directory = entry.root.flatMap { roots[$0] } ?? output
            return URL(fileURLWithPath: directory).appendingPathComponent(entry.path).path
        }
        let list = files.joined(separator: "\n")
        fileList = try Self.writeFileList(list + "\n", temporaryDirectory: io.environment["TMPDIR"])

        variables = io.environment
        variables["MODGEN_NAME"] = run.moduleName ?? ""
        variables["MODGEN_TEMPLATE"] = run.templateID
        variables["MODGEN_OUTPUT"] = output
        variables["MODGEN_XCODEPROJ"] = run.xcodeProject ?? ""
        variables["MODGEN_ROOTS"] = roots.keys.sorted().joined(separator: "\n")
        for (name, folder) in roots { variables[Self.rootVariable(name)] = folder }
        variables["MODGEN_FILES_LIST"] = fileList
        variables["MODGEN_FILES"] = list.utf8.count <= Self.inlineFilesLimit ? list : nil
    }

    /// `MODGEN_ROOT_UI_TESTS` for the root `ui-tests`: root names are lowercase letters, digits and `-`
    /// (`OutputRootName`), so two roots never share a variable.
    static func rootVariable(_ name: String) -> String {
        "MODGEN_ROOT_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    func removeFileList() {
        unlink(fileList)
    }

    /// Writes `text` to a new file only this user can read, in `temporaryDirectory` (else `/tmp`).
    private static func writeFileList(_ text: String, temporaryDirectory: String?) throws(HookError) -> String {
        let folder = temporaryDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
        template += Array("modgen-files.XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else {
            throw HookError.fileListNotWritten(path: path, reason: TextFile.systemErrorDescription(errno))
        }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = errno
                unlink(path)
                throw HookError.fileListNotWritten(path: path, reason: TextFile.systemErrorDescription(error))
            }
            bytes = bytes.dropFirst(count)
        }
        return path
    }
}
