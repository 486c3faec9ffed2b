extension CompletionScript {
    /// The zsh script: a `#compdef` function whose `_arguments` specs, one set per command,
    /// describe each option with its help line and its value's completion.
    static var zsh: String {
        var script = "#compdef flipbook\n"
        script += header(
            loading:
                "Save it as _flipbook in a folder on $fpath before compinit runs, or load it after compinit with `source <(flipbook completion zsh)`."
        )
        script += """
            _flipbook() {
              local curcontext=$curcontext state line
              typeset -A opt_args
              _arguments -C '1: :->command' '*:: :->argument' && return
              case $state in
                command)
                  local -a commands=(

            """
        for command in Subcommand.allCases {
            script += "        \(singleQuoted("\(command.rawValue):\(command.summary)"))\n"
        }
        script +=
            "        \(singleQuoted("\(FlipbookTool.help):\(helpSummary)"))\n"
        script += """
                  )
                  _describe -t commands 'flipbook command' commands
                  ;;
                argument)
                  case $words[1] in

            """
        for command in Subcommand.allCases {
            let specs = options(for: command).map(zshSpec) + zshPositionalSpecs(command)
            script += "        \(command.rawValue))\n          _arguments -S \\\n"
            script += specs.map { "            \($0)" }.joined(separator: " \\\n") + "\n          ;;\n"
        }
        let markdown = OptionCatalog.declared.markdown.declaration
        let help = [FlipbookTool.help] + spellings(OptionCatalog.declared.help.declaration)
        let topics = Subcommand.allCases.map(\.rawValue).joined(separator: " ")
        script += """
                    \(help.joined(separator: "|")))
                      _arguments \(singleQuoted("\(markdown.name)[\(markdownHelp)]")) \(singleQuoted("1:command:(\(topics))"))
                      ;;
                  esac
                  ;;
              esac
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
              _flipbook "$@"
            else
              compdef _flipbook flipbook
            fi

            """
        return script
    }

    /// The `_arguments` spec of `option`: `'(-o --output)'{-o,--output}'[Where to write]:PATH:_files'`.
    private static func zshSpec(_ option: OptionDeclaration) -> String {
        // In the brackets, `[`, `]` and `\` would end or escape the description.
        var description = ""
        for character in option.help {
            if "[]\\".contains(character) { description.append("\\") }
            description.append(character)
        }
        var spec = "[\(description)]"
        if let valueName = option.valueName {
            let action =
                switch option.completion {
                case .nothing: " "
                case .file: "_files"
                case .directory: "_files -/"
                case .words(let words): "(\(words.joined(separator: " ")))"
                }
            spec += ":\(valueName.replacingOccurrences(of: ":", with: "\\:")):\(action)"
        }
        // A repeatable option may be given again (`*`); another, by either spelling, once:
        // `(-o --output)` excludes both once one is given.
        let prefix = option.repeatable ? "*" : option.alias.map { "(\($0) \(option.name))" } ?? ""
        guard let alias = option.alias else { return singleQuoted(prefix + option.name + spec) }
        return singleQuoted(prefix) + "{\(alias),\(option.name)}" + singleQuoted(spec)
    }

    /// The specs of the words that are not options.
    private static func zshPositionalSpecs(_ command: Subcommand) -> [String] {
        let presets = singleQuoted("*:preset:_files -g \"*.json(-.)\"")
        return switch command.positionals {
        case .presets: [presets]
        case .files: [singleQuoted("*:chunk:_files")]
        case .scheduler: [singleQuoted("1:scheduler:(slurm)"), presets]
        case .shell: [singleQuoted("1:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))")]
        case .none: []
        }
    }
}
