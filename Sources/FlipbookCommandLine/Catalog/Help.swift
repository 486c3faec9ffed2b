import Flipbook

/// The texts of `flipbook --help` and of each command's `--help`.
enum Help {
    /// The help for `command` (`flipbook help render`), or the main help.
    static func text(for command: String?) -> String {
        switch command.flatMap(Subcommand.init(rawValue:)) {
        case .render: render
        case .still: still
        case .batch: batch
        case .join: join
        case .farm: farm
        case .validate: validate
        case .inspect: inspect
        case .preview: preview
        case .test: test
        case .check: check
        case .scenes: scenes
        case .schema: schema
        case .completion: completion
        case nil: main
        }
    }

    static let main = """
        flipbook — render animated 2D scenes (SwiftUI-style Canvas) to video

        USAGE
          flipbook render PRESET.json -o OUT [options]
          flipbook still PRESET.json --at SECONDS -o FILE.png [options]
          flipbook batch PRESET.json… -o DIR [--jobs N] [--skip-existing] [options]
          flipbook render PRESET.json -o PART --chunk I/N [options]
          flipbook join PART… -o OUT [--verify] [--audio FILE]…
          flipbook farm slurm PRESET.json… -o OUT --chunks N [--submit] [options]
          flipbook validate PRESET.json… [--set KEY.PATH=VALUE]… [--strict] [--json]
          flipbook inspect PRESET.json [--time T] [--size WxH] [--json]
          flipbook preview PRESET.json [--port N] [--host ADDR] [--size WxH] [--open]
          flipbook test PRESET.json|FOLDER… [--update] [--report DIR] [--junit FILE] [--tolerance X]
          flipbook check PRESET.json… [--json] [--strict] [--contrast aa|aaa] [--loudness-target T]
          flipbook scenes [--json | --markdown]
          flipbook schema [--markdown [DOC.md…]]
          flipbook completion bash|zsh|fish
          flipbook --help | flipbook COMMAND --help
          flipbook --version

        COMMANDS
        \(commandList)
        Every command that reads presets takes --set KEY.PATH=VALUE (repeatable), e.g.
        --set parameters.count=300 --set parameters.bursts[0].x=200, checked like the file.

        Exit codes: 0 success, 1 a frame unlike its reference (test), 64 usage error,
        65 invalid input, 70 render/encode failure, 73 output not writable,
        74 stdout/stderr not writable, 130 interrupted, 141 stdout closed (a pipe's reader
        quit). See docs/cli.md.
        """

    static var render: String {
        """
        flipbook render — render a preset to a video, a PNG sequence, a still or a contact sheet

        USAGE
          flipbook render PRESET.json -o OUT [options]

        The format comes from --format or OUT's name (docs/formats.md has the table); an option
        the format cannot use is refused (exit 65).

        """ + "\n" + options(for: .render) + """

            Ctrl-C stops the render, removes the partial output and exits with 130.
            """
    }

    static var preview: String {
        """
        flipbook preview — a live studio for a preset in the browser

        USAGE
          flipbook preview PRESET.json [--port N] [--host ADDR] [--size WxH] [--open] [options]

        Serves a page on http://127.0.0.1:PORT/ (the address is printed): the frame at the
        scrubber's time drawn by the same renderer as render, a timeline with a track per layer,
        play with sound, the composition's shapes side by side, its layers, a form of its
        variables, --explain as an overlay, and export. Saving the preset or a file it uses
        updates the page; a mistake shows over the last good picture until it is fixed.
        Exports go to the -o folder (default: the preset's folder's out/) and never replace a
        file. See docs/preview.md.

        """ + "\n" + options(for: .preview) + """

            Ctrl-C stops the studio and exits with 130.
            """
    }

    static var still: String {
        """
        flipbook still — render one frame of a preset as a PNG or JPEG

        USAGE
          flipbook still PRESET.json --at SECONDS -o FILE.png|FILE.jpg [options]

        """ + "\n" + options(for: .still)
    }

    static var batch: String {
        """
        flipbook batch — render many presets into one folder

        USAGE
          flipbook batch PRESET.json… -o DIR [--jobs N] [--skip-existing] [options]

        Each preset becomes DIR/NAME.EXT: NAME from the preset's file name, EXT from --format
        or the preset's own output format (a PNG sequence becomes the folder DIR/NAME/).
        Two presets that would write the same output are refused before anything renders
        (exit 65). A missing DIR is created. Prints one summary row per preset on stdout
        (not with --quiet: then only failures, on stderr);
        exits with the worst failure's code.

        """ + "\n" + options(for: .batch)
    }

    static var join: String {
        """
        flipbook join — join the chunks of a render into one file, without re-encoding

        USAGE
          flipbook join PART… -o OUT [--verify] [--audio FILE]…

        The chunks (render --chunk I/N, or --frames A..B) are put in the order of the frames
        they record, whatever their names, and refused — naming the file — when one is missing,
        duplicated, overlapping, truncated, or of another preset or other settings. Packets are
        copied; the preset's sound and every --audio are mixed and encoded once, over the whole
        video. OUT is written atomically (MP4 and MOV with +faststart); PNG-sequence chunks
        (folders) join into a folder.

        """ + "\n" + options(for: .join)
    }

    static var farm: String {
        """
        flipbook farm — render on a Slurm cluster: a job array of chunks, then the join

        USAGE
          flipbook farm slurm PRESET.json… -o OUT --chunks N [--partition P] [--time T]
                              [--work DIR] [--variables TABLE] [--submit] [render options]

        Writes into the work folder (shared by the nodes) a job-array script — task k renders
        chunk k — and a join job that runs after all tasks succeed, then submits both with
        sbatch when --submit is given and prints their ids. Submitting again renders only the
        chunks that are missing or invalid. Several presets, or a table of variables (one video
        per row, as batch --variables): OUT is a folder, one video each. Watch with squeue;
        the tasks' logs are in the work folder. See docs/scale-out.md.

        """ + "\n" + options(for: .farm)
    }

    static var validate: String {
        """
        flipbook validate — check presets without rendering

        USAGE
          flipbook validate PRESET.json… [options]

        Prints "ok PATH: …" per valid preset on stdout and each problem on stderr as
        FILE:LINE:COLUMN: JSON.PATH: what is wrong, each warning as
        flipbook: warning: FILE: JSON.PATH: what is wrong [CLASS]. Exits 65 if any preset is
        invalid — with --strict, if any has a warning.

        """ + "\n" + options(for: .validate)
    }

    static var inspect: String {
        """
        flipbook inspect — each layer of a preset at a time: box, visibility, text, fonts

        USAGE
          flipbook inspect PRESET.json [--time T] [--size WxH] [--json]

        Prints every layer as it is drawn at time T (default 0): its box in output pixels,
        after layout and every transform (a rotated layer's axis-aligned bounds), whether it
        shows, its text's lines and the font of each stretch, its group's layers under it;
        then the preset's warnings, as validate finds them. --json prints
        {"time", "size", "layers": [{"name", "path", "kind", "visible", "box", "layers",
        "text"}], "warnings"}.

        """ + "\n" + options(for: .inspect)
    }

    static var test: String {
        """
        flipbook test — compare frames of presets with their reference pictures (golden frames)

        USAGE
          flipbook test PRESET.json|FOLDER… [--update] [--report DIR] [--junit FILE] [--tolerance X]

        Renders each preset's frames at its "golden" times (default: its first, middle and last
        frames) as flipbook still --at does, and compares each with its reference picture,
        golden/NAME/TIME.png beside the preset, by SSIM on luma over 11×11 Gaussian windows: a
        frame matches when its least similar window scores at least 1 − X. A folder means the
        .json presets directly in it. --update records the references instead. Exits 1 when a
        frame differs or has no reference, 65 when a preset cannot be read. See docs/ship.md.

        """ + "\n" + options(for: .test)
    }

    static var check: String {
        """
        flipbook check — check presets for what keeps a video from shipping

        USAGE
          flipbook check PRESET.json… [--json] [--strict] [--contrast aa|aaa] [--min-text-size PX]
                                      [--reading-rate WORDS] [--loudness-target NAME|LUFS]

        Renders each preset as render would and reports, with its time range, layer and JSON
        path: flashes and red flashes (WCAG 2.3.1: more than three a second over a ninth of the
        screen); each text's contrast with the pixels behind its glyphs (WCAG AA 4.5:1, 3:1 for
        large text; --contrast aaa 7:1 and 4.5:1); text smaller than --min-text-size at the
        output size, outside the title-safe area (5 % in from each edge) or shown too briefly for
        its words (--reading-rate words a second); the sound's integrated loudness and true peak
        (EBU R 128: −23 LUFS ±1, −1 dBTP). Exits 0 with problems listed, 65 with --strict when
        there is one or a preset cannot be read. See docs/ship.md.

        """ + "\n" + options(for: .check)
    }

    static var scenes: String {
        """
        flipbook scenes — list the built-in scenes and their parameters

        USAGE
          flipbook scenes [--json | --markdown]

        """ + "\n" + options(for: .scenes)
    }

    static var schema: String {
        """
        flipbook schema — print the presets' JSON Schema (schema/preset.schema.json)

        USAGE
          flipbook schema
          flipbook schema --markdown [DOC.md…]

        With --markdown, the docs' reference tables of keys, each between <!-- keys: NAME -->
        and <!-- /keys -->, generated from the same declarations as the schema and the decoder;
        given documents, it writes the tables they hold into them instead.

        """ + "\n" + options(for: .schema)
    }

    static var completion: String {
        """
        flipbook completion — print a shell's completion script for flipbook

        USAGE
          flipbook completion bash|zsh|fish

        The script completes the commands, their options and the options' values (files for
        paths, the choices of --format, --progress, --dither, …), as declared for --help.
        Load it in the running shell, or install it where the shell looks (docs/cli.md):
          source <(flipbook completion bash)
          flipbook completion zsh > "${fpath[1]}/_flipbook"
          flipbook completion fish > ~/.config/fish/completions/flipbook.fish

        """ + "\n" + options(for: .completion)
    }

    /// Every command and what it does, wrapped under the main help's COMMANDS.
    private static var commandList: String {
        let width = (Subcommand.allCases.map(\.rawValue.count).max() ?? 0) + 4
        var text = ""
        for command in Subcommand.allCases {
            var line = "  " + command.rawValue.padding(toLength: width - 2, withPad: " ", startingAt: 0)
            for word in command.summary.split(separator: " ") {
                if line.count + 1 + word.count > wrapWidth, line.count > width {
                    text += line + "\n"
                    line = String(repeating: " ", count: width) + word
                } else {
                    line += (line.count > width ? " " : "") + word
                }
            }
            text += line + "\n"
        }
        return text
    }

    /// The width the main help's command list is wrapped to.
    private static let wrapWidth = 80

    /// The options `command` takes, from their declarations, grouped as `--help` lists them.
    static func options(for command: Subcommand) -> String {
        var text = ""
        for group in [OptionDeclaration.Group.output, .rendering, .general] {
            let options = OptionCatalog.options(for: command).filter { $0.group == group }
            guard !options.isEmpty else { continue }
            text += "\(group.rawValue)\n"
            for option in options {
                let label = "  " + option.label
                text +=
                    label.count < 24
                    ? label.padding(toLength: 24, withPad: " ", startingAt: 0) + option.help + "\n"
                    : label + "\n" + String(repeating: " ", count: 24) + option.help + "\n"
            }
            text += "\n"
        }
        return String(text.dropLast())
    }

    /// Every command's option table, each between the markers `docs/cli.md` holds it in
    /// (`flipbook help --markdown`; a test compares them with the doc).
    static var optionTables: String {
        Subcommand.tabulated.map { command in
            "<!-- options: \(command.rawValue) -->\n" + markdownTable(for: command) + "<!-- /options -->\n"
        }.joined(separator: "\n")
    }

    /// The table of the classes of warnings, between the markers `docs/cli.md` holds it in
    /// (after the option tables in `flipbook help --markdown`; a test compares it with the doc).
    static var warningClassTable: String {
        "<!-- warnings -->\n| class | what it warns of |\n|-------|------------------|\n"
            + WarningClass.allCases.map { "| `\($0.code)` | \($0.summary) |\n" }.joined()
            + "<!-- /warnings -->\n"
    }

    /// The option table of `command` for `docs/cli.md`, from the same declarations.
    static func markdownTable(for command: Subcommand) -> String {
        var table = "| option | meaning |\n|--------|---------|\n"
        for option in OptionCatalog.options(for: command) {
            let label =
                (option.alias.map { "`\($0)`, " } ?? "") + "`\(option.name)"
                + (option.valueName.map { " \($0.replacingOccurrences(of: "|", with: "\\|"))" } ?? "") + "`"
            table += "| \(label) | \(option.doc) |\n"
        }
        return table
    }
}
