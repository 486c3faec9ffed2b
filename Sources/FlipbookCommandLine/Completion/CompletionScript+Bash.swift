extension CompletionScript {
    /// The bash script: one function, `_flipbook`, registered with `complete -F`. An option's
    /// value is completed by the word before it (`case $prev`), whatever the command, since an
    /// option means the same in every command that takes it; the options by the command.
    static var bash: String {
        var script = header(
            loading:
                "Load it with `source <(flipbook completion bash)`, or save it as ~/.local/share/bash-completion/completions/flipbook."
        )
        script += """
            _flipbook() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                # bash splits `--fps=60` at the `=`: a value may follow an `=` word.
                if [[ $cur == = ]]; then
                    [[ $prev == -* ]] || return 0
                    cur=""
                elif [[ $prev == = ]]; then
                    prev=${COMP_WORDS[COMP_CWORD-2]}
                    [[ $prev == -* ]] || return 0
                fi
                if ((COMP_CWORD == 1)); then
                    _flipbook_words \(singleQuoted(commandWords.joined(separator: " ")))
                    return 0
                fi
                case $prev in

            """
        script += bashValueCases
        script += """
                esac
                case ${COMP_WORDS[1]} in

            """
        for command in Subcommand.allCases {
            let words = options(for: command).flatMap(spellings).joined(separator: " ")
            script += "        \(command.rawValue)) local options=\(singleQuoted(words)) ;;\n"
        }
        let help = ([FlipbookTool.help] + spellings(OptionCatalog.declared.help.declaration)).joined(
            separator: "|")
        script += """
                    \(help))
                        _flipbook_words \(singleQuoted(helpWords.joined(separator: " ")))
                        return 0
                        ;;
                    *) return 0 ;;
                esac
                if [[ $cur == -* ]]; then
                    _flipbook_words "$options"
                    return 0
                fi
                case ${COMP_WORDS[1]} in

            """
        script += bashPositionalCases
        script += """
                esac
            }

            # Replies with the words of $1 that begin with $cur; a word ending in = waits for its value.
            _flipbook_words() {
                mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
                if [[ ${COMPREPLY[*]} == *= ]]; then compopt -o nospace 2>/dev/null; fi
            }

            # Replies with the files and folders that begin with $cur, only the files matching $1 if given.
            _flipbook_files() {
                compopt -o filenames 2>/dev/null
                if [[ -n $1 ]]; then
                    mapfile -t COMPREPLY < <(compgen -f -X "!$1" -- "$cur"; compgen -d -- "$cur")
                else
                    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                fi
            }

            # Replies with the folders that begin with $cur.
            _flipbook_folders() {
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -d -- "$cur")
            }

            complete -F _flipbook flipbook

            """
        return script
    }

    /// `case $prev` branches: what follows each option that takes a value. One whose value cannot
    /// be guessed (a number) completes to nothing.
    private static var bashValueCases: String {
        bashBranches(
            OptionCatalog.all.filter { $0.valueName != nil }.map { option in
                let action =
                    switch option.completion {
                    case .nothing: "return 0"
                    case .file: "_flipbook_files; return 0"
                    case .directory: "_flipbook_folders; return 0"
                    case .words(let words):
                        "_flipbook_words \(singleQuoted(words.joined(separator: " "))); return 0"
                    }
                return (spellings(option), action)
            })
    }

    /// `case $command` branches for the words that are not options.
    private static var bashPositionalCases: String {
        bashBranches(
            Subcommand.allCases.compactMap { command in
                let action: String
                switch command.positionals {
                case .presets: action = "_flipbook_files '*.json'"
                case .files: action = "_flipbook_files"
                case .scheduler:
                    action =
                        "if ((COMP_CWORD == 2)); then _flipbook_words slurm; else _flipbook_files '*.json'; fi"
                case .shell:
                    action =
                        "_flipbook_words \(singleQuoted(Shell.allCases.map(\.rawValue).joined(separator: " ")))"
                case .none: return nil
                }
                return ([command.rawValue], action)
            })
    }

    /// `case` branches, one per action, matching every pattern that leads to it (in the order
    /// first seen): `-o|--output|--audio) _flipbook_files; return 0 ;;`.
    private static func bashBranches(_ cases: [(patterns: [String], action: String)]) -> String {
        var branches: [(patterns: [String], action: String)] = []
        for (patterns, action) in cases {
            if let index = branches.firstIndex(where: { $0.action == action }) {
                branches[index].patterns += patterns
            } else {
                branches.append((patterns, action))
            }
        }
        return branches.map { "        \($0.patterns.joined(separator: "|"))) \($0.action) ;;\n" }.joined()
    }
}
