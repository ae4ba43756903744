import ModGenCore

/// Turns the template files a run selects into output files (SPEC §3, §4): macros expanded in every path
/// component (the product name standing for `FILENAME`/`FILEBASENAME`) and in every text file (that output
/// file's own name standing for them); a file that is not UTF-8 or holds a NUL byte is copied byte for byte.
public struct XcodeFileRendering {
    public var bundle: String
    public var info: XcodeTemplateInfo
    public var files: XcodeBundleFiles
    public var settings: XcodeMacroSettings

    public init(bundle: String, info: XcodeTemplateInfo, files: XcodeBundleFiles, settings: XcodeMacroSettings) {
        self.bundle = bundle
        self.info = info
        self.files = files
        self.settings = settings
    }

    /// The output files for `resolved`, read with `read` (a template file's path relative to the bundle → bytes),
    /// in template-file order; warnings (macros left as written) are appended to `warnings`.
    public func render(
        _ resolved: XcodeOptionValues, read: (String) throws -> [UInt8], warnings: inout [XcodeWarning]
    ) throws -> [RenderedFile] {
        let log = XcodeWarningLog()
        defer { warnings += log.warnings }
        let budget = XcodeExpansionBudget()
        var rendered: [RenderedFile] = []
        var sourceOfOutput: [String: String] = [:]
        for (file, relative) in try files.selection(folder: info.folderName(for: resolved), bundle: bundle) {
            let output = try outputPath(of: relative, file: file, resolved: resolved, log: log, budget: budget)
            if let other = sourceOfOutput.updateValue(file, forKey: output) {
                throw XcodeTemplateError.samePath(bundle: bundle, first: other, second: file, output: output)
            }
            let bytes = try read(file)
            guard let text = Self.text(of: bytes) else {
                rendered.append(RenderedFile(path: output, bytes: bytes))
                continue
            }
            let fileName = String(output.split(separator: "/").last ?? "")
            let contents = try scope(resolved, fileName: fileName, file: file, log: log, budget: budget).expand(text)
            rendered.append(RenderedFile(path: output, contents: contents))
        }
        return rendered
    }

    /// The path below the output folder: each component expanded on its own, and refused unless it is still one
    /// plain name (a macro must not climb out with `..` or start over at `/`).
    private func outputPath(
        of relative: String, file: String, resolved: XcodeOptionValues, log: XcodeWarningLog,
        budget: XcodeExpansionBudget
    ) throws -> String {
        let names = scope(resolved, fileName: nil, file: file, log: log, budget: budget)
        var components: [String] = []
        for component in relative.split(separator: "/") {
            let expanded = try names.expand(String(component))
            if let reason = Self.problem(withName: expanded) {
                throw XcodeTemplateError.unsafeName(
                    bundle: bundle, templatePath: file, expanded: expanded, reason: reason)
            }
            components.append(expanded)
        }
        let path = components.joined(separator: "/")
        if let problem = RelativePath.problem(with: path, inside: "the output folder") {
            throw XcodeTemplateError.unsafeName(bundle: bundle, templatePath: file, expanded: path, reason: problem)
        }
        return path
    }

    private static func problem(withName name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name == "." || name == ".." { return "which would leave its folder" }
        if name.hasPrefix("/") { return "an absolute path" }
        if name.contains("/") { return "a name holding '/'" }
        return nil
    }

    /// The macros of the template file `file` (its name, or its contents when `fileName` is given).
    private func scope(
        _ resolved: XcodeOptionValues, fileName: String?, file: String, log: XcodeWarningLog,
        budget: XcodeExpansionBudget
    ) -> XcodeMacroScope {
        XcodeMacroScope(
            settings: settings, bundle: bundle, fileName: fileName, source: "\(bundle)/\(file)",
            productName: { resolved.productName }, variable: { resolved.values[$0] }, warnings: log, budget: budget)
    }

    /// The file as text, or `nil` when it is to be copied as it is: not valid UTF-8, or holding a NUL byte.
    static func text(of bytes: [UInt8]) -> String? {
        if bytes.contains(0) { return nil }
        return try? TextFile.decodeUTF8(bytes, fileName: "")
    }
}
