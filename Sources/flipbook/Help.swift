/// The texts of `flipbook --help` and `flipbook render --help`.
enum Help {
    static let main = """
        flipbook — render animated 2D scenes (SwiftUI-style Canvas) to video

        USAGE
          flipbook render PRESET.json -o OUT [options]
          flipbook still PRESET.json --at SECONDS -o FILE.png [options]
          flipbook batch PRESET.json… -o DIR [--jobs N] [--skip-existing] [options]
          flipbook validate PRESET.json… [--set KEY.PATH=VALUE]…
          flipbook scenes [--json | --markdown]
          flipbook schema
          flipbook --help | flipbook render --help

        COMMANDS
          render    Render a preset to a video (MP4, WebM, MOV, GIF, APNG), a PNG sequence,
                    a still (PNG, JPEG) or a contact sheet
          still     Render one frame of a preset as a PNG or JPEG
          batch     Render many presets into a folder, N at a time; keeps going after a
                    failure, prints a summary table, exits non-zero if any failed
          validate  Check presets without rendering
          scenes    List the built-in scenes and their parameters with defaults
          schema    Print the presets' JSON Schema (presets/preset.schema.json)

        Every command that reads presets takes --set KEY.PATH=VALUE (repeatable), e.g.
        --set parameters.count=300 --set parameters.bursts[0].x=200, checked like the file.

        Exit codes: 0 success, 64 usage error, 65 invalid input, 70 render/encode failure,
        73 output not writable, 130 interrupted. See docs/cli.md.
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
}
