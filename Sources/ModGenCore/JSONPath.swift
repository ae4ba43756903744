/// The paths that name a value in a JSON document: `""` for the root, `options[2].kind` for deeper values. Keys
/// are separated by `.` and array indexes written in brackets, so a key holding either cannot be named.
enum JSONPath {
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    static func components(of path: String) -> [Component] {
        var result: [Component] = []
        for part in path.split(separator: ".") {
            var part = Substring(part)
            if let bracket = part.firstIndex(of: "[") {
                if bracket > part.startIndex { result.append(.key(String(part[..<bracket]))) }
                part = part[bracket...]
                while part.first == "[", let close = part.firstIndex(of: "]") {
                    if let index = Int(part[part.index(after: part.startIndex)..<close]) {
                        result.append(.index(index))
                    }
                    part = part[part.index(after: close)...]
                }
            } else {
                result.append(.key(String(part)))
            }
        }
        return result
    }
}
