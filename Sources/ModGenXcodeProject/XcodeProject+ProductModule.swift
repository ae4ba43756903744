import ModGenCore

extension XcodeProject {
    /// The module name `target`'s Swift code is compiled into, which tests name in `@testable import`: its
    /// `PRODUCT_MODULE_NAME`, else its `PRODUCT_NAME` made an identifier as Xcode's default
    /// `$(PRODUCT_NAME:c99extidentifier)` does (`ProductModuleName`), where `PRODUCT_NAME` is by default
    /// `$(TARGET_NAME)`.
    ///
    /// Each setting is looked up where Xcode looks, first found wins: the target's default configuration (its
    /// `defaultConfigurationName`, else the first), the `.xcconfig` file it is based on, the project's configuration
    /// of that name, its `.xcconfig` (`#include`s followed). `$(TARGET_NAME)`, `$(PRODUCT_NAME)` and their
    /// `:c99extidentifier` forms are resolved. `nil` when the answer cannot be known from the files: a value with
    /// another macro (`$(inherited)`, `$(SDK_NAME)`) or modifier, a setting conditional on the SDK or architecture,
    /// an `.xcconfig` that cannot be read. modgen does not guess a module name.
    public func productModuleName(of target: ProjectTarget) -> String? {
        guard let targetObject = graph.document.objects[target.id] else { return nil }
        let levels = buildSettingLevels(of: targetObject)
        func setting(_ name: String) -> Lookup {
            for level in levels {
                switch level.value(of: name) {
                case .notSet: continue
                case let found: return found
                }
            }
            return .notSet
        }
        var macros = ["TARGET_NAME": target.name]
        var productName = target.name
        switch setting("PRODUCT_NAME") {
        case .unknown: return nil
        case .notSet: break
        case .value(let written):
            guard let expanded = Self.expanding(written, macros: macros) else { return nil }
            productName = expanded
        }
        macros["PRODUCT_NAME"] = productName
        switch setting("PRODUCT_MODULE_NAME") {
        case .unknown: return nil
        case .notSet:
            // A name Xcode makes with letters outside ASCII is refused like a written one: generated code names it.
            let name = ProductModuleName.from(productName)
            return name.isEmpty || SwiftIdentifier.problem(with: name) != nil ? nil : name
        case .value(let written):
            guard let expanded = Self.expanding(written, macros: macros), SwiftIdentifier.problem(with: expanded) == nil
            else { return nil }
            return expanded
        }
    }

    /// What one level says about a setting.
    enum Lookup: Equatable {
        case notSet
        case value(String)
        /// The level may set it, but how cannot be read (an `.xcconfig` that cannot be read, a condition).
        case unknown
    }

    /// One place build settings are written: a configuration's `buildSettings`, or an `.xcconfig` file's lines.
    struct SettingLevel {
        var settings: [String: Lookup]
        /// When the whole level cannot be read: every setting is unknown.
        var isUnreadable = false

        func value(of name: String) -> Lookup {
            isUnreadable ? .unknown : settings[name] ?? .notSet
        }
    }

    /// The levels a target's settings come from, highest precedence first.
    private func buildSettingLevels(of target: ProjectObject) -> [SettingLevel] {
        let objects = graph.document.objects
        func configuration(of object: ProjectObject, named name: String?) -> ProjectObject? {
            guard let listID = object.string("buildConfigurationList"), let list = objects[listID] else { return nil }
            let configurations = list.strings("buildConfigurations").compactMap { objects[$0] }
            let wanted = name ?? list.string("defaultConfigurationName")
            return configurations.first { $0.string("name") == wanted } ?? (name == nil ? configurations.first : nil)
        }
        let targetConfiguration = configuration(of: target, named: nil)
        let projectConfiguration = configuration(
            of: graph.document.rootObject, named: targetConfiguration?.string("name"))
        var levels: [SettingLevel] = []
        for configuration in [targetConfiguration, projectConfiguration].compactMap({ $0 }) {
            var settings: [String: Lookup] = [:]
            for entry in configuration.list("buildSettings")?.entries ?? [] {
                // `NAME[sdk=iphoneos*]`: which one applies depends on the build.
                let name = entry.key.split(separator: "[", maxSplits: 1).first.map(String.init) ?? entry.key
                settings[name] =
                    entry.key.contains("[") ? .unknown : entry.value.string.map(Lookup.value) ?? .unknown
            }
            levels.append(SettingLevel(settings: settings))
            if let reference = configuration.string("baseConfigurationReference") {
                levels.append(configurationFile(reference))
            }
        }
        return levels
    }

    /// The settings of the `.xcconfig` file reference `id` names.
    private func configurationFile(_ id: String) -> SettingLevel {
        let path = graph.referencesByPath.first { $0.value.contains { $0.id == id } }.flatMap {
            graph.referencedPaths[$0.key]
        }
        guard let path else { return SettingLevel(settings: [:], isUnreadable: true) }
        var settings: [String: Lookup] = [:]
        guard Self.readConfigurationFile(at: path, into: &settings, depth: 0) else {
            return SettingLevel(settings: [:], isUnreadable: true)
        }
        return SettingLevel(settings: settings)
    }

    /// `#include`s nested deeper than this are not followed (the level is then unreadable): a file including itself.
    static let configurationIncludeDepth = 16

    /// Reads the `NAME = value` lines of an `.xcconfig` (later ones win, `#include "file"` read where it stands,
    /// `#include?` skipped when missing); false when it, or a file it includes, cannot be read.
    static func readConfigurationFile(at path: String, into settings: inout [String: Lookup], depth: Int) -> Bool {
        guard depth < configurationIncludeDepth, let text = try? TextFile.readText(atPath: path) else { return false }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            // `//` starts a comment anywhere on the line, in a value too, as Xcode reads it.
            if let comment = line.indices.first(where: { line[$0...].hasPrefix("//") }) { line = line[..<comment] }
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                let parts = line.split(separator: "\"")
                guard parts.count >= 2 else { return false }
                let included = String(parts[1])
                let target = included.hasPrefix("/") ? included : folder + "/" + included
                if optional, FileStatus.isDirectory(atPath: target) == nil { continue }
                guard readConfigurationFile(at: target, into: &settings, depth: depth + 1) else { return false }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: " \t")
            let value = line[line.index(after: equals)...].trimmingCharacters(in: " \t;")
            let name = key.split(separator: "[", maxSplits: 1).first.map(String.init) ?? key
            guard !name.isEmpty else { continue }
            settings[name] = key.contains("[") ? .unknown : .value(value)
        }
        return true
    }

    /// `value` with `$(NAME)`, `${NAME}` and `$(NAME:c99extidentifier)` of `macros` replaced; `nil` when it holds
    /// any other macro or modifier (`$(inherited)`, a setting of an `.xcconfig`), whose value the project file does
    /// not give.
    static func expanding(_ value: String, macros: [String: String]) -> String? {
        var result = ""
        var rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            let closing: [Character: Character] = ["(": ")", "{": "}"]
            guard afterDollar < rest.endIndex, let close = closing[rest[afterDollar]],
                let end = rest[afterDollar...].firstIndex(of: close)
            else { return nil }
            let reference = rest[rest.index(after: afterDollar)..<end].split(
                separator: ":", omittingEmptySubsequences: false
            ).map(String.init)
            guard let macro = reference.first.flatMap({ macros[$0] }) else { return nil }
            let modifiers = Array(reference.dropFirst())
            if modifiers.isEmpty {
                result += macro
            } else if modifiers == ["c99extidentifier"] {
                result += ProductModuleName.from(macro)
            } else {
                return nil
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}

extension Substring {
    /// Without the leading and trailing characters of `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
