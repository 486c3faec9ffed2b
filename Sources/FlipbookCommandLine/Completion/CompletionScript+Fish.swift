extension CompletionScript {
    /// The fish script: a `complete` line per command and per option, the option's conditioned on
    /// the commands that take it.
    static var fish: String {
        var script = header(
            loading:
                "Save it as ~/.config/fish/completions/flipbook.fish, or load it with `flipbook completion fish | source`."
        )
        // Files only where a command or option takes them.
        script += "complete -c flipbook -f\n"
        let first = "-n __fish_use_subcommand"
        for command in Subcommand.allCases {
            script +=
                "complete -c flipbook \(first) -a \(command.rawValue) -d \(fishQuoted(command.summary))\n"
        }
        script +=
            "complete -c flipbook \(first) -a \(FlipbookTool.help) -d \(fishQuoted(helpSummary))\n"
        let help = OptionCatalog.declared.help.declaration
        script += "complete -c flipbook \(first) \(fishSpellings(help)) -d \(fishQuoted(help.help))\n"
        for option in OptionCatalog.all {
            let commands = Subcommand.allCases.filter(option.commands.contains).map(\.rawValue)
            let value: String =
                switch (option.valueName, option.completion) {
                case (nil, _): ""
                case (_, .nothing): " -x"
                case (_, .file): " -r -F"
                case (_, .directory): " -x -a '(__fish_complete_directories (commandline -ct))'"
                case (_, .words(let words)): " -x -a \(fishQuoted(words.joined(separator: " ")))"
                }
            script +=
                "complete -c flipbook \(seen(commands)) \(fishSpellings(option))\(value) -d \(fishQuoted(option.help))\n"
        }
        for command in Subcommand.allCases {
            let condition = seen([command.rawValue])
            switch command.positionals {
            case .presets:
                script += "complete -c flipbook \(condition) -k -a '(__fish_complete_suffix .json)'\n"
            case .files: script += "complete -c flipbook \(condition) -F\n"
            case .scheduler:
                script +=
                    "complete -c flipbook -n '__fish_seen_subcommand_from \(command.rawValue); and not __fish_seen_subcommand_from slurm' -a slurm\n"
                script +=
                    "complete -c flipbook -n '__fish_seen_subcommand_from slurm' -k -a '(__fish_complete_suffix .json)'\n"
            case .shell:
                script +=
                    "complete -c flipbook \(condition) -a \(fishQuoted(Shell.allCases.map(\.rawValue).joined(separator: " ")))\n"
            case .none: break
            }
        }
        let topics = Subcommand.allCases.map(\.rawValue).joined(separator: " ")
        let markdown = fishSpellings(OptionCatalog.declared.markdown.declaration)
        script += "complete -c flipbook \(seen([FlipbookTool.help])) -a \(fishQuoted(topics))\n"
        script +=
            "complete -c flipbook \(seen([FlipbookTool.help])) \(markdown) -d \(fishQuoted(markdownHelp))\n"
        return script
    }

    /// `-n '__fish_seen_subcommand_from render still'`: once one of `commands` is on the line.
    private static func seen(_ commands: [String]) -> String {
        "-n '__fish_seen_subcommand_from \(commands.joined(separator: " "))'"
    }

    /// `-s o -l output`.
    private static func fishSpellings(_ option: OptionDeclaration) -> String {
        (option.alias.map { "-s \($0.dropFirst()) " } ?? "") + "-l \(option.name.dropFirst(2))"
    }

    /// `text` in fish's single quotes, where only `\` and `'` need escaping.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            + "'"
    }
}
