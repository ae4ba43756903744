import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system `git`, run with arguments (never through a shell), standard input `/dev/null`, and a time limit.
///
/// Every run is told to run nothing but the fetch and checkout: no hooks (`core.hooksPath=/dev/null`), no
/// file-system monitor, no submodules, only the protocols `GitRemote` accepts (`GIT_ALLOW_PROTOCOL`), no
/// credential prompt (`GIT_TERMINAL_PROMPT=0`), and it starts in modgen's cache folder (`-C`) with discovery of a
/// repository stopped there (`GIT_CEILING_DIRECTORIES`), so the configuration of whatever repository modgen was
/// started in (`core.fsmonitor`, `core.sshCommand` of a downloaded project) is never read. The user's own global
/// configuration still applies (proxies, `url.<base>.insteadOf`, credential helpers): it is theirs.
struct GitProcess: Sendable {
    /// The absolute path of the `git` executable.
    var executable: String
    /// The environment git runs with (see `environment(from:ceiling:)`).
    var environment: [String: String]
    /// The longest one git command may take before it is stopped.
    var timeLimit: Int

    /// What a git command printed and how it ended.
    struct Outcome {
        var status: Int32
        var output: String
        var errorOutput: String

        /// git's last line of complaint, for a one-line message (`fatal: repository '…' not found`). When ssh
        /// failed, git's own last lines only say that ("Could not read from remote repository", then advice): ssh's
        /// line before them says why (`Host key verification failed.`, `Permission denied (publickey).`).
        var lastErrorLine: String {
            let lines = errorOutput.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter {
                !$0.isEmpty
            }
            var line = lines.last ?? "git exited with status \(status)"
            if let fatal = lines.lastIndex(where: { $0.hasPrefix("fatal: ") }) {
                line = lines[fatal]
                if line.hasPrefix("fatal: Could not read from remote repository"), fatal > 0 { line = lines[fatal - 1] }
            }
            return PrintableText.escaped(DataFileError.excerpt(line, limit: 300))
        }
    }

    /// Why a git command could not be run to its end.
    enum Failure: Error {
        case cannotStart(String)
        case timedOut(seconds: Int)
    }

    /// Options given before every git command.
    static let safetyOptions = [
        "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "protocol.ext.allow=never",
        "-c", "submodule.recurse=false", "-c", "fetch.recurseSubmodules=false", "-c", "advice.detachedHead=false",
        "-c", "init.defaultBranch=main",
    ]

    /// The most of git's output kept (its standard output holds a commit id; its errors a few lines).
    static let outputLimit = 64 * 1024

    /// The environment for git: the user's, but for every `GIT_…` variable that would point git at another
    /// repository or configuration (set when modgen runs inside a git hook: `GIT_DIR`, `GIT_INDEX_FILE`,
    /// `GIT_CONFIG_PARAMETERS`…), plus modgen's limits. Variables for reaching a server (`GIT_SSH_COMMAND`, proxies,
    /// certificates) stay: they are the user's.
    static func environment(from user: [String: String], ceiling: String) -> [String: String] {
        let kept = ["GIT_SSH", "GIT_SSL_", "GIT_HTTP_", "GIT_PROXY_", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM"]
        var environment = user.filter { name, _ in
            !name.hasPrefix("GIT_") || kept.contains { name.hasPrefix($0) }
        }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        // Set and empty, git asks no askpass program either (`core.askPass`, `SSH_ASKPASS`): a window waiting for a
        // password is a prompt too. Credential helpers still answer.
        environment["GIT_ASKPASS"] = ""
        environment["GIT_ALLOW_PROTOCOL"] = GitRemote.allowedProtocols.joined(separator: ":")
        environment["GIT_CEILING_DIRECTORIES"] = ceiling
        environment["GIT_PROTOCOL_FROM_USER"] = "0"
        return environment
    }

    /// This git with ssh in batch mode (`-o BatchMode=yes`: a passphrase, a password or an unknown host key fails
    /// at once instead of asking on the terminal, which standard input `/dev/null` does not stop), unless the user
    /// chose how git runs ssh (`GIT_SSH_COMMAND`, `GIT_SSH`, `core.sshCommand` in their git configuration): that
    /// command is theirs, and left as it is. `folder` is where git looks the setting up: modgen's cache, where no
    /// repository's own configuration is read.
    func withSSHBatchMode(askingIn folder: URL) -> GitProcess {
        guard environment["GIT_SSH_COMMAND"] == nil, environment["GIT_SSH"] == nil else { return self }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // `git config --get` exits 1 when the setting is absent; anything else leaves the user's setup alone.
        guard let answer = try? run(["config", "--get", "core.sshCommand"], in: folder.path), answer.status == 1 else {
            return self
        }
        var batch = self
        batch.environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
        return batch
    }

    /// The `git` on `PATH` (the default path when none is set), or `nil`.
    static func find(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin:/opt/homebrew/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder.hasSuffix("/") ? "\(folder)git" : "\(folder)/git"
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `git -C <directory> <safety options> <arguments>` to its end, or stops it after `timeLimit` seconds
    /// (`ChildProcess`: no shell, standard input `/dev/null`), keeping the first `outputLimit` bytes of its output
    /// and the last of its errors.
    func run(_ arguments: [String], in directory: String) throws(Failure) -> Outcome {
        var output: [UInt8] = []
        var errors: [UInt8] = []
        let process = ChildProcess(
            executable: executable, arguments: ["git", "-C", directory] + Self.safetyOptions + arguments,
            environment: environment, timeLimit: .seconds(timeLimit))
        let termination: ChildProcess.Termination
        do throws(ChildProcess.Failure) {
            termination = try process.run { stream, chunk in
                switch stream {
                case .output:
                    output += chunk.prefix(max(0, Self.outputLimit - output.count))
                case .errors:
                    // The last lines are the ones that say what went wrong.
                    errors += chunk
                    if errors.count > Self.outputLimit { errors.removeFirst(errors.count - Self.outputLimit) }
                }
            }
        } catch {
            switch error {
            case .timedOut: throw .timedOut(seconds: timeLimit)
            case .cannotStart(let errorNumber):
                throw .cannotStart("cannot start \(executable): \(TextFile.systemErrorDescription(errorNumber))")
            }
        }
        return Outcome(
            status: termination.status, output: String(decoding: output, as: UTF8.self),
            errorOutput: String(decoding: errors, as: UTF8.self))
    }
}
