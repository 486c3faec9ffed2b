import FlipbookAudio
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookScenes

extension EncodingOptions {
    /// A preset's `output` keys. `format` is read first: the values of several keys are checked
    /// against its own ranges, so a preset fails at load, not mid-render.
    static let keys = ObjectDeclaration<Void, EncodingOptions>(
        "output",
        [
            .key(
                "format", \.format, .choice(OutputFormat.allCases.filter { !$0.isStill }), default: "`h264`",
                doc:
                    "`h264`, `hevc`, `av1`, `vp9`, `prores`, `gif`, `apng`, `webp`, `png-sequence` — a default that the output's name, or the format the command line asks for, overrides"
            ).read(.first),
            .key(
                "crf", ValueKind.number(0...63).deferred, default: "the format's", type: "number",
                doc: "constant quality: h264/hevc 0…51 (default 18/22), av1/vp9 0…63 (default 30/31)"
            ) { (options, field, _, _) throws(PresetError) in
                guard let quality = options.format.qualityRange else {
                    throw field.error("\(options.format) has no constant-quality mode, so crf does not apply")
                }
                options.crf = try field.number(in: quality.range)
            },
            .key(
                "bitrate", \.bitrate, .integer(bitrateRange), default: .absent,
                doc: "bits per second instead of constant quality, 1000…10⁹"),
            .key(
                "preset", \.preset, .choice(VideoEncoderSettings.presets), default: "`medium`",
                doc: "speed preset `ultrafast` … `placebo`"),
            .key(
                "keyint", \.keyframeInterval, .integer(keyframeIntervalRange), default: .absent,
                doc: "at most this many frames between key frames, 1…10000"),
            .key(
                "encoderThreads", ValueKind.integer(VideoEncoderSettings.encoderThreadRange).deferred,
                default: "`4`",
                type: "integer",
                doc:
                    "the video encoder's threads, 1…64; h264, hevc, av1, vp9 and prores ([formats.md](formats.md))"
            ) { (options, field, _, _) throws(PresetError) in
                guard options.format.runsEncoderThreads else {
                    throw field.error(
                        "\(options.format) is not made by a threaded video encoder, so encoderThreads does not apply"
                    )
                }
                options.encoderThreads = try field.integer(in: VideoEncoderSettings.encoderThreadRange)
            },
            .key(
                "pixelFormat",
                ValueKind.choice(
                    Array(Set(OutputFormat.allCases.filter { !$0.isStill }.flatMap(\.pixelFormats))).sorted()
                ).deferred, default: "the format's", type: "string", doc: "one of the format's pixel formats"
            ) { (options, field, _, _) throws(PresetError) in
                options.pixelFormat = try field.choice(options.format.pixelFormats)
            },
            .key(
                "colorRange", \.colorRange, .choice, default: "`limited`", doc: "`limited` or `full`"),
            .key(
                "loop", \.loopCount, .integer(loopCountRange), default: "`0`",
                doc: "GIF/APNG/WebP plays, 0 = forever"),
            .key(
                "dither", \.dither, .choice, default: "`bayer`",
                doc: "GIF: `bayer`, `floyd-steinberg`, `none`"),
            .key(
                "quality", ValueKind.number(qualityRange).deferred, default: "`75`", type: "number",
                doc: "WebP: libwebp's quality, 0…100, higher is better"
            ) { (options, field, _, _) throws(PresetError) in
                guard options.format == .webp else {
                    throw field.error("quality applies only to webp, not to \(options.format)")
                }
                options.quality = try field.number(in: qualityRange)
            },
            .key(
                "matte", .color, default: .absent,
                doc:
                    "a transparent GIF: the opaque page colour its drawn pixels are shown over ([formats.md](formats.md))"
            ) { (options, color, field, _) throws(PresetError) in
                let matte = color.premultiplied
                if let problem = matteProblem(matte) { throw field.error(problem) }
                options.matte = matte
            },
            .key(
                "audioCodec", ValueKind<Void, AudioCodec>.choice, default: "the format's",
                doc: "`aac`, `opus` or `pcm_s16le`, as the format can carry ([audio.md](audio.md))"
            ) { (options, codec, field, _) throws(PresetError) in
                guard codec.fits(options.format) else {
                    let fitting = AudioCodec.allCases.filter { $0.fits(options.format) }.map(\.rawValue)
                    throw field.error(
                        "\(options.format) files cannot carry \(codec.rawValue) sound"
                            + (fitting.isEmpty
                                ? " (\(options.format) has no sound)"
                                : "; use \(fitting.joined(separator: " or "))"))
                }
                options.audioCodec = codec
            },
            .key(
                "audioBitrate", \.audioBitrate,
                .integer(
                    VideoEncoderSettings.audioBitrates
                        .lowerBound...VideoEncoderSettings.audioBitrates.upperBound),
                default: "`192000`", doc: "the sound's bits per second, 32000…512000 (PCM has none)"),
            .key(
                "title", \.metadata.title, .string, default: .absent,
                doc: "written into MP4, MOV, WebM and MKV"),
            .key(
                "comment", \.metadata.comment, .string, default: .absent,
                doc: "written into MP4, MOV, WebM and MKV"),
        ])
}
