/// What Xcode records for a file by its extension: the `lastKnownFileType` of its reference and the build phase
/// it joins (the table Xcode and every project in the corpus agree on).
struct ProjectFileKind: Equatable {
    enum Phase: String {
        case sources = "PBXSourcesBuildPhase"
        case resources = "PBXResourcesBuildPhase"

        /// The name Xcode uses in comments for a phase without a `name`.
        var defaultName: String { self == .sources ? "Sources" : "Resources" }
    }

    let fileType: String
    /// nil: the file is referenced but built by no phase (headers, Info.plist, documentation).
    let phase: Phase?

    init(fileName: String) {
        let dot = fileName.lastIndex(of: ".")
        let fileExtension = dot.map { String(fileName[fileName.index(after: $0)...]).lowercased() } ?? ""
        (fileType, phase) = Self.table[fileExtension] ?? ("text", nil)
    }

    private static let table: [String: (String, Phase?)] = [
        "swift": ("sourcecode.swift", .sources),
        "m": ("sourcecode.c.objc", .sources),
        "mm": ("sourcecode.cpp.objcpp", .sources),
        "c": ("sourcecode.c.c", .sources),
        "cpp": ("sourcecode.cpp.cpp", .sources),
        "h": ("sourcecode.c.h", nil),
        "storyboard": ("file.storyboard", .resources),
        "xib": ("file.xib", .resources),
        "xcassets": ("folder.assetcatalog", .resources),
        "strings": ("text.plist.strings", .resources),
        "xcstrings": ("text.json.xcstrings", .resources),
        "json": ("text.json", .resources),
        "png": ("image.png", .resources),
        "plist": ("text.plist.xml", nil),
        "md": ("net.daringfireball.markdown", nil),
    ]

    /// Folders Xcode references as one file (an asset catalog), never as a group of their contents.
    static func isBundleFolder(_ name: String) -> Bool { name.lowercased().hasSuffix(".xcassets") }
}

/// How Xcode writes a string value: bare when it holds only `A–Z a–z 0–9 _ $ . /` (and no `//` or `___`),
/// otherwise quoted with `\\`, `\"`, `\t` and `\n` escaped.
enum ProjectText {
    static func quoted(_ text: String) -> String {
        if isBare(text) { return text }
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// Whether Xcode writes `text` unquoted, read in one pass over its bytes.
    private static func isBare(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var underscores = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "$"), UInt8(ascii: "."):
                break
            case UInt8(ascii: "/"):
                if previous == UInt8(ascii: "/") { return false }
            case UInt8(ascii: "_"):
                if previous != UInt8(ascii: "_") { underscores = 0 }
                underscores += 1
                if underscores == 3 { return false }
            default:
                return false
            }
            previous = byte
        }
        return previous != 0
    }

    /// A name as it can stand in a `/* … */` comment: Xcode writes names verbatim, but a `*/` would end it.
    static func comment(_ text: String) -> String {
        // Nearly every name has no `*/` (a `*` byte is never part of a longer character): it is used as it is.
        var previous: UInt8 = 0
        guard
            text.utf8.contains(where: { byte in
                defer { previous = byte }
                return previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/")
            })
        else { return text }
        var result = ""
        for character in text {
            if character == "/", result.last == "*" { result.append("_") }
            result.append(character)
        }
        return result
    }
}
