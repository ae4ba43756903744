/// What a bundle's `TemplateInfo.plist` says: its kind, the texts Xcode's dialog shows, and its options in order.
/// Keys that only shape Xcode's dialog are kept for `describe` and change nothing in a run.
public struct XcodeTemplateInfo: Equatable, Sendable {
    public var kind: String
    public var description: String
    public var summary: String
    public var sortOrder: String
    public var platforms: [String]
    public var mainTemplateFiles: [String]
    public var allowedTypes: [String]
    public var defaultCompletionName: String
    public var options: [XcodeOption]

    public init(
        kind: String, description: String = "", summary: String = "", sortOrder: String = "",
        platforms: [String] = [], mainTemplateFiles: [String] = [], allowedTypes: [String] = [],
        defaultCompletionName: String = "", options: [XcodeOption] = []
    ) {
        self.kind = kind
        self.description = description
        self.summary = summary
        self.sortOrder = sortOrder
        self.platforms = platforms
        self.mainTemplateFiles = mainTemplateFiles
        self.allowedTypes = allowedTypes
        self.defaultCompletionName = defaultCompletionName
        self.options = options
    }

    public func option(_ identifier: String) -> XcodeOption? {
        options.first { $0.identifier == identifier }
    }

    /// Whether the options pick one sub-folder of the bundle as the template (SPEC §4), rather than the whole bundle.
    public var selectsFolder: Bool { options.contains { $0.kind.selectsFolder } }

    /// The option `<Name>` fills, as Xcode's dialog asks for it (SPEC §5): `productName` when it is text, else the
    /// first text option its `Default` reaches through static and hidden options' `Default`s; `nil` when there is
    /// no `productName` option (`<Name>` is then the product name itself) or it reaches no text option.
    public var nameBoundOption: String? {
        guard let product = option("productName") else { return nil }
        if product.kind == .text { return product.identifier }
        var visited: Set<String> = [product.identifier]
        return firstTextOption(reachedFrom: product, visited: &visited)
    }

    private func firstTextOption(reachedFrom option: XcodeOption, visited: inout Set<String>) -> String? {
        for reference in XcodeMacroText.references(in: option.defaultValue) where reference.name.hasPrefix("VARIABLE_")
        {
            let identifier = String(reference.name.dropFirst("VARIABLE_".count))
            guard let target = self.option(identifier), visited.insert(identifier).inserted else { continue }
            if target.kind == .text { return identifier }
            if !target.kind.isSettable, let found = firstTextOption(reachedFrom: target, visited: &visited) {
                return found
            }
        }
        return nil
    }
}
