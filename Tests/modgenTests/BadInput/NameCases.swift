/// The cases of the catalogue, by class; `BadInputCatalogueTests` runs each list.
enum BadInputCatalogue {}

extension BadInputCatalogue {
    /// Module names `new` (and `snapshot --name`) must refuse before touching the disk: exit 64, the name quoted
    /// and the reason.
    static let names: [BadInputCase] = [
        nameCase("empty name", "", reason: "the name is empty"),
        nameCase("name starting with a digit", "1Home", reason: "starts with a digit"),
        nameCase("name that is only a digit", "7", reason: "starts with a digit"),
        nameCase("keyword class", "class", reason: "'class' is a Swift keyword"),
        nameCase("keyword self", "self", reason: "'self' is a Swift keyword"),
        nameCase("keyword Self", "Self", reason: "'Self' is a Swift keyword"),
        nameCase("keyword Type", "Type", reason: "'Type' is a Swift keyword"),
        nameCase("keyword Any", "Any", reason: "'Any' is a Swift keyword"),
        nameCase("keyword protocol", "protocol", reason: "'protocol' is a Swift keyword"),
        nameCase("underscore alone", "_", reason: "a name needs a letter or digit besides '_'"),
        nameCase("underscores alone", "___", reason: "a name needs a letter or digit besides '_'"),
        nameCase("accented letters", "Hömé", reason: "'ö' is not allowed"),
        nameCase("emoji", "Home🙂", reason: "'🙂' is not allowed"),
        nameCase("Greek letter", "Ωmega", reason: "'Ω' is not allowed"),
        nameCase("space inside", "Ho me", reason: "' ' is not allowed"),
        nameCase("leading space", " Home", reason: "' ' is not allowed"),
        nameCase("hyphen", "Home-Screen", reason: "'-' is not allowed"),
        nameCase("dot", "Home.swift", reason: "'.' is not allowed"),
        nameCase("dollar", "Home$", reason: "'$' is not allowed"),
        nameCase("slash", "Home/Sub", reason: "'/' is not allowed"),
        nameCase("absolute path", "/tmp/Home", reason: "'/' is not allowed"),
        nameCase("dot dot", "..", reason: "'.' is not allowed"),
        nameCase("dot dot slash", "../Home", reason: "'.' is not allowed"),
        BadInputCase(
            "snapshot --name starting with a digit", ["snapshot", "viper", "--output", "snap", "--name", "1x"],
            status: 64, words: ["invalid module name '1x'", "starts with a digit"]),
        BadInputCase(
            "snapshot --name keyword", ["snapshot", "viper", "--output", "snap", "--name", "struct"],
            status: 64, words: ["invalid module name 'struct'", "'struct' is a Swift keyword"]),
        // A valid name too long for a file name: the file system refuses it, and the run is rolled back.
        BadInputCase(
            "name longer than a file name", ["new", String(repeating: "A", count: 300), "-o", "out"],
            status: 74, words: ["cannot write", "file name too long"]),
        BadInputCase(
            "name of 5000 letters", ["new", String(repeating: "B", count: 5000), "-o", "out"],
            status: 74, words: ["cannot write", "file name too long"]),
    ]

    private static func nameCase(_ title: String, _ name: String, reason: String) -> BadInputCase {
        BadInputCase(
            title, ["new", name, "-o", "out"], status: 64, words: ["invalid module name '\(name)'", reason])
    }
}
