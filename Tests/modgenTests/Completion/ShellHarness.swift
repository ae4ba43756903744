import Foundation
import TestSupport
import Testing

/// Drives a real shell with modgen's completion script, non-interactively, and returns the words it would offer:
///
/// - bash: the script is sourced, `COMP_WORDS`/`COMP_CWORD` are set as bash sets them (split at `=`, as
///   readline's word breaks do) and `_modgen` is called; the answer is `COMPREPLY`.
/// - zsh: an interactive zsh in a pseudo-terminal (`zpty`), with `compinit` and the script, is sent the line and a
///   Tab; `compadd` is wrapped to record the matches the real builtin keeps (paths too, from zsh's own `_files`).
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
    /// sorted (fish sorts, bash and zsh keep modgen's order), each once (zsh's `_files` may add a folder under two
    /// tags) and with a folder's trailing `/` removed.
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
        case .zsh:
            try folder.write("zsh-recorder", zshRecorder)
            let driver = zshDriver(scriptPath, recorder: folder.path("zsh-recorder"), line: commandLine(words))
            arguments = ["-f", "-c", driver]
        case .fish: arguments = ["--no-config", "-c", fishDriver(scriptPath, line: commandLine(words))]
        }
        let binFolder = modgen.deletingLastPathComponent().path
        let output = try run(shellPath, arguments, in: folder, path: binFolder)
        return output.split(separator: "\n").map { line in
            var word = String(line.prefix { $0 != "\t" })
            if word.hasSuffix("/") { word.removeLast() }
            return word
        }.uniqued().sorted()
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

    /// Sourced by the interactive zsh after the script: `compadd` records the matches the real builtin keeps for
    /// each call that adds (`-O`, after its own matching against the word) and then adds them, so that zsh's own
    /// `_files` stops at the first tag with matches, as usual; calls that only probe (`-O`, `-A`, `-D`, made
    /// inside `_files`) pass through. The completion system calls `_modgen` through a wrapper that marks when it
    /// is done: zle does not complete while keys are still waiting, so nothing else may be typed before it.
    private static let zshRecorder = #"""
        compadd() {
            if (( ${@[(I)-[OAD]*]} )); then builtin compadd "$@"; return; fi
            local -a matches
            builtin compadd -O matches "$@"
            print -lr -- $matches >> $ZSH_MATCHES
            builtin compadd "$@"
        }
        _modgen_then_mark() { _modgen "$@"; print > $ZSH_MATCHES.done }
        compdef _modgen_then_mark modgen

        """#

    /// An interactive zsh in a pseudo-terminal (`zpty`), with `compinit`, the script and `zshRecorder`, is sent the
    /// line and a Tab.
    private static func zshDriver(_ script: String, recorder: String, line: String) -> String {
        """
        zmodload zsh/zpty
        out=$PWD/zsh-matches
        zpty z zsh -f -i
        zpty -w z "PS1='> '; autoload -Uz compinit; compinit -u -D; source '\(script)'; \
        ZSH_MATCHES='$out'; source '\(recorder)'"
        zpty -w -n z '\(line)'$'\\t'
        for i in {1..200}; do [[ -e $out.done ]] && break; sleep 0.05; done
        zpty -d z
        [[ -e $out.done ]] || exit 3
        [[ -e $out ]] && cat $out
        exit 0
        """
    }

    private static func fishDriver(_ script: String, line: String) -> String {
        "source '\(script)'; complete -C '\(line)'"
    }

    /// The command line as typed: an empty last word is the space after the previous one.
    private static func commandLine(_ words: [String]) -> String {
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

extension Array where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
