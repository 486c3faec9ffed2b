import Flipbook
import Foundation

/// Every option of every command, declared once (`Option`). `ArgumentList` reads command lines
/// with it, `Help` prints from it, and `docs/cli.md`'s option table is generated from it
/// (`flipbook help --markdown`; a test fails when the doc is stale).
enum OptionCatalog {
    /// The commands that make videos, and those that make any output.
    private static let videoCommands: Set<Option.Command> = [.render, .batch, .farm]
    private static let producingCommands: Set<Option.Command> = [.render, .still, .batch, .farm]
    /// The commands that put sound in a video.
    private static let soundCommands: Set<Option.Command> = [.render, .batch, .farm, .join]

    static let all: [Option] = outputOptions + renderingOptions + generalOptions

    /// The names of the formats `matching` holds for, comma-separated, for an option's help.
    private static func formats(_ matching: (OutputFormat) -> Bool) -> String {
        OutputFormat.allCases.filter(matching).map(\.rawValue).joined(separator: ", ")
    }

    private static let outputOptions: [Option] = [
        Option(
            name: "--output", alias: "-o", value: "PATH", group: .output,
            commands: producingCommands.union([.join]),
            help:
                "Where to write: .mp4, .webm, .mov, .mkv, .gif, .apng, .webp, .png/.jpg, name_%05d.png or folder/; - for stdout (with --format)",
            doc:
                "where to write (required; for `batch` the folder); its name chooses the format unless `--format` does — see [formats.md](formats.md); `-` is standard output (`render` with `--format`; `still` writes a PNG there unless `--format jpeg`)"
        ),
        Option(
            name: "--format", value: "NAME", group: .output, commands: producingCommands,
            help: formats { _ in true },
            doc:
                OutputFormat.allCases.map { "`\($0)`" }.joined(separator: ", ")
                + "; must agree with the output's name (`av1` and `hevc` are written as .mp4)"
        ),
        Option(
            name: "--set", value: "KEY.PATH=VALUE", repeatable: true, group: .output,
            commands: [.render, .still, .batch, .validate, .farm],
            help: "Change a preset value, checked like the file's own (repeatable)",
            doc:
                "change a preset value, checked like the file's own (repeatable): `parameters.count=300`, `parameters.bursts[0].x=200`; a value that parses as JSON is that JSON, anything else a string (`background=#101018`), and a number beyond a double's range (`1e400`) is an error"
        ),
        Option(
            name: "--crf", value: "N", expected: "a number, e.g. 18", check: .number(-1e9...1e9),
            group: .output,
            commands: videoCommands, help: "Constant quality (h264/hevc 0…51, av1/vp9 0…63; lower is better)",
            doc: "constant quality: h264/hevc 0…51, av1/vp9 0…63 (defaults 18, 22, 30, 31)",
            use: .constantQuality),
        Option(
            name: "--bitrate", value: "RATE", expected: "bits per second from 1k to 1000M, e.g. 8M or 2500k",
            check: .custom { OutputFlags.parseBitrate($0) != nil }, group: .output, commands: videoCommands,
            help: "Average bitrate instead, e.g. 8M or 2500k (1k…1000M)",
            doc:
                "average bitrate instead of constant quality: `8M`, `2500k`, 1k…1000M (\(formats(\.hasRateControl)))",
            use: .rateControl),
        Option(
            name: "--preset", value: "NAME", group: .output, commands: videoCommands,
            help: "Speed preset ultrafast … placebo (\(formats(\.hasSpeedPresets)))",
            doc:
                "speed preset, `ultrafast` … `placebo` (default: the preset file's, else `medium`); slower presets keep more frames: x264 holds about 75 MB at 1080p with `ultrafast` and about 450 MB with `medium`",
            use: .speedPresets),
        Option(
            name: "--keyint", value: "N", expected: "frames between key frames, 1 to 10000",
            check: .integer(1...10_000), group: .output, commands: videoCommands,
            help: "At most N frames between key frames (\(formats(\.hasRateControl)))", use: .rateControl),
        Option(
            name: "--encoder-threads", value: "N", expected: "threads from 1 to 64",
            check: .integer(VideoEncoderSettings.encoderThreadRange), group: .output, commands: videoCommands,
            help: "Video encoder threads, 1…64 (default 4 on every machine; the bytes depend on it)",
            doc:
                "threads of the video encoder, 1…64 (default 4 whatever the machine, because x264's and x265's output depends on it: the same N gives the same bytes everywhere); more for large frames on many cores, fewer for less memory",
            use: .encoders),
        Option(
            name: "--pix-fmt", value: "NAME", group: .output, commands: producingCommands,
            help: "yuv420p, yuv444p, yuv420p10le, yuva420p, yuva444p10le, rgba, yuvj420p, …",
            doc: "pixel format; each format's choices are in [formats.md](formats.md)"),
        Option(
            name: "--color-range", value: "tv|pc", expected: "tv or pc",
            check: .custom { ColorRange(parsing: $0) != nil }, group: .output, commands: videoCommands,
            help: "Limited (default) or full range (\(formats(\.isTaggedVideo)))", use: .colorTags),
        Option(
            name: "--background", value: "COLOR",
            expected: "a colour name or #RRGGBB[AA], e.g. clear or #101018",
            check: .custom { Color(parsing: $0) != nil }, group: .output, commands: producingCommands,
            help: "Colour under the scene; \"clear\" keeps alpha (\(formats(\.supportsAlpha)))",
            doc:
                "colour under the scene (`clear`, a name, `#RRGGBB[AA]`); a transparent one needs a format with alpha: \(formats(\.supportsAlpha)) (gif: one bit)"
        ),
        Option(
            name: "--scale", value: "F", expected: "pixels per point, from 0.05 to 8, e.g. 0.5 or 2/3",
            check: .custom { RenderCommand.parseScale($0) != nil }, group: .output,
            commands: producingCommands,
            help: "Pixels per point: 0.5 for a half-size preview, 2 for double, 2/3 for 1080p as 720p",
            doc:
                "pixels per point, 0.05…8, a number or a fraction (`2/3`): the scene is drawn scaled, not resampled"
        ),
        Option(
            name: "--loop", value: "N", expected: "plays, 0 (forever) to 65535", check: .integer(0...65_535),
            group: .output, commands: videoCommands, help: "GIF/APNG/WebP: plays, 0 = forever (default)",
            doc: "GIF, APNG and WebP: how many times to play, 0 = forever (default)", use: .animatedImages),
        Option(
            name: "--dither", value: "NAME",
            expected: Dither.allCases.map(\.rawValue).joined(separator: ", "),
            check: .custom { Dither(rawValue: $0) != nil }, group: .output, commands: videoCommands,
            help: "GIF: bayer (default), floyd-steinberg or none",
            doc: "GIF: `bayer` (default), `floyd-steinberg`, `none`", use: .gif),
        Option(
            name: "--quality", value: "N", expected: "a quality from 0 to 100, e.g. 90",
            check: .number(EncodingOptions.qualityRange), group: .output, commands: producingCommands,
            help: "WebP and JPEG: quality 0…100, higher is better (WebP default 75)",
            doc:
                "WebP: libwebp's quality, 0…100, higher is better (default 75): the fidelity of lossy `yuva420p`/`yuv420p`, the effort of lossless `bgra`. JPEG stills: libjpeg's quality scale, as other tools' `-quality 85` (default: about as faithful as 95, in fewer bytes)",
            use: .quality),
        Option(
            name: "--matte", value: "COLOR", expected: "an opaque colour: a name or #RRGGBB",
            check: .custom { Color(parsing: $0) != nil }, group: .output, commands: videoCommands,
            help: "Transparent GIF: the page colour its edges blend into",
            doc:
                "a transparent GIF's drawn pixels are shown over this opaque colour, so anti-aliased edges blend into a page of that colour",
            use: .gif),
        Option(
            name: "--title", value: "TEXT", group: .output, commands: videoCommands,
            help: "Title tag (MP4, MOV, WebM, MKV)", doc: "title tag in MP4, MOV, WebM and MKV",
            use: .containerMetadata
        ),
        Option(
            name: "--description", value: "TEXT", group: .output, commands: videoCommands,
            help: "Description tag (default: the scene's accessibility label)",
            doc: "description tag in MP4, MOV, WebM and MKV; defaults to the scene's accessibility label",
            use: .containerMetadata),
        Option(
            name: "--comment", value: "TEXT", group: .output, commands: videoCommands,
            help: "Comment tag (MP4, MOV, WebM, MKV)", doc: "comment tag in MP4, MOV, WebM and MKV",
            use: .containerMetadata),
        Option(
            name: "--creation-time", value: "T",
            expected: "now or an ISO 8601 time such as 2026-01-31T12:00:00Z",
            check: .custom { $0 == "now" || ISO8601DateFormatter().date(from: $0) != nil }, group: .output,
            commands: videoCommands, help: "now or ISO 8601; none by default, so files are reproducible",
            doc: "`now` or ISO 8601; without it no wall-clock time is written, so files are reproducible",
            use: .containerMetadata),
        Option(
            name: "--captions", group: .output, commands: [.render],
            help: "Also write OUT.vtt, a WebVTT description of the video",
            doc:
                "also write `OUT.vtt`, a WebVTT description of the video for people who cannot see it (and a composition's captioned texts, at their times)",
            use: .video),
        Option(
            name: "--at", value: "SECONDS", expected: "seconds from the start, e.g. 1.5",
            check: .number(0...Double.greatestFiniteMagnitude), group: .output, commands: [.render, .still],
            help: "For a still: the time to render, within the video (default 0)",
            doc: "for a still (`.png`, `.jpg`): the time to render, 0 … the video's length (default 0)",
            use: .still),
        Option(
            name: "--contact-sheet", value: "N", expected: "how many frames the sheet shows, 1 to 1000",
            check: .integer(1...1000), group: .output, commands: [.render],
            help: "Write a PNG grid of N evenly spaced, time-stamped frames",
            doc: "write a PNG grid of N evenly spaced frames, each labelled with its time"),
        Option(
            name: "--columns", value: "N", expected: "1 to 100", check: .integer(1...100), group: .output,
            commands: [.render], help: "Contact sheet columns (default 4)", use: .contactSheet),
        Option(
            name: "--cell-width", value: "PX", expected: "pixels, 16 to 4096", check: .integer(16...4096),
            group: .output, commands: [.render], help: "Contact sheet cell width (default 320)",
            use: .contactSheet),
    ]

    private static let renderingOptions: [Option] = [
        Option(
            name: "--threads", value: "N", expected: "a whole number from 1 to 256", check: .integer(1...256),
            commands: videoCommands,
            help: "Render workers (default: one per core); output is identical for every N",
            doc:
                "render workers, 1…256 (default: one per core; `batch` splits the cores between its jobs); the output is identical for every N"
        ),
        Option(
            name: "--fps", value: "RATE", expected: "a frame rate such as 60 or 30000/1001",
            check: .custom { FrameRate(parsing: $0) != nil }, commands: producingCommands,
            help: "Frame rate: 60, 29.97 or 30000/1001, at most 1000 (GIF: at most 50)",
            doc:
                "frame rate: `60`, `29.97` (read as 2997/100) or `30000/1001`, at most 1000; GIF defaults to at most 50"
        ),
        Option(
            name: "--size", value: "WxH", expected: "WIDTHxHEIGHT such as 1280x720, each side 16…8192",
            check: .custom { RenderCommand.parseSize($0) != nil }, commands: producingCommands,
            help: "Canvas size in points, 16…8192 (odd sizes are padded for 4:2:0 video)",
            doc:
                "canvas size in points, 16…8192; odd sizes are padded by one background pixel for 4:2:0 video; what a preset places in points stays where it is (to shrink the whole picture, use `--scale`)"
        ),
        Option(
            name: "--duration", value: "SECONDS", expected: "seconds, a positive number",
            check: .custom { Double($0).map { $0 > 0 && $0.isFinite } ?? false }, commands: producingCommands,
            help: "Length of the video; frames = ceil(duration × fps)",
            doc: "length; the video has ⌈duration × fps⌉ frames"),
        Option(
            name: "--limit", value: "NAME=VALUE", repeatable: true,
            commands: [.render, .still, .batch, .farm, .validate],
            help: "Raise a safety limit (repeatable; names in docs/cli.md)",
            doc: "raise a safety limit (repeatable), see *Limits*"),
        Option(
            name: "--allow-read", value: "DIR", repeatable: true,
            commands: [.render, .still, .batch, .farm, .validate, .join],
            help: "Let the preset read files in DIR too (repeatable; see the security model in docs/cli.md)",
            doc:
                "let the preset read files in DIR (and its subfolders) too, beyond its own folder and the working folder (repeatable), see *Security model*"
        ),
        Option(
            name: "--memory-limit", value: "SIZE", expected: "a size from 1MB, such as 2GB, 512MB or 1.5GiB",
            check: .custom { MemoryBudget(parsing: $0) != nil },
            commands: [.render, .still, .batch, .farm, .validate],
            help: "Memory a render may take, e.g. 2GB (default: half the machine's, at most 8 GiB)",
            doc:
                "the memory a render may take: `2GB`, `512MB`, `1.5GiB` or bytes (default: half the machine's memory, at most 8 GiB); a preset whose estimate is over it is refused before the first frame (exit 65), naming its costliest part; `batch --jobs N` gives each render an Nth — see *Limits*"
        ),
        Option(
            name: "--explain", commands: [.render],
            help: "Print per frame on stdout whether it was redrawn and why, then a summary",
            doc:
                "print on stdout, per frame, whether it was redrawn and why or whose pixels it reused, with its named layers; then a summary (see *Change tracking*); with `--progress json`, in the events instead ([progress.md](progress.md)). Renders on one worker unless `--threads` says otherwise, so the explanation is the same on every run",
            use: .video),
        Option(
            name: "--no-cache", commands: videoCommands,
            help: "Draw every frame, even one equal to an earlier one (output is identical)",
            doc:
                "draw every frame and layer, even ones equal to earlier ones (output is identical; for comparison and debugging)"
        ),
        Option(
            name: "--cache-size", value: "MB", expected: "megabytes, a whole number from 1 to 65536",
            check: .integer(1...65_536), commands: videoCommands,
            help:
                "Memory for reusable frames (default \(VideoExport.defaultCacheBytes >> 20); the latest two are always kept)",
            doc:
                "memory for reusable frames (default \(VideoExport.defaultCacheBytes >> 20), the latest two distinct frames kept whatever their size; layers that repeat have their own \(VideoExport.defaultLayerCacheBytes >> 20) MB)"
        ),
        Option(
            name: "--motion-blur", value: "N", expected: "sub-frames per frame, 2 to 256",
            check: .integer(MotionBlur.sampleRange), commands: videoCommands,
            help: "Average N sub-frames per frame over the open shutter",
            doc: "average N sub-frames (2…256) spread over the open shutter", use: .video),
        Option(
            name: "--shutter-angle", value: "DEG", expected: "degrees, 1 to 360", check: .number(1...360),
            commands: videoCommands, help: "Shutter open for DEG/360 of a frame (default 180)",
            doc: "the shutter is open for DEG/360 of a frame interval (default 180)", use: .video),
        Option(
            name: "--chunk", value: "I/N", expected: "I/N with 0 ≤ I < N, e.g. 0/4", commands: [.render],
            help: "Render only chunk I of N (join them with flipbook join)",
            doc:
                "render only chunk I (from 0) of N: frames ⌊I·F/N⌋ up to ⌊(I+1)·F/N⌋ of the video's F, with their own timestamps, starting on a key frame; `flipbook join` puts the chunks together — see [scale-out.md](scale-out.md)",
            use: .chunk),
        Option(
            name: "--frames", value: "A..B", expected: "A..B, frames A up to, not including, B",
            commands: [.render],
            help: "Render only frames A up to B (a chunk)",
            doc: "render only frames A up to, not including, B (`0..90`; `0..<90` too), as a chunk",
            use: .chunk),
        Option(
            name: "--audio", value: "FILE", expected: "a sound file", repeatable: true,
            commands: soundCommands,
            help: "Add a soundtrack from the video's start (repeatable; mixed)",
            doc:
                "add FILE (WAV, MP3, AAC/M4A, FLAC, Ogg/Opus, …) as a soundtrack from the video's start, trimmed to the video's length; repeat to mix several, with the preset's `audio` — see [audio.md](audio.md)",
            use: .sound),
        Option(
            name: "--audio-codec", value: "NAME", expected: "aac, opus or pcm_s16le",
            check: .custom { AudioCodec(rawValue: $0) != nil }, commands: soundCommands,
            help: "Sound codec: aac (MP4, MOV, MKV), opus (WebM, MKV), pcm_s16le (MOV, MKV)",
            doc:
                "the sound's codec: `aac` (MP4 and MOV, the default there; MKV), `opus` (WebM and MKV, the default there), `pcm_s16le` (MOV, MKV)",
            use: .sound),
        Option(
            name: "--audio-bitrate", value: "RATE", expected: "bits per second, 32k to 512k",
            check: .custom {
                OutputFlags.parseBitrate($0).map(VideoEncoderSettings.audioBitrates.contains) ?? false
            },
            commands: soundCommands, help: "Sound bitrate (default 192k)",
            doc: "the sound's bitrate, 32k…512k (default 192k; PCM has none)", use: .sound),
        Option(
            name: "--loudness", value: "LUFS", expected: "a loudness in LUFS from -70 to -5, e.g. -14",
            check: .number(LoudnessTarget.integratedRange), commands: soundCommands,
            help: "Bring the sound to this loudness (EBU R 128; -14 for streaming, -23 broadcast)",
            doc:
                "bring the mixed sound to this integrated loudness (EBU R 128, LUFS): one gain, and a limiter on the peaks it would lift above `--true-peak`; replaces the preset's `audio.loudness` — see [audio.md](audio.md#loudness)",
            use: .sound),
        Option(
            name: "--true-peak", value: "DBTP", expected: "a level in dBTP from -9 to 0, e.g. -1",
            check: .number(LoudnessTarget.truePeakRange), commands: soundCommands,
            help: "The true peak --loudness may not pass (default -1)",
            doc:
                "the true-peak ceiling (dBTP) the loudness gain may not lift the sound above, -9…0 (default -1); needs `--loudness` or the preset's `audio.loudness`",
            use: .sound),
        Option(
            name: "--no-limiter", commands: soundCommands,
            help: "Reach --loudness by gain alone: stop short where peaks would pass --true-peak",
            doc:
                "bring the sound to `--loudness` by one gain only, stopping short (with a warning) where the peaks would pass `--true-peak`, instead of limiting those peaks; needs a loudness target",
            use: .sound),
        Option(
            name: "--jobs", value: "N", expected: "a whole number from 1 to 64", check: .integer(1...64),
            commands: [.batch], help: "Presets rendered at once (default 1)",
            doc: "presets rendered at once, 1…64 (default 1); the cores are split between them"),
        Option(
            name: "--variables", value: "TABLE", expected: "a CSV or JSON file", commands: [.batch, .farm],
            help: "Render each preset once per row of a table of variables",
            doc:
                "render each preset once per row of TABLE (CSV with a header row, or a JSON array of objects): the row's values set the composition's `variables`; outputs are `NAME-ROW.EXT`, ROW from the `name` column or the row number (see [compositions.md](compositions.md#variants))"
        ),
        Option(
            name: "--verify", commands: [.join],
            help: "Decode the joined file and check its frames and timestamps",
            doc:
                "decode the joined file and check that it has every frame, with strictly increasing timestamps"
        ),
        Option(
            name: "--chunks", value: "N", expected: "a whole number from 1 to 10000",
            check: .integer(1...10_000),
            commands: [.farm], help: "Split each preset's render into N chunks (default 1)",
            doc: "split each preset's render into N chunks, one array task each (default 1)"),
        Option(
            name: "--partition", value: "NAME", commands: [.farm], help: "Slurm partition for every job",
            doc: "the Slurm partition every job runs in (`sbatch --partition`)"),
        Option(
            name: "--time", value: "LIMIT", commands: [.farm], help: "Slurm time limit per job, e.g. 30:00",
            doc:
                "the time limit of each job, as Slurm writes it (`sbatch --time`: `30`, `1:30:00`, `2-00:00:00`)"
        ),
        Option(
            name: "--work", value: "DIR", commands: [.farm],
            help: "Folder for job scripts, chunks and logs (default OUT.farm/)",
            doc:
                "the shared folder for the job scripts, the chunks and the logs (default: the output's name + `.farm/`)"
        ),
        Option(
            name: "--submit", commands: [.farm], help: "Submit the jobs with sbatch (else only write them)",
            doc:
                "submit the jobs with `sbatch` and print their ids; without it the scripts are written and the `sbatch` lines printed"
        ),
        Option(
            name: "--skip-existing", commands: [.batch], help: "Leave alone outputs newer than their preset",
            doc: "leave alone outputs newer than their preset (\"up to date\")"),
    ]

    private static let generalOptions: [Option] = [
        Option(
            name: "--progress", value: "bar|json|none", expected: "bar, json or none",
            check: .custom { ["bar", "json", "none"].contains($0) }, group: .general,
            commands: [.render, .still, .batch],
            help: "bar on stderr (default on a terminal; not for batch), json lines on stdout, or none",
            doc:
                "`bar`: a bar with frames, fps and ETA on stderr (default when stderr is a terminal; not for `batch`); `json`: one JSON object per line on stdout — for `batch`, every render's events tagged with its `job`, then `batch_done` — see [progress.md](progress.md); `none`: only the final summary line"
        ),
        Option(
            name: "--dry-run", group: .general, commands: producingCommands,
            help: "Check everything, write nothing (exit code as a real run would give)",
            doc:
                "run every check — the preset, each option against the format, the limits, the outputs — and write nothing"
        ),
        Option(
            name: "--quiet", alias: "-q", group: .general,
            commands: [.render, .still, .batch, .validate, .join, .farm],
            help: "Print nothing but errors",
            doc: "print nothing but errors (and the JSON stream, if asked for)"),
        Option(
            name: "--help", alias: "-h", group: .general,
            commands: [.render, .still, .batch, .validate, .join, .farm],
            help: "Show this help"),
    ]

    /// The options `command` takes.
    static func options(for command: Option.Command) -> [Option] {
        all.filter { $0.commands.contains(command) }
    }

    /// The option spelled `name` (`--output` or `-o`), whatever command takes it.
    static func option(named name: String) -> Option? {
        all.first { $0.name == name || $0.alias == name }
    }
}
