import Foundation
import Testing

/// The bad-input catalogue: every case runs modgen (in process, the full-disk cases as the built binary) in a fresh
/// folder and checks the exit code, the one error line (with its position) and that the folder is unchanged — or
/// changed exactly as the case says.
@Suite struct BadInputCatalogueTests {
    @Test(arguments: BadInputCatalogue.names) func moduleName(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.flags) func flagsAndEnvironment(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.config) func configFile(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.manifests) func manifest(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.templates) func template(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.xcodeBundles) func xcodeBundle(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    /// Links out of a template's folder, for every command that reads a template.
    @Test(arguments: BadInputCatalogue.closedBox) func closedBox(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.outputFolders) func outputFolder(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.roots) func outputRoot(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.render) func render(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    @Test(arguments: BadInputCatalogue.exportXcode) func exportXcode(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    /// FIFOs, control characters, line breaks in header values, broken `.modgen.json` links, numbers out of range,
    /// a condition too long to read.
    @Test(arguments: BadInputCatalogue.hostileInputs) func hostileInput(_ badInput: BadInputCase) throws {
        try badInput.check()
    }

    /// Each mounts a small tmpfs; skipped (with the reason) where mounting is not permitted. Run as the binary:
    /// the end-to-end proof that a process meeting `ENOSPC` rolls back and exits 74.
    @Test(
        .enabled(if: FullDisk.canMount, "cannot mount a tmpfs here (not root, no CAP_SYS_ADMIN, or not Linux)"),
        arguments: BadInputCatalogue.fullDisk)
    func fullDisk(_ badInput: BadInputCase) throws {
        try badInput.check(.process)
    }

    /// Root reads and writes whatever the mode bits say, so these cannot fail for root: they run only as another
    /// user, and show as skipped (not as passed) when the suite runs as root.
    @Test(
        .enabled(if: getuid() != 0, "running as root, which file permissions do not stop"),
        arguments: BadInputCatalogue.permissions)
    func permissionDenied(_ badInput: BadInputCase) throws {
        try badInput.check()
    }
}

extension BadInputCatalogue {
    /// Files and folders modgen may not read or write, for a user other than root.
    static let permissions: [BadInputCase] = [
        BadInputCase(
            "output folder read-only", ["new", "Home", "-o", "out"], status: 74,
            words: ["permission denied", "nothing was changed"],
            setUp: { folder in
                try folder.makeFolder("out/Home")
                try folder.setPermissions("out/Home", 0o555)
            }, tearDown: { try? $0.setPermissions("out/Home", 0o755) }),
        BadInputCase(
            "config unreadable", ["new", "Home", "-o", "out"], status: 66,
            words: [".modgen.json", "permission denied"],
            setUp: { try $0.setPermissions(".modgen.json", 0o000) }),
        BadInputCase(
            "manifest unreadable", newMine, status: 66, words: ["template.json", "permission denied"],
            setUp: { folder in
                try folder.writeTemplate(mineManifest())
                try folder.setPermissions("t/mine/template.json", 0o000)
            }),
        BadInputCase(
            "render data unreadable", ["render", "T.mustache", "--data", "d.json"], status: 66,
            words: ["cannot read 'd.json'", "permission denied"],
            setUp: { folder in
                try folder.write("T.mustache", "Hi\n")
                try folder.write("d.json", "{}")
                try folder.setPermissions("d.json", 0o000)
            }),
    ]
}
