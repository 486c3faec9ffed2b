import FlipbookAudio
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookPalette
import FlipbookScenes

extension JSONField {
    /// A preset's `output` object: `format`, `crf`, `bitrate`, `preset`, `keyint`,
    /// `encoderThreads`, `pixelFormat`, `colorRange`, `loop`, `dither`, `quality`, `matte`, `audioCodec`, `audioBitrate`, `title`,
    /// `comment`. Values are checked
    /// here against the format's own ranges, so a preset fails at load, not mid-render.
    public func encodingOptions() throws(PresetError) -> EncodingOptions {
        var reader = try object()
        var options = EncodingOptions()
        if let field = reader.optional("format") {
            options.format = try field.choice(OutputFormat.allCases.filter { !$0.isStill })
        }
        let format = options.format
        if let field = reader.optional("crf") {
            guard let quality = format.qualityRange else {
                throw field.error("\(format) has no constant-quality mode, so crf does not apply")
            }
            options.crf = try field.number(in: quality.range)
        }
        options.bitrate = try reader.optional("bitrate")?.integer(in: EncodingOptions.bitrateRange)
        if let field = reader.optional("preset") {
            options.preset = try field.choice(VideoEncoderSettings.presets)
        }
        options.keyframeInterval = try reader.optional("keyint")?.integer(
            in: EncodingOptions.keyframeIntervalRange)
        if let field = reader.optional("encoderThreads") {
            guard format.runsEncoderThreads else {
                throw field.error(
                    "\(format) is not made by a threaded video encoder, so encoderThreads does not apply")
            }
            options.encoderThreads = try field.integer(in: VideoEncoderSettings.encoderThreadRange)
        }
        if let field = reader.optional("pixelFormat") {
            options.pixelFormat = try field.choice(format.pixelFormats)
        }
        if let field = reader.optional("colorRange") {
            options.colorRange = try field.choice(ColorRange.allCases)
        }
        options.loopCount = try reader.optional("loop")?.integer(in: EncodingOptions.loopCountRange) ?? 0
        if let field = reader.optional("dither") {
            options.dither = try field.choice(Dither.allCases)
        }
        if let field = reader.optional("quality") {
            guard format == .webp else { throw field.error("quality applies only to webp, not to \(format)") }
            options.quality = try field.number(in: EncodingOptions.qualityRange)
        }
        if let field = reader.optional("matte") {
            let matte = try field.color().premultiplied
            if let problem = EncodingOptions.matteProblem(matte) { throw field.error(problem) }
            options.matte = matte
        }
        if let field = reader.optional("audioCodec") {
            let codec = try field.choice(AudioCodec.allCases)
            guard codec.fits(format) else {
                let fitting = AudioCodec.allCases.filter { $0.fits(format) }.map(\.rawValue)
                throw field.error(
                    "\(format) files cannot carry \(codec.rawValue) sound"
                        + (fitting.isEmpty
                            ? " (\(format) has no sound)" : "; use \(fitting.joined(separator: " or "))"))
            }
            options.audioCodec = codec
        }
        options.audioBitrate = try reader.optional("audioBitrate")?.integer(
            in: VideoEncoderSettings.audioBitrates.lowerBound...VideoEncoderSettings.audioBitrates.upperBound)
        options.metadata.title = try reader.optional("title")?.string()
        options.metadata.comment = try reader.optional("comment")?.string()
        try reader.finish()
        return options
    }
}
