import Foundation
import TestSupport
import Testing

/// Drives a real shell with modgen's completion script, non-interactively, and returns the words it would offer:
///
/// - bash: the script is sourced, `COMP_WORDS`/`COMP_CWORD` are set as bash sets them (split at `=`, as
///   readline's word breaks do) and `_modgen` is called; the answer is `COMPREPLY`.
/// - zsh: the script is sourced with `compadd`, `_files`, `compset` and `compdef` replaced by functions that print
///   what they are given (those builtins work only inside a completion widget), `words` and `CURRENT` set as zsh
///   sets them; the answer is what `_modgen` hands to `compadd`, or `<directories>`/`<files>` when it hands over
///   to `_files`.
/// - fish: the script is sourced and `complete -C '<line>'` asked; the answer is fish's own list.
///
/// `modgen` is found on `PATH`, as an installed one would be: the folder of the binary the tests built.
enum ShellHarness {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static func executable(_ shell: Shell) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + shell.rawValue }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func isInstalled(_ shell: Shell) -> Bool { executable(shell) != nil }

    /// The words `shell` offers for `modgen <words>` in `folder`, the last word being the one under the cursor;
    /// sorted (fish sorts, bash and zsh keep modgen's order) and with a folder's trailing `/` removed.
    static func complete(_ words: [String], shell: Shell, in folder: TemporaryFolder) throws -> [String] {
        guard let shellPath = executable(shell), let modgen = ModgenProcess.executableURL else {
            Issue.record("\(shell.rawValue) or the modgen executable is missing")
            return []
        }
        let scriptPath = folder.path("completion.\(shell.rawValue)")
        let script = try run(modgen.path, ["--generate-completion-script", shell.rawValue], in: folder, path: nil)
        try folder.write("completion.\(shell.rawValue)", script)
        let arguments: [String]
        switch shell {
        case .bash: arguments = ["--norc", "--noprofile", "-c", bashDriver(scriptPath), "bash"] + bashWords(words)
        case .zsh: arguments = ["-f", "-c", zshDriver(scriptPath), "zsh"] + words
        case .fish: arguments = ["--no-config", "-c", fishDriver(scriptPath, line: fishLine(words))]
        }
        let binFolder = modgen.deletingLastPathComponent().path
        let output = try run(shellPath, arguments, in: folder, path: binFolder)
        return output.split(separator: "\n").map { line in
            var word = String(line.prefix { $0 != "\t" })
            if word.hasSuffix("/") { word.removeLast() }
            return word
        }.sorted()
    }

    private static func bashDriver(_ script: String) -> String {
        """
        source '\(script)'
        COMP_WORDS=(modgen "$@"); COMP_CWORD=$#; COMPREPLY=()
        _modgen
        (( ${#COMPREPLY[@]} )) && printf '%s\\n' "${COMPREPLY[@]}"
        exit 0
        """
    }

    /// Readline breaks words at `=`: `--template=vi` is three words, `--template`, `=` and `vi`.
    private static func bashWords(_ words: [String]) -> [String] {
        words.flatMap { word -> [String] in
            guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [word] }
            let value = String(word[word.index(after: equals)...])
            return [String(word[..<equals]), "="] + (value.isEmpty ? [] : [value])
        }
    }

    private static func zshDriver(_ script: String) -> String {
        """
        compdef() { : }
        compset() { : }
        compadd() { while (( $# )) && [[ $1 != -- ]]; do shift; done; shift; print -rl -- "$@" }
        _files() { if [[ $1 == -/ ]]; then print -r -- '<directories>'; else print -r -- '<files>'; fi }
        source '\(script)'
        words=(modgen "$@"); CURRENT=${#words}
        _modgen
        exit 0
        """
    }

    private static func fishDriver(_ script: String, line: String) -> String {
        "source '\(script)'; complete -C '\(line)'"
    }

    /// The command line as typed: an empty last word is the space after the previous one.
    private static func fishLine(_ words: [String]) -> String {
        precondition(words.allSatisfy { !$0.contains(" ") && !$0.contains("'") }, "plain words only")
        return (["modgen"] + words).joined(separator: " ")
    }

    private static func run(_ executable: String, _ arguments: [String], in folder: TemporaryFolder, path: String?)
        throws -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        if let path { environment["PATH"] = path + ":" + (environment["PATH"] ?? "/usr/bin:/bin") }
        environment["HOME"] = folder.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }
}
