/// The texts of `flipbook --help` and `flipbook render --help`.
enum Help {
    static let main = """
        flipbook — render animated 2D scenes (SwiftUI-style Canvas) to video

        USAGE
          flipbook render PRESET.json -o OUT.mp4 [options]
          flipbook --help | flipbook render --help

        COMMANDS
          render    Render a preset to an H.264 MP4 file

        Exit codes: 0 success, 64 usage error, 65 invalid input, 70 render/encode failure,
        73 output not writable, 130 interrupted. See docs/cli.md.
        """

    static let render = """
        flipbook render — render a preset to an H.264 MP4 (yuv420p, BT.709, +faststart)

        USAGE
          flipbook render PRESET.json -o OUT.mp4 [options]

        OPTIONS
          -o, --output FILE     Where to write the video (required). Written to a temporary
                                file beside it and renamed into place when complete.
          --threads N           Render workers (default: one per core). Output is identical
                                for every N.
          --fps RATE            Frame rate: 60, 29.97 or 30000/1001 (overrides the preset)
          --size WxH            Frame size in pixels, both even, e.g. 1280x720
          --duration SECONDS    Length of the video; frames = ceil(duration × fps)
          --crf N               x264 quality, 0 (lossless) … 51 (default: preset, else 18)
          --preset NAME         x264 speed preset, ultrafast … placebo (default: medium)
          --progress bar|json|none
                                bar: progress bar on stderr (default on a terminal);
                                json: one JSON object per line on stdout (docs/progress.md)
          --limit NAME=VALUE    Raise a safety limit: pixels, duration, frames, particles,
                                path-points (repeatable; defaults in docs/cli.md)
          --explain             Print per frame on stdout whether it was redrawn and why,
                                or which earlier frame's pixels it reused; then a summary
          --no-cache            Draw every frame, even one equal to an earlier one
                                (output is identical; for comparison and debugging)
          --cache-size MB       Memory for reusable frames (default 64)
          --motion-blur N       Average N sub-frames per frame over the open shutter
          --shutter-angle DEG   Shutter open for DEG/360 of a frame (default 180)
          -q, --quiet           Print nothing but errors
          -h, --help            Show this help

        Ctrl-C stops the render, removes the partial file and exits with 130.
        """
}
