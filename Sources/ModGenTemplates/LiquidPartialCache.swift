import ModGenLiquid
import ModGenMustache

/// The partials a Liquid file system has parsed, so that `include` and `render` parse each once for all the renders
/// through that file system (a Generamba template's files share its `snippets/`) rather than once per render. It
/// holds only what its own file system read, so the file system's closed box still decides what can be read; it
/// keeps at most `maximumTemplates`, and parses any beyond that each time, as before.
final class LiquidPartialCache: @unchecked Sendable {
    static let maximumTemplates = 256

    private struct Key: Hashable {
        var name: String
        var maximumNesting: Int
    }

    private let lock = Lock()
    private var templates: [Key: LiquidTemplate] = [:]

    /// The parsed template `name`: from the cache, or from `fileSystem` (cached when it parses).
    func template(
        named name: String, maximumNesting: Int, in fileSystem: some LiquidFileSystem
    ) throws(LiquidError) -> LiquidTemplate {
        let key = Key(name: name, maximumNesting: maximumNesting)
        if let cached = lock.withLock({ templates[key] }) { return cached }
        // Parsed outside the lock: two renders asking at once may both parse, and keep the same template.
        let template = try fileSystem.readAndParseTemplate(named: name, maximumNesting: maximumNesting)
        lock.withLock {
            if templates.count < Self.maximumTemplates { templates[key] = template }
        }
        return template
    }
}
