import Flipbook
import FlipbookChecks
import Foundation

/// Every option of every command, each declared once, as a property (`Option`): its name,
/// value type and parser (with the range), default, help line, doc text, the commands that take
/// it and the outputs that use it. Commands read them by key path (`list[\.threads]`, an
/// `Int?`); `ArgumentList` parses with them, `Help` prints from them, `docs/cli.md`'s option
/// tables are generated from them (`flipbook help --markdown`; a test fails when the doc is
/// stale), and so are the shell completion scripts (`flipbook completion`).
///
/// Adding an option is adding a property here: the catalog finds its properties by reflection
/// (`OptionCatalog.all`), so there is no second list to forget. The order of the properties is
/// the order of `--help` and of the docs' tables.
struct OptionCatalog: Sendable {
    // MARK: Output

    let output = Option<String?>(
        "--output", alias: "-o", valueName: "PATH", .file, group: .output,
        commands: Subcommand.producing.union([.join, .preview]),
        help:
            "Where to write: .mp4, .webm, .mov, .mkv, .gif, .apng, .webp, .png/.jpg, name_%05d.png or folder/; - for stdout (with --format); preview: the exports' folder",
        doc:
            "where to write (required; for `batch` the folder; for `preview` the folder exports go to, by default the preset's folder's `out/`); its name chooses the format unless `--format` does — see [formats.md](formats.md); `-` is standard output (`render` with `--format`; `still` writes a PNG there unless `--format jpeg`)"
    )
    let format = Option<OutputFormat?>(
        "--format", valueName: "NAME", .choice, group: .output, commands: Subcommand.producing,
        help: OutputFormat.allCases.map(\.rawValue).joined(separator: ", "),
        doc: OutputFormat.allCases.map { "`\($0)`" }.joined(separator: ", ")
            + "; must agree with the output's name (`av1` and `hevc` are written as .mp4)"
    )
    let set = Option<[String]>(
        repeatable: "--set", valueName: "KEY.PATH=VALUE", .text, group: .output,
        commands: Subcommand.presetOverriding,
        help: "Change a preset value, checked like the file's own (repeatable)",
        doc:
            "change a preset value, checked like the file's own (repeatable): `parameters.count=300`, `parameters.bursts[0].x=200`; a value that parses as JSON is that JSON, anything else a string (`background=#101018`), and a number beyond a double's range (`1e400`) is an error"
    )
    let crf = Option<Double?>(
        "--crf", valueName: "N", .number(-1e9...1e9).expecting("a number, e.g. 18"), group: .output,
        commands: Subcommand.video, help: "Constant quality (h264/hevc 0…51, av1/vp9 0…63; lower is better)",
        doc: "constant quality: h264/hevc 0…51, av1/vp9 0…63 (defaults 18, 22, 30, 31)",
        use: .constantQuality, sets: .crf)
    let bitrate = Option<Int?>(
        "--bitrate", valueName: "RATE", .bitrate(EncodingOptions.bitrateRange, example: "8M or 2500k"),
        group: .output, commands: Subcommand.video,
        help: "Average bitrate instead, e.g. 8M or 2500k ({range})",
        doc:
            "average bitrate instead of constant quality: `8M`, `2500k`, {range} (\(Self.formats(\.hasRateControl)))",
        use: .rateControl, sets: .bitrate)
    let preset = Option<String?>(
        "--preset", valueName: "NAME", .text.completing(.words(VideoEncoderSettings.presets)), group: .output,
        commands: Subcommand.video,
        help: "Speed preset ultrafast … placebo (\(Self.formats(\.hasSpeedPresets)))",
        doc:
            "speed preset, `ultrafast` … `placebo` (default: the preset file's, else `medium`); slower presets keep more frames: x264 holds about 75 MB at 1080p with `ultrafast` and about 450 MB with `medium`",
        use: .speedPresets, sets: .preset)
    let keyint = Option<Int?>(
        "--keyint", valueName: "N",
        .integer(EncodingOptions.keyframeIntervalRange, "frames between key frames"),
        group: .output, commands: Subcommand.video,
        help: "At most N frames between key frames (\(Self.formats(\.hasRateControl)))", use: .rateControl,
        sets: .keyframeInterval)
    let encoderThreads = Option<Int?>(
        "--encoder-threads", valueName: "N", .integer(VideoEncoderSettings.encoderThreadRange, "threads"),
        group: .output, commands: Subcommand.video,
        help:
            "Video encoder threads, {range} (default \(EncodingOptions.defaultEncoderThreads) on every machine; the bytes depend on it)",
        doc:
            "threads of the video encoder, {range} (default \(EncodingOptions.defaultEncoderThreads) whatever the machine, because x264's and x265's output depends on it: the same N gives the same bytes everywhere); more for large frames on many cores, fewer for less memory",
        use: .encoders, sets: .encoderThreads)
    let pixFmt = Option<String?>(
        "--pix-fmt", valueName: "NAME", .text.completing(.words(Self.pixelFormats)), group: .output,
        commands: Subcommand.producing,
        help: "yuv420p, yuv444p, yuv420p10le, yuva420p, yuva444p10le, rgba, yuvj420p, …",
        doc: "pixel format; each format's choices are in [formats.md](formats.md)", sets: .pixelFormat)
    let colorRange = Option<ColorRange?>(
        "--color-range", valueName: "tv|pc", .choice(["tv", "pc"]) { ColorRange(parsing: $0) },
        group: .output,
        commands: Subcommand.video,
        help: "Limited (default) or full range (\(Self.formats(\.isTaggedVideo)))",
        use: .colorTags)
    let background = Option<Color?>(
        "--background", valueName: "COLOR",
        .color("a colour: a name, #RGB[A], #RRGGBB[AA], rgb() or hsl(), e.g. clear or #101018").completing(
            .words(Self.colorNames)),
        group: .output, commands: Subcommand.producing,
        help: "Colour under the scene; \"clear\" keeps alpha (\(Self.formats(\.supportsAlpha)))",
        doc:
            "colour under the scene (`clear`, a SwiftUI or CSS name, `#RGB[A]`, `#RRGGBB[AA]`, `rgb()` or `hsl()`, as in [compositions.md](compositions.md#colours)); a transparent one needs a format with alpha: \(Self.formats(\.supportsAlpha)) (gif: one bit)"
    )
    let scale = Option<Double?>(
        "--scale", valueName: "F", .scale, group: .output,
        commands: Subcommand.producing.union([.inspect, .test, .check]),
        help: "Pixels per point: 0.5 for a half-size preview, 2 for double, 2/3 for 1080p as 720p",
        doc:
            "pixels per point, {range}, a number or a fraction (`2/3`): the scene is drawn scaled, not resampled"
    )
    let loop = Option<Int?>(
        "--loop", valueName: "N", .integer(EncodingOptions.loopCountRange, "plays (0 = forever)"),
        group: .output,
        commands: Subcommand.video, help: "GIF/APNG/WebP: plays, 0 = forever (default)",
        doc: "GIF, APNG and WebP: how many times to play, 0 = forever (default)", use: .animatedImages,
        sets: .loopCount)
    let dither = Option<Dither?>(
        "--dither", valueName: "NAME", .choice, group: .output, commands: Subcommand.video,
        help: "GIF: bayer (default), floyd-steinberg or none",
        doc: "GIF: `bayer` (default), `floyd-steinberg`, `none`",
        use: .gif)
    let quality = Option<Double?>(
        "--quality", valueName: "N", .number(EncodingOptions.qualityRange, "a quality", example: "90"),
        group: .output, commands: Subcommand.producing,
        help: "WebP and JPEG: quality {range}, higher is better (WebP default 75)",
        doc:
            "WebP: libwebp's quality, {range}, higher is better (default 75): the fidelity of lossy `yuva420p`/`yuv420p`, the effort of lossless `bgra`. JPEG stills: libjpeg's quality scale, as other tools' `-quality 85` (default: about as faithful as 95, in fewer bytes)",
        use: .quality, sets: .quality)
    let maxSize = Option<SizeBudget?>(
        "--max-size", valueName: "SIZE", .sizeBudget, group: .output, commands: [.render, .batch],
        help:
            "Land the file within 90–100 % of SIZE (8MB, 500kB, 2MiB): two passes for video, a ladder for GIF/APNG/WebP",
        doc:
            "land the file within 90–100 % of SIZE (`8MB`, `500kB`, `2.5MiB`; kB/MB/GB are powers of 1000, KiB/MiB/GiB of 1024, in any case: `400kb` is 400 000 bytes): H.264, HEVC, VP9 and AV1 by two-pass rate control with the sound's share taken out first, GIF, APNG and WebP by a ladder (quality, dithering, 15 fps, scale) that keeps the best that fits; a budget too small fails before writing, saying what would fit — see [ship.md](ship.md#size-budgets)"
    )
    let target = Option<PlatformTarget?>(
        "--target", valueName: "NAME", .platformTarget, group: .output, commands: [.render, .batch],
        help:
            "Meet a platform's published limits: x-video, instagram-reel, github-readme-gif, … (docs/ship.md)",
        doc:
            "meet a platform's published limits (format, file size, length, frame size, aspect ratio, frame rate): \(PlatformTarget.all.map { "`\($0.name)`" }.joined(separator: ", ")); a video that breaks one is refused before rendering (exit 65) saying what would meet it, and one that comes out over the size limit is rendered again into 90–100 % of it, as `--max-size` would — see [ship.md](ship.md#targets)"
    )
    let matte = Option<Color?>(
        "--matte", valueName: "COLOR",
        .color("an opaque colour: a name, #RGB, #RRGGBB, rgb() or hsl()").completing(.words(Self.colorNames)),
        group: .output,
        commands: Subcommand.video, help: "Transparent GIF: the page colour its edges blend into",
        doc:
            "a transparent GIF's drawn pixels are shown over this opaque colour, so anti-aliased edges blend into a page of that colour",
        use: .gif, sets: .matte)
    let title = Option<String?>(
        "--title", valueName: "TEXT", .text, group: .output, commands: Subcommand.video,
        help: "Title tag (MP4, MOV, WebM, MKV)", doc: "title tag in MP4, MOV, WebM and MKV",
        use: .containerMetadata)
    let description = Option<String?>(
        "--description", valueName: "TEXT", .text, group: .output, commands: Subcommand.video,
        help: "Description tag (default: the scene's accessibility label)",
        doc: "description tag in MP4, MOV, WebM and MKV; defaults to the scene's accessibility label",
        use: .containerMetadata)
    let comment = Option<String?>(
        "--comment", valueName: "TEXT", .text, group: .output, commands: Subcommand.video,
        help: "Comment tag (MP4, MOV, WebM, MKV)", doc: "comment tag in MP4, MOV, WebM and MKV",
        use: .containerMetadata
    )
    let creationTime = Option<Date?>(
        "--creation-time", valueName: "T", .time, group: .output, commands: Subcommand.video,
        help: "now or ISO 8601; none by default, so files are reproducible",
        doc: "`now` or ISO 8601; without it no wall-clock time is written, so files are reproducible",
        use: .containerMetadata)
    let captions = Option(
        flag: "--captions", group: .output, commands: [.render],
        help: "Also write OUT.vtt, a WebVTT description of the video",
        doc:
            "also write `OUT.vtt`, a WebVTT description of the video for people who cannot see it (and a composition's captioned texts, at their times)",
        use: .video)
    let at = Option(
        "--at", valueName: "SECONDS",
        .number(0...Double.greatestFiniteMagnitude).expecting("seconds from the start, e.g. 1.5"), default: 0,
        group: .output, commands: [.render, .still],
        help: "For a still: the time to render, within the video",
        doc: "for a still (`.png`, `.jpg`): the time to render, 0 … the video's length", use: .still)
    let contactSheet = Option<Int?>(
        "--contact-sheet", valueName: "N", .integer(1...1000, "a number of frames"), group: .output,
        commands: [.render], help: "Write a PNG grid of N evenly spaced, time-stamped frames",
        doc: "write a PNG grid of N evenly spaced frames, each labelled with its time")
    let columns = Option(
        "--columns", valueName: "N", .integer(1...100, "columns"), default: 4, group: .output,
        commands: [.render],
        help: "Contact sheet columns", use: .contactSheet)
    let cellWidth = Option(
        "--cell-width", valueName: "PX", .integer(16...4096, "pixels"), default: 320, group: .output,
        commands: [.render], help: "Contact sheet cell width", use: .contactSheet)
    let json = Option(
        flag: "--json", group: .output, commands: [.scenes, .validate, .inspect, .check],
        help: "JSON on stdout: scenes' parameters as JSON Schemas, presets' problems, layers' boxes",
        doc:
            "print JSON on stdout: `scenes` the parameters of every scene as JSON Schemas; `validate` an array with an object per preset, `{\"preset\", \"valid\", \"warnings\": [{\"path\", \"class\", \"message\"}], \"errors\"}`; `inspect` the layers at the time, see *`flipbook inspect`*; `check` an array with an object per preset, `{\"preset\", \"passed\", \"problems\": [{\"check\", \"start\", \"end\", \"layer\", \"path\", \"measured\", \"limit\", \"message\"}]}`, see [ship.md](ship.md#checks)"
    )
    let update = Option(
        flag: "--update", group: .output, commands: [.test],
        help: "Record the reference pictures (golden/NAME/TIME.png) instead of comparing",
        doc:
            "render each frame and write it as the reference picture, `golden/NAME/TIME.png` beside the preset, instead of comparing — see [ship.md](ship.md#golden-frames)"
    )
    let report = Option<String?>(
        "--report", valueName: "DIR", .directory, group: .output, commands: [.test],
        help: "Write an HTML report: reference, new and difference of each failing frame",
        doc:
            "write `DIR/index.html`, every frame's verdict and, for each that differs, the reference, the new frame and a heat map of their difference side by side, with the pictures in `DIR` (no network needed)"
    )
    let junit = Option<String?>(
        "--junit", valueName: "FILE", .file, group: .output, commands: [.test],
        help: "Write JUnit XML for CI: a testcase per preset and time",
        doc:
            "write JUnit XML for CI: a `testsuite` per preset, a `testcase` per time, a failure with its SSIM score"
    )
    let tolerance = Option(
        "--tolerance", valueName: "X", .number(0...1, "a dissimilarity", example: "0.05"),
        default: GoldenComparison.defaultTolerance, group: .output, commands: [.test],
        help: "A frame matches when its least similar window's SSIM is at least 1 − X",
        doc:
            "a frame matches its reference when the SSIM of its least similar 11×11 window is at least 1 − X, {range}; the default ignores noise of a couple of code values and catches a one-pixel line"
    )
    let check = Option(
        flag: "--check", group: .general, commands: [.render, .batch],
        help: "Run flipbook check's checks first; each problem is a warning (an error with --strict)",
        doc:
            "run `flipbook check`'s checks on the video before rendering it (with `--contrast`, `--min-text-size`, `--reading-rate` and `--loudness-target`): each problem is a `check` warning, so `--strict` refuses the render before anything is written (exit 65) — see [ship.md](ship.md#checks)"
    )
    let contrast = Option(
        "--contrast", valueName: "LEVEL", .choice, default: CheckRules.ContrastLevel.aa, group: .output,
        commands: [.check, .render, .batch],
        help: "WCAG level text must meet: aa (4.5:1, large 3:1) or aaa (7:1, large 4.5:1)",
        doc:
            "the WCAG 2.2 level each text's contrast with what is behind it must meet: `aa` (1.4.3: 4.5:1, large text 3:1) or `aaa` (1.4.6: 7:1, large text 4.5:1)"
    )
    let minTextSize = Option<Double?>(
        "--min-text-size", valueName: "PX", .number(1...1000, "pixels", example: "32"), group: .output,
        commands: [.check, .render, .batch],
        help: "Smallest em size text may have at the output size (default 2.5 % of its shorter side)",
        doc:
            "the smallest em size text may have at the output size, in pixels, {range} (default: 2.5 % of the output's shorter side, 27 px at 1080p)"
    )
    let readingRate = Option(
        "--reading-rate", valueName: "WORDS", .number(0.5...20, "words a second", example: "3"),
        default: CheckRules().wordsPerSecond, group: .output, commands: [.check, .render, .batch],
        help: "Words a second a viewer reads: a text must show for its words ÷ this",
        doc: "words a second a viewer reads, {range}: a text must be on screen for its words ÷ this"
    )
    let loudnessTarget = Option(
        "--loudness-target", valueName: "NAME|LUFS", .loudnessStandard, default: LoudnessStandard.ebuR128,
        group: .output, commands: [.check, .render, .batch],
        help: "Loudness the sound must meet: ebu-r128 (−23 LUFS ±1, −1 dBTP), atsc-a85, or a LUFS number",
        doc:
            "the loudness the sound must meet: `ebu-r128` (−23 LUFS ±1 LU, true peak at most −1 dBTP), `atsc-a85` (−24 LKFS ±2, −2 dBTP), or a platform's integrated loudness in LUFS (±1 LU, −1 dBTP), e.g. `-14`"
    )
    let markdown = Option(
        flag: "--markdown", group: .output, commands: [.scenes, .schema],
        help: "Markdown for the docs: scenes.md's gallery, or the reference tables of keys")

    // MARK: Rendering

    let threads = Option<Int?>(
        "--threads", valueName: "N", .integer(1...256), commands: Subcommand.video,
        help: "Render workers (default: one per core); output is identical for every N",
        doc:
            "render workers, {range} (default: one per core; `batch` splits the cores between its jobs); the output is identical for every N"
    )
    let fps = Option<FrameRate?>(
        "--fps", valueName: "RATE", .frameRate, commands: Subcommand.producing,
        help: "Frame rate: 60, 29.97 or 30000/1001, at most \(Self.fastest) (\(Self.formatRates))",
        doc:
            "frame rate: `60`, `29.97` (read as 2997/100) or `30000/1001`, at most \(Self.fastest), and \(Self.formatRates): a faster preset renders at that rate, a faster `--fps` is refused",
        sets: .frameRate)
    let size = Option<(width: Int, height: Int)?>(
        "--size", valueName: "WxH", .size,
        commands: Subcommand.producing.union([.inspect, .validate, .preview, .test, .check]),
        help: "Canvas size in points, {range}, a composition's overrides for its shape applied",
        doc:
            "canvas size in points, {range}; odd sizes are padded by one background pixel for 4:2:0 video; what a preset places in points stays where it is (to shrink the whole picture, use `--scale`); a composition's `overrides` for the canvas's shape apply ([compositions.md](compositions.md#shapes)), which `validate --size` checks; for `preview`, one more shape shown beside the preset's own, 16:9, 9:16 and 1:1",
        sets: .size)
    let duration = Option<Double?>(
        "--duration", valueName: "SECONDS", .positiveSeconds, commands: Subcommand.producing,
        help: "Length of the video; frames = ceil(duration × fps)",
        doc: "length; the video has ⌈duration × fps⌉ frames")
    let limit = Option<[String]>(
        repeatable: "--limit", valueName: "NAME=VALUE", .text.completing(.words(Self.limitNames)),
        commands: Subcommand.presetOverriding,
        help: "Raise a safety limit (repeatable; names in docs/cli.md)",
        doc: "raise a safety limit (repeatable), see *Limits*")
    let memoryLimit = Option<MemoryBudget?>(
        "--memory-limit", valueName: "SIZE", .memoryBudget, commands: Subcommand.presetReading,
        help: "Memory a render may take, e.g. 2GB (default: half the machine's, at most 8 GiB)",
        doc:
            "the memory a render may take: `2GB`, `512MB`, `1.5GiB` or bytes (default: half the machine's memory, at most 8 GiB); a preset whose estimate is over it is refused before the first frame (exit 65), naming its costliest part; `batch --jobs N` gives each render an Nth — see *Limits*"
    )
    let allowRead = Option<[String]>(
        repeatable: "--allow-read", valueName: "DIR", .directory,
        commands: Subcommand.presetOverriding.union([.join]),
        help: "Let the preset read files in DIR too (repeatable; see the security model in docs/cli.md)",
        doc:
            "let the preset read files in DIR (and its subfolders) too, beyond its own folder and the working folder (repeatable), see *Security model*"
    )
    let explain = Option(
        flag: "--explain", commands: [.render],
        help: "Print per frame on stdout whether it was redrawn and why, then a summary",
        doc:
            "print on stdout, per frame, whether it was redrawn and why or whose pixels it reused, with its named layers; then a summary (see *Change tracking*); with `--progress json`, in the events instead ([progress.md](progress.md)). Renders on one worker unless `--threads` says otherwise, so the explanation is the same on every run",
        use: .video)
    let noCache = Option(
        flag: "--no-cache", commands: Subcommand.video,
        help: "Draw every frame, even one equal to an earlier one (output is identical)",
        doc:
            "draw every frame and layer, even ones equal to earlier ones (output is identical; for comparison and debugging)"
    )
    let cacheSize = Option<Int?>(
        "--cache-size", valueName: "MB", .integer(1...65_536, "megabytes, a whole number"),
        commands: Subcommand.video,
        help:
            "Memory for reusable frames (default \(VideoExport.defaultCacheBytes >> 20); the latest two are always kept)",
        doc:
            "memory for reusable frames (default \(VideoExport.defaultCacheBytes >> 20), the latest two distinct frames kept whatever their size; layers that repeat have their own \(VideoExport.defaultLayerCacheBytes >> 20) MB)"
    )
    let motionBlur = Option<Int?>(
        "--motion-blur", valueName: "N", .integer(MotionBlur.sampleRange, "sub-frames per frame"),
        commands: Subcommand.video, help: "Average N sub-frames per frame over the open shutter",
        doc: "average N sub-frames ({range}) spread over the open shutter", use: .video)
    let shutterAngle = Option(
        "--shutter-angle", valueName: "DEG", .number(MotionBlur.shutterAngleRange, "degrees"),
        default: MotionBlur.defaultShutterAngle, commands: Subcommand.video,
        help: "Shutter open for DEG/360 of a frame",
        doc: "the shutter is open for DEG/360 of a frame interval",
        use: .video)
    let chunk = Option<(index: Int, count: Int)?>(
        "--chunk", valueName: "I/N", .chunk, commands: [.render],
        help: "Render only chunk I of N (join them with flipbook join)",
        doc:
            "render only chunk I (from 0) of N: frames ⌊I·F/N⌋ up to ⌊(I+1)·F/N⌋ of the video's F, with their own timestamps, starting on a key frame; `flipbook join` puts the chunks together — see [scale-out.md](scale-out.md)",
        use: .chunk)
    let frames = Option<Range<Int>?>(
        "--frames", valueName: "A..B", .frames, commands: [.render],
        help: "Render only frames A up to B (a chunk)",
        doc: "render only frames A up to, not including, B (`0..90`; `0..<90` too), as a chunk", use: .chunk)
    let audio = Option<[String]>(
        repeatable: "--audio", valueName: "FILE", .file, commands: Subcommand.sound,
        help: "Add a soundtrack from the video's start (repeatable; mixed)",
        doc:
            "add FILE (WAV, MP3, AAC/M4A, FLAC, Ogg/Opus, …) as a soundtrack from the video's start, trimmed to the video's length; repeat to mix several, with the preset's `audio` — see [audio.md](audio.md)",
        use: .sound)
    let audioCodec = Option<AudioCodec?>(
        "--audio-codec", valueName: "NAME", .choice, commands: Subcommand.sound,
        help: "Sound codec: aac (MP4, MOV, MKV), opus (WebM, MKV), pcm_s16le (MOV, MKV)",
        doc:
            "the sound's codec: `aac` (MP4 and MOV, the default there; MKV), `opus` (WebM and MKV, the default there), `pcm_s16le` (MOV, MKV)",
        use: .sound, sets: .audioCodec)
    let audioBitrate = Option<Int?>(
        "--audio-bitrate", valueName: "RATE", .bitrate(VideoEncoderSettings.audioBitrates),
        commands: Subcommand.sound, help: "Sound bitrate (default 192k)",
        doc: "the sound's bitrate, {range} (default 192k; PCM has none)", use: .sound, sets: .audioBitrate)
    let loudness = Option<Double?>(
        "--loudness", valueName: "LUFS",
        .number(LoudnessTarget.integratedRange, "a loudness in LUFS", example: "-14"),
        commands: Subcommand.sound,
        help: "Bring the sound to this loudness (EBU R 128; -14 for streaming, -23 broadcast)",
        doc:
            "bring the mixed sound to this integrated loudness (EBU R 128, LUFS): one gain, and a limiter on the peaks it would lift above `--true-peak`; replaces the preset's `audio.loudness` — see [audio.md](audio.md#loudness)",
        use: .sound)
    let truePeak = Option<Double?>(
        "--true-peak", valueName: "DBTP",
        .number(LoudnessTarget.truePeakRange, "a level in dBTP", example: "-1"),
        commands: Subcommand.sound,
        help:
            "The true peak --loudness may not pass (default \(JSONField.format(LoudnessTarget.defaultTruePeak)))",
        doc:
            "the true-peak ceiling (dBTP) the loudness gain may not lift the sound above, {range} (default \(JSONField.format(LoudnessTarget.defaultTruePeak))); needs `--loudness` or the preset's `audio.loudness`",
        use: .sound)
    let noLimiter = Option(
        flag: "--no-limiter", commands: Subcommand.sound,
        help: "Reach --loudness by gain alone: stop short where peaks would pass --true-peak",
        doc:
            "bring the sound to `--loudness` by one gain only, stopping short (with a warning) where the peaks would pass `--true-peak`, instead of limiting those peaks; needs a loudness target",
        use: .sound)
    let jobs = Option(
        "--jobs", valueName: "N", .integer(1...64), default: 1, commands: [.batch],
        help: "Presets rendered at once",
        doc: "presets rendered at once, {range}; the cores are split between them")
    let variables = Option<String?>(
        "--variables", valueName: "TABLE", .file, commands: [.batch, .farm, .preview],
        help: "Render each preset once per row of a table of variables",
        doc:
            "render each preset once per row of TABLE (CSV with a header row, or a JSON array of objects): the row's values set the composition's `variables`; outputs are `NAME-ROW.EXT`, ROW from the `name` column or the row number (see [compositions.md](compositions.md#variants)); for `preview`, rows the variables form offers to pick from"
    )
    let verify = Option(
        flag: "--verify", commands: [.join],
        help: "Decode the joined file and check its frames and timestamps",
        doc: "decode the joined file and check that it has every frame, with strictly increasing timestamps")
    let chunks = Option(
        "--chunks", valueName: "N", .integer(1...10_000), default: 1, commands: [.farm],
        help: "Split each preset's render into N chunks",
        doc: "split each preset's render into N chunks, one array task each")
    let partition = Option<String?>(
        "--partition", valueName: "NAME", .text, commands: [.farm], help: "Slurm partition for every job",
        doc: "the Slurm partition every job runs in (`sbatch --partition`)")
    let time = Option<String?>(
        "--time", valueName: "LIMIT", .text, commands: [.farm], help: "Slurm time limit per job, e.g. 30:00",
        doc: "the time limit of each job, as Slurm writes it (`sbatch --time`: `30`, `1:30:00`, `2-00:00:00`)"
    )
    let work = Option<String?>(
        "--work", valueName: "DIR", .directory, commands: [.farm],
        help: "Folder for job scripts, chunks and logs (default OUT.farm/)",
        doc:
            "the shared folder for the job scripts, the chunks and the logs (default: the output's name + `.farm/`)"
    )
    let submit = Option(
        flag: "--submit", commands: [.farm], help: "Submit the jobs with sbatch (else only write them)",
        doc:
            "submit the jobs with `sbatch` and print their ids; without it the scripts are written and the `sbatch` lines printed"
    )
    let inspectTime = Option(
        "--time", valueName: "T", .moment, default: TimeExpression(amount: .seconds(0)), commands: [.inspect],
        help: "The time to inspect: seconds (1.5), 500ms, frames (36f) or a marker (drop+0.5)",
        doc:
            "the time to inspect, 0 … the video's length, as a preset writes a moment: seconds (`1.5`, `1.5s`), milliseconds (`500ms`), frames at the preset's rate (`36f`), or a marker of the composition, alone or plus or minus one of those (`drop`, `drop+0.5`)"
    )
    let skipExisting = Option(
        flag: "--skip-existing", commands: [.batch],
        help: "Leave alone outputs newer than everything their render reads",
        doc:
            "leave alone outputs newer than every file their render reads (\"up to date\"): the preset, its pictures, clips, sounds, fonts and captions, `--audio` files and the `--variables` table"
    )

    let port = Option(
        "--port", valueName: "N", .integer(0...65_535, "a port number"), default: 8080, commands: [.preview],
        help: "Port to serve the studio on (0: any free port)",
        doc:
            "the port the studio listens on, {range} (0: any free port; the address is printed when it listens)"
    )
    let host = Option(
        "--host", valueName: "ADDR", .text, default: "127.0.0.1", commands: [.preview],
        help: "Address to listen on; anything but loopback is warned about",
        doc: "a numeric IPv4 or IPv6 address; beyond loopback, a warning ([preview.md](preview.md#safety))")
    let open = Option(
        flag: "--open", commands: [.preview], help: "Open the studio in the default browser (xdg-open)",
        doc: "open the studio's address in the default browser (with `xdg-open`) once it listens")

    // MARK: General

    let progress = Option<ProgressMode?>(
        "--progress", valueName: "bar|json|none", .choice, group: .general,
        commands: [.render, .still, .batch],
        help: "bar on stderr (default on a terminal; not for batch), json lines on stdout, or none",
        doc:
            "`bar`: a bar with frames, fps and ETA on stderr (default when stderr is a terminal; not for `batch`); `json`: one JSON object per line on stdout — for `batch`, every render's events tagged with its `job`, then `batch_done` — see [progress.md](progress.md); `none`: only the final summary line"
    )
    let strict = Option(
        flag: "--strict", group: .general, commands: [.render, .still, .batch, .validate, .check],
        help: "Make every warning an error (exit 65): nothing is written",
        doc:
            "every warning about the preset is an error: each is listed, a line with its class and JSON path, nothing is written (an older output stays as it was) and the exit code is 65 — see *Warnings and `--strict`*; for `check`, a problem found exits 65"
    )
    let dryRun = Option(
        flag: "--dry-run", group: .general, commands: Subcommand.producing,
        help: "Check everything, write nothing (exit code as a real run would give)",
        doc:
            "run every check — the preset, each option against the format, the limits, the outputs — and write nothing"
    )
    let quiet = Option(
        flag: "--quiet", alias: "-q", group: .general,
        commands: Subcommand.producing.union([.validate, .join, .test]),
        help: "Print nothing but errors", doc: "print nothing but errors (and the JSON stream, if asked for)")
    let help = Option(
        flag: "--help", alias: "-h", group: .general, commands: Subcommand.every, help: "Show this help")
}

extension OptionCatalog {
    /// The names of the formats `matching` holds for, comma-separated, for an option's help.
    fileprivate static func formats(_ matching: (OutputFormat) -> Bool) -> String {
        OutputFormat.allCases.filter(matching).map(\.rawValue).joined(separator: ", ")
    }

    /// The fastest frame rate, as `--fps` help writes it.
    fileprivate static var fastest: String { JSONField.format(RenderLimits.maximumFramesPerSecond) }

    /// "at most 50 for gif and 60 for webp": the formats that play only so many frames per
    /// second, from the rule itself (`OutputFormat.maximumFramesPerSecond`), which lowers a
    /// faster preset's rate and refuses a faster `--fps`.
    fileprivate static var formatRates: String {
        "at most "
            + OutputFormat.sentence(
                OutputFormat.allCases.compactMap { format in
                    format.maximumFramesPerSecond.map { "\(JSONField.format($0)) for \(format)" }
                })
    }

    /// Every pixel format some format takes, for completion.
    fileprivate static var pixelFormats: [String] {
        var seen: Set<String> = []
        return OutputFormat.allCases.flatMap(\.pixelFormats).filter { seen.insert($0).inserted }
    }

    /// The colours a preset may name, for completion.
    fileprivate static var colorNames: [String] { Color.named.map(\.name) }

    /// `NAME=` for every limit, for completion.
    fileprivate static var limitNames: [String] { RenderLimits.names.map { "\($0.name)=" } }
}
