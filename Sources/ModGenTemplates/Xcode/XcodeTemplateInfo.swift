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
    public var options: [XcodeOption] {
        didSet { indexByIdentifier = Self.index(of: options) }
    }
    /// Each option's place in `options`, so that looking one up does not cost a walk through all of them.
    private var indexByIdentifier: [String: Int]

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
        indexByIdentifier = Self.index(of: options)
    }

    public func option(_ identifier: String) -> XcodeOption? {
        indexByIdentifier[identifier].map { options[$0] }
    }

    /// The first option with each identifier (the plist reader refuses a second one).
    private static func index(of options: [XcodeOption]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, option) in options.enumerated() where index[option.identifier] == nil {
            index[option.identifier] = position
        }
        return index
    }

    /// Whether the options pick one sub-folder of the bundle as the template (SPEC §4), rather than the whole bundle.
    public var selectsFolder: Bool { options.contains { $0.kind.selectsFolder } }

    /// The option `<Name>` fills, as Xcode's dialog asks for it (SPEC §5): `productName` when it is text, else the
    /// first text option its `Default` reaches through static and hidden options' `Default`s; `nil` when there is
    /// no `productName` option (`<Name>` is then the product name itself) or it reaches no text option.
    public var nameBoundOption: String? {
        guard let product = option("productName") else { return nil }
        if product.kind == .text { return product.identifier }
        return firstTextOption(reachedFrom: product)
    }

    /// The first text option met walking depth-first through the options `option`'s `Default` refers to, through
    /// static and hidden options. The walk keeps its own stack: a chain of `Default`s can be as long as the plist.
    private func firstTextOption(reachedFrom option: XcodeOption) -> String? {
        var visited: Set<String> = [option.identifier]
        /// The options each `Default` on the way refers to, and how many of them have been looked at.
        var stack: [(targets: [String], next: Int)] = [(referencedOptions(of: option), 0)]
        while let top = stack.last {
            guard top.next < top.targets.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let identifier = top.targets[top.next]
            guard let target = self.option(identifier), visited.insert(identifier).inserted else { continue }
            if target.kind == .text { return identifier }
            if !target.kind.isSettable { stack.append((referencedOptions(of: target), 0)) }
        }
        return nil
    }

    private func referencedOptions(of option: XcodeOption) -> [String] {
        XcodeMacroText.references(in: option.defaultValue).compactMap { reference in
            reference.name.hasPrefix("VARIABLE_") ? String(reference.name.dropFirst("VARIABLE_".count)) : nil
        }
    }
}
