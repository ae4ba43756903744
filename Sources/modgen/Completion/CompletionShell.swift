/// A shell `modgen --generate-completion-script` writes a script for. Every script is a thin adapter: it hands
/// the words typed so far to `modgen ---completion -- <words>…` (the binary the user typed, so the script never
/// goes stale against it) and turns the answer into the shell's candidates. The answer is one candidate a line,
/// `<word>` or `<word><TAB><description>`, or a single line `:file` or `:directory` asking the shell for its own
/// path completion (`CompletionAnswer`).
enum CompletionShell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// The shell `$SHELL` names (`/usr/bin/zsh` → zsh), as swift-argument-parser detects it; `nil` when it names
    /// none of these.
    static func detected(fromShellVariable shell: String?) -> CompletionShell? {
        guard let shell, let name = shell.split(separator: "/").last else { return nil }
        return CompletionShell(rawValue: String(name))
    }

    func script(for tool: String) -> String {
        switch self {
        case .bash: bashScript(tool)
        case .zsh: zshScript(tool)
        case .fish: fishScript(tool)
        }
    }

    private var installNote: String {
        switch self {
        case .bash: "source it from ~/.bashrc, or save it as ~/.local/share/bash-completion/completions/"
        case .zsh: "save it as _modgen in a folder of $fpath, or source it after compinit, from ~/.zshrc"
        case .fish: "save it as ~/.config/fish/completions/modgen.fish"
        }
    }

    private func header(_ tool: String) -> String {
        """
        # \(rawValue) completion for \(tool), written by '\(tool) --generate-completion-script \(rawValue)': \
        \(installNote)\(self == .bash ? tool : "").
        # Candidates come from '\(tool) ---completion -- <words>...' at completion time, so they follow the
        # templates, template folders and config the command line names.

        """
    }

    // Bash splits `--template=vi` at `=` (COMP_WORDBREAKS): the words are joined again for modgen, and the
    // answer, a whole word, loses what readline keeps before the cursor's word (`--template=`).
    private func bashScript(_ tool: String) -> String {
        header(tool) + """
            _\(tool)() {
                local words=() word i
                for ((i = 1; i <= COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]}
                    if ((i > 1)) && [[ $word == "=" || ${COMP_WORDS[i - 1]} == "=" ]]; then
                        words[${#words[@]} - 1]+=$word
                    else
                        words+=("$word")
                    fi
                done
                local current=${words[${#words[@]} - 1]} kept=""
                [[ $current == --*=* ]] && kept=${current%%=*}=
                local lines=() line
                while IFS= read -r line; do lines+=("$line"); done \\
                    < <("${COMP_WORDS[0]}" ---completion -- "${words[@]}" 2>/dev/null)
                COMPREPLY=()
                case ${lines[0]-} in
                :file | :directory)
                    local type=-f
                    [[ ${lines[0]} == :directory ]] && type=-d
                    while IFS= read -r line; do COMPREPLY+=("$line"); done \\
                        < <(compgen "$type" -- "${current#"$kept"}")
                    compopt -o filenames 2>/dev/null
                    return 0
                    ;;
                esac
                for line in "${lines[@]}"; do
                    line=${line%%$'\\t'*}
                    COMPREPLY+=("${line#"$kept"}")
                    # `--set builderContext=`: the value follows without a space.
                    if [[ $line == *= ]]; then compopt -o nospace 2>/dev/null; fi
                done
            }
            complete -F _\(tool) \(tool)

            """
    }

    // `#compdef` lets compinit load the file from $fpath; sourced instead, it registers itself with compdef.
    // `words` and `CURRENT` are zsh's own view of the line; `(Q)` removes the quoting typed on it.
    private func zshScript(_ tool: String) -> String {
        "#compdef \(tool)\n" + header(tool) + """
            _\(tool)() {
                local -a lines candidates shown
                local line
                lines=("${(@f)$("${(Q)words[1]}" ---completion -- "${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
                case ${lines[1]-} in
                (:file) compset -P '*='; _files; return ;;
                (:directory) compset -P '*='; _files -/; return ;;
                esac
                for line in "${lines[@]}"; do
                    [[ -n $line ]] || continue
                    candidates+=("${line%%$'\\t'*}")
                    if [[ $line == *$'\\t'* ]]; then
                        shown+=("${line%%$'\\t'*}  -- ${line#*$'\\t'}")
                    else
                        shown+=("$line")
                    fi
                done
                (( ${#candidates} )) || return 1
                # `--set builderContext=`: the value follows without a space.
                local -a suffix
                [[ ${candidates[1]} == *= ]] && suffix=(-S '')
                compadd "${suffix[@]}" -l -d shown -- "${candidates[@]}"
            }
            if [[ ${funcstack[1]} == _\(tool) ]]; then
                _\(tool) "$@"
            else
                compdef _\(tool) \(tool)
            fi

            """
    }

    // fish reads `<word><TAB><description>` lines itself; only paths need its helpers, with what precedes `=` kept.
    private func fishScript(_ tool: String) -> String {
        header(tool) + """
            function __\(tool)_complete
                set -l current (commandline -ct)
                set -l words (commandline -opc) "$current"
                set -l command $words[1]
                set -e words[1]
                type -q -- $command; or return
                set -l lines ($command ---completion -- $words 2>/dev/null)
                set -l kept (string match -r -- '^--[^=]*=' "$current")
                set -l value (string sub -s (math (string length -- "$kept") + 1) -- "$current")
                switch "$lines[1]"
                    case :file
                        for path in (__fish_complete_path "$value")
                            echo "$kept$path"
                        end
                    case :directory
                        for path in (__fish_complete_directories "$value")
                            echo "$kept$path"
                        end
                    case '*'
                        printf '%s\\n' $lines
                end
            end
            complete -c \(tool) -f -a '(__\(tool)_complete)'

            """
    }
}
