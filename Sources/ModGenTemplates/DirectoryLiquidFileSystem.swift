import ModGenCore
import ModGenLiquid

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where Liquid's `include` and `render` read templates: `<directory>/<prefix><name>.liquid` (`render --partials`
/// uses no prefix; Generamba's templates keep theirs in `snippets/`). A name must be a plain relative path, and with
/// a `box` the file's real path must stay inside it: a template never reads outside its folder. Errors name the
/// file; a missing one is Ruby liquid's "No such template".
public struct DirectoryLiquidFileSystem: LiquidFileSystem {
    public let directory: URL
    /// How messages name the directory: as the user typed it, or a template's relative folder.
    public let shownAs: String
    public let prefix: String
    /// The folder no template may lead out of through a symbolic link; `nil` for a folder the user names.
    public let box: ContainmentFolder?
    /// Each template parsed once for every render through this file system (and its copies).
    private let partials = LiquidPartialCache()

    public init(directory: URL, shownAs: String? = nil, prefix: String = "", inside box: ContainmentFolder? = nil) {
        self.directory = directory
        self.shownAs = shownAs ?? directory.path
        self.prefix = prefix
        self.box = box
    }

    /// `<shownAs>/<prefix><name>.liquid`.
    public func displayName(forTemplateNamed name: String) -> String {
        (shownAs == "." ? "" : shownAs.hasSuffix("/") ? shownAs : shownAs + "/") + "\(prefix)\(name).liquid"
    }

    public func parsedTemplate(named name: String, maximumNesting: Int) throws(LiquidError) -> LiquidTemplate {
        try partials.template(named: name, maximumNesting: maximumNesting, in: self)
    }

    public func readTemplate(named name: String) throws(LiquidError) -> String {
        if let problem = RelativePath.problem(with: name, inside: "the templates folder") {
            throw LiquidError(
                templateName: shownAs, line: 0, column: 0,
                message: "template name '\(RelativePath.printable(name))' must be a relative path inside the "
                    + "templates folder: \(problem)")
        }
        let file = directory.appendingPathComponent("\(prefix)\(name).liquid")
        let shown = displayName(forTemplateNamed: name)
        guard FileStatus.entryExists(atPath: file.path) else {
            throw LiquidError(templateName: shown, line: 0, column: 0, message: "No such template '\(name)' (\(shown))")
        }
        let bytes: [UInt8]
        do {
            bytes = try TextFile.readBytes(atPath: file.path, shownAs: shown, inside: box)
        } catch {
            throw LiquidError(templateName: shown, line: 0, column: 0, message: error.message)
        }
        do {
            return try TextFile.decodeUTF8(bytes, fileName: shown)
        } catch {
            throw LiquidError(
                templateName: shown, line: error.position.line, column: error.position.column, message: error.reason)
        }
    }
}
