import Foundation
import TestSupport

extension BadInputCatalogue {
    /// What is on disk where `new Home -o out` writes: things modgen will not write through (exit 73), conflicts
    /// (exit 1), all with nothing written; and the flags that legitimately write around a conflict.
    static let outputFolders: [BadInputCase] = [
        output("output is a file", ["'", "/out' is not a directory"]) { try $0.write("out", "a file\n") },
        output("support output is a file", ["/out' is not a directory"], command: ["support", "viper", "-o", "out"]) {
            try $0.write("out", "a file\n")
        },
        output("a folder of the output is a file", ["/out' is not a directory"], command: newHome("out/a/b")) {
            try $0.write("out", "a file\n")
        },
        output("the module folder is a file", ["out/Home"]) { try $0.write("out/Home", "a file\n") },
        output("link to a file outside", ["refusing", "is a symbolic link to", "outside the output directory"]) {
            try $0.write("outside/secret.txt", "keep me\n")
            try $0.makeLink("out/Home/HomePresenter.swift", to: "../../outside/secret.txt")
        },
        output("link to a folder outside", ["refusing", "'out/Home' is a symbolic link", "outside the output"]) {
            try $0.makeFolder("outside")
            try $0.makeLink("out/Home", to: "../outside")
        },
        output("absolute link to a folder outside", ["refusing", "symbolic link", "outside the output directory"]) {
            try $0.makeFolder("outside")
            try $0.makeLink("out/Home", to: $0.path("outside"))
        },
        output(
            "link outside with force", ["refusing", "outside the output directory"],
            command: newHome("out", "--force")
        ) {
            try $0.write("outside/secret.txt", "keep me\n")
            try $0.makeLink("out/Home/HomePresenter.swift", to: "../../outside/secret.txt")
        },
        output("dangling link", ["'out/Home/HomeWireframe.swift' is a symbolic link", "no such file"]) {
            try $0.makeLink("out/Home/HomeWireframe.swift", to: "nowhere")
        },
        output("dangling link with force", ["is a symbolic link", "no such file"], command: newHome("out", "--force")) {
            try $0.makeLink("out/Home/HomeWireframe.swift", to: "nowhere")
        },
        output("looping link", ["symbolic link", "too many levels of symbolic links"]) {
            try $0.makeLink("out/Home/loop", to: "loop")
            try $0.makeLink("out/Home/HomeWireframe.swift", to: "loop/x")
        },
        output("two targets one file through a link", ["HomeInterfaces.swift", "HomeWireframe.swift", "same file"]) {
            try $0.write("out/Home/HomeInterfaces.swift", "a\n")
            try $0.makeLink("out/Home/HomeWireframe.swift", to: "HomeInterfaces.swift")
        },
        fifo("FIFO where a file goes", []),
        fifo("FIFO where a file goes with force", ["--force"]),
        fifo("FIFO where a file goes with skip-existing", ["--skip-existing"]),
        fifo("FIFO where a file goes with dry-run", ["--dry-run"]),
        fifo("FIFO where a file goes with check", ["--check"]),
        output("folder where a file goes", ["'out/Home/HomePresenter.swift'", "it is a directory"]) {
            try $0.makeFolder("out/Home/HomePresenter.swift")
        },
        output(
            "folder where a file goes with force", ["it is a directory"], command: newHome("out", "--force")
        ) { try $0.makeFolder("out/Home/HomePresenter.swift/inner") },
        output("folder where a file goes with dry-run", ["it is a directory"], command: newHome("out", "--dry-run")) {
            try $0.makeFolder("out/Home/HomePresenter.swift")
        },
        BadInputCase(
            "one conflict lists the file", newHome("out"), status: 1,
            words: ["1 file exists with different contents", "nothing was written", "out/Home/HomePresenter.swift"],
            outputLines: ["conflict out/Home/HomePresenter.swift"]
        ) { try $0.write("out/Home/HomePresenter.swift", "mine\n") },
        BadInputCase(
            "seven conflicts list every file", newHome("out", "--formatter", "--interface", "xib"), status: 1,
            words: ["7 files exist with different contents", "nothing was written", "--force", "and 2 more"],
            outputLines: sevenFiles.map { "conflict out/Home/\($0)" }
        ) { folder in
            for file in sevenFiles { try folder.write("out/Home/\(file)", "mine\n") }
        },
        BadInputCase(
            "conflict in a dry run", newHome("out", "--dry-run"), status: 1,
            words: ["1 file exists with different contents", "out/Home/HomePresenter.swift"]
        ) { try $0.write("out/Home/HomePresenter.swift", "mine\n") },
        BadInputCase(
            "difference found by check", newHome("out", "--check"), status: 1,
            words: ["5 files differ", "or are missing", "out/Home/HomePresenter.swift"]
        ) { try $0.write("out/Home/HomePresenter.swift", "mine\n") },
        BadInputCase(
            "snapshot into a folder that is not modgen's", ["snapshot", "viper", "--output", "snap"], status: 1,
            words: ["'snap' is not a snapshot folder", "nothing was written"]
        ) { try $0.write("snap/keep.txt", "mine\n") },
        BadInputCase(
            "snapshot check without a recording", ["snapshot", "viper", "--output", "snap", "--check"], status: 1,
            words: ["holds no recorded snapshot of 'viper'"]
        ) { try $0.makeFolder("snap") },
        // The flags that resolve a conflict write, and only what they should.
        BadInputCase(
            "skip-existing keeps the conflicting file", newHome("out", "--skip-existing"), status: 1,
            words: ["1 existing file differs from what these options generate and was kept"],
            changes: Set(viperDefaultFiles.filter { $0 != "Home/HomePresenter.swift" }.map { "out/\($0)" })
        ) { try $0.write("out/Home/HomePresenter.swift", "mine\n") },
        BadInputCase(
            "force overwrites a read-only file", newHome("out", "--force"), status: 0, words: [],
            changes: Set(viperDefaultFiles.map { "out/\($0)" })
        ) { folder in
            try folder.write("out/Home/HomePresenter.swift", "mine\n")
            try folder.setPermissions("out/Home/HomePresenter.swift", 0o444)
        },
    ]

    private static let sevenFiles = [
        "HomeInterfaces.swift", "HomePresenter.swift", "HomeWireframe.swift", "HomeViewController.swift",
        "HomeInteractor.swift", "HomeFormatter.swift", "HomeViewController.xib",
    ]

    private static func newHome(_ output: String, _ flags: String...) -> [String] {
        ["new", "Home", "-o", output] + flags
    }

    /// `new Home -o out` (or `command`) over what `setUp` put in the folder: refused with exit 73.
    private static func output(
        _ title: String, _ words: [String], command: [String] = newHome("out"),
        setUp: @escaping @Sendable (TemporaryFolder) throws -> Void
    ) -> BadInputCase {
        BadInputCase(title, command, status: 73, words: words, setUp: setUp)
    }

    /// A FIFO where `new Home` writes its presenter: opening it would block, so it must be refused unopened.
    private static func fifo(_ title: String, _ flags: [String]) -> BadInputCase {
        BadInputCase(
            title, ["new", "Home", "-o", "out"] + flags, status: 73,
            words: ["'out/Home/HomePresenter.swift'", "not a regular file"], timeout: .seconds(10)
        ) { try $0.makeFIFO("out/Home/HomePresenter.swift") }
    }
}
