/// The texts of `flipbook --help` and of each command's `--help`.
enum Help {
    static let commands = ["render", "still", "batch", "validate", "scenes", "schema"]

    /// The help for `command` (`flipbook help render`), or the main help.
    static func text(for command: String?) -> String {
        switch command {
        case "render": render
        case "still": still
        case "batch": batch
        case "validate": validate
        case "scenes": scenes
        case "schema": schema
        default: main
        }
    }

    static let main = """
        flipbook — render animated 2D scenes (SwiftUI-style Canvas) to video

        USAGE
          flipbook render PRESET.json -o OUT [options]
          flipbook still PRESET.json --at SECONDS -o FILE.png [options]
          flipbook batch PRESET.json… -o DIR [--jobs N] [--skip-existing] [options]
          flipbook validate PRESET.json… [--set KEY.PATH=VALUE]…
          flipbook scenes [--json | --markdown]
          flipbook schema
          flipbook --help | flipbook COMMAND --help

        COMMANDS
          render    Render a preset to a video (MP4, WebM, MOV, GIF, APNG), a PNG sequence,
                    a still (PNG, JPEG) or a contact sheet
          still     Render one frame of a preset as a PNG or JPEG
          batch     Render many presets into a folder, N at a time; keeps going after a
                    failure, prints a summary table, exits non-zero if any failed
          validate  Check presets without rendering
          scenes    List the built-in scenes and their parameters with defaults
          schema    Print the presets' JSON Schema (schema/preset.schema.json)

        Every command that reads presets takes --set KEY.PATH=VALUE (repeatable), e.g.
        --set parameters.count=300 --set parameters.bursts[0].x=200, checked like the file.

        Exit codes: 0 success, 64 usage error, 65 invalid input, 70 render/encode failure,
        73 output not writable, 74 stdout/stderr not writable, 130 interrupted,
        141 stdout closed (a pipe's reader quit). See docs/cli.md.
        """

    static let render = """
        flipbook render — render a preset to a video, a PNG sequence, a still or a contact sheet

        USAGE
          flipbook render PRESET.json -o OUT [options]

        OUTPUT (the format comes from --format or OUT's name; docs/formats.md has the table)
          --set KEY.PATH=VALUE  Change a preset value, checked like the file's own
          -o, --output PATH     .mp4 (H.264), .webm (VP9), .mov (ProRes 4444), .gif, .apng,
                                .png/.jpg (a still), name_%05d.png or folder/ (PNG sequence).
                                Written under a temporary name and renamed when complete.
          --format NAME         h264, hevc, vp9, prores, gif, apng, png-sequence, png, jpeg
          --crf N               Constant quality (h264/hevc 0…51, vp9 0…63; lower is better)
          --bitrate RATE        Average bitrate instead, e.g. 8M or 2500k
          --preset NAME         Speed preset ultrafast … placebo (h264, hevc, vp9)
          --keyint N            At most N frames between key frames
          --pix-fmt NAME        yuv420p, yuv444p, yuv420p10le, yuva420p, yuva444p10le, rgba, …
          --color-range tv|pc   Limited (default) or full range
          --background COLOR    Colour under the scene; "clear" keeps alpha (vp9, prores,
                                apng, png). Default: the preset's
          --scale F             Pixels per point: 0.5 for a half-size preview, 2 for double
          --loop N              GIF/APNG: plays, 0 = forever (default)
          --dither NAME         GIF: bayer (default), floyd-steinberg or none
          --title, --description, --comment TEXT
                                Metadata (MP4, MOV, WebM); description defaults to the
                                scene's accessibility label
          --creation-time T     now or ISO 8601; none by default, so files are reproducible
          --captions            Also write OUT.vtt, a WebVTT description of the video
          --at SECONDS          For a still: the time to render (default 0)
          --contact-sheet N     Write a PNG grid of N evenly spaced, time-stamped frames
          --columns N           Contact sheet columns (default 4)
          --cell-width PX       Contact sheet cell width (default 320)

        RENDERING
          --threads N           Render workers (default: one per core). Output is identical
                                for every N.
          --fps RATE            Frame rate: 60, 29.97 or 30000/1001 (overrides the preset;
                                GIF defaults to at most 50)
          --size WxH            Canvas size in points, e.g. 1280x720 (odd sizes are padded
                                by one background pixel for 4:2:0 video)
          --duration SECONDS    Length of the video; frames = ceil(duration × fps)
          --progress bar|json|none
                                bar: progress bar on stderr (default on a terminal);
                                json: one JSON object per line on stdout (docs/progress.md)
          --limit NAME=VALUE    Raise a safety limit: pixels, duration, frames, particles,
                                path-points (repeatable; defaults in docs/cli.md)
          --explain             Print per frame on stdout whether it was redrawn and why,
                                or which earlier frame's pixels it reused; then a summary
                                (one render worker unless --threads, so it is reproducible)
          --no-cache            Draw every frame, even one equal to an earlier one
                                (output is identical; for comparison and debugging)
          --cache-size MB       Memory for reusable frames (default 64)
          --motion-blur N       Average N sub-frames per frame over the open shutter
          --shutter-angle DEG   Shutter open for DEG/360 of a frame (default 180)
          -q, --quiet           Print nothing but errors
          -h, --help            Show this help

        Ctrl-C stops the render, removes the partial output and exits with 130.
        """

    static let still = """
        flipbook still — render one frame of a preset as a PNG or JPEG

        USAGE
          flipbook still PRESET.json --at SECONDS -o FILE.png|FILE.jpg [options]

        Takes render's options that apply to a still (see flipbook render --help):
        --at SECONDS (0 … the preset's duration, default 0), --size, --scale, --background,
        --duration, --set, --limit, --pix-fmt (jpeg: yuvj444p or yuvj420p), --progress, -q.
        """

    static let batch = """
        flipbook batch — render many presets into one folder

        USAGE
          flipbook batch PRESET.json… -o DIR [--jobs N] [--skip-existing] [options]

        Each preset becomes DIR/NAME.EXT: NAME from the preset's file name, EXT from --format
        or the preset's own output format (a PNG sequence becomes the folder DIR/NAME/).
        Two presets that would write the same output are refused before anything renders
        (exit 65). A missing DIR is created.

          -o, --output DIR      The folder to write into
          --jobs N              Presets rendered at once, 1 to 64 (default 1); the cores
                                are split between them
          --skip-existing       Leave alone outputs newer than their preset
          --format NAME         One format for every preset

        Takes render's encoding and rendering options (--crf, --size, --fps, --duration,
        --set, --limit, --threads, …; see flipbook render --help), applied to every preset.
        Prints one summary row per preset on stdout; exits with the worst failure's code.
        """

    static let validate = """
        flipbook validate — check presets without rendering

        USAGE
          flipbook validate PRESET.json… [--set KEY.PATH=VALUE]… [--limit NAME=VALUE]… [-q]

        Prints "ok PATH: …" per valid preset on stdout and each problem on stderr as
        FILE:LINE:COLUMN: JSON.PATH: what is wrong. Exits 65 if any preset is invalid.
        """

    static let scenes = """
        flipbook scenes — list the built-in scenes and their parameters

        USAGE
          flipbook scenes [--json | --markdown]

          --json       The parameters of every scene as JSON Schemas
          --markdown   docs/scenes.md, the scene gallery
        """

    static let schema = """
        flipbook schema — print the presets' JSON Schema (schema/preset.schema.json)

        USAGE
          flipbook schema
        """
}
