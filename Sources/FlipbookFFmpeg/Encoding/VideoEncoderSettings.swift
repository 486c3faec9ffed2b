import FlipbookAudio
import FlipbookPalette
import FlipbookRaster
import FlipbookTimeline

/// How a video is encoded, apart from its size and rate: the format and the codec options.
/// Every option left `nil` takes the format's default (see `OutputFormat`).
public struct EncodingOptions: Hashable, Sendable {
    public var format: OutputFormat
    /// Constant quality: lower is better (x264/x265 0…51, VP9 0…63). `nil`: the format's default,
    /// unless a `bitrate` is set.
    public var crf: Double?
    /// Average bits per second instead of constant quality.
    public var bitrate: Int?
    /// The average bitrates the encoders take, 1 kb/s to 1000 Mb/s.
    public static let bitrateRange = 1_000...1_000_000_000
    /// Speed/size trade-off in x264's names, `ultrafast` … `placebo` (VP9 maps them to
    /// `cpu-used` 8 … 0). `nil`: `medium`.
    public var preset: String?
    /// Frames between key frames (the longest a seek has to decode). `nil`: the codec's default.
    public var keyframeInterval: Int?
    /// The key frame intervals allowed (10000 frames: nearly three minutes at 60 fps).
    public static let keyframeIntervalRange = 1...10_000
    /// `nil`: the format's default, with alpha when the picture is transparent.
    public var pixelFormat: String?
    public var colorRange: ColorRange
    public var metadata: MediaMetadata
    /// GIF, APNG and WebP: how many times to play; 0 loops forever.
    public var loopCount: Int
    /// The play counts allowed: GIF's Netscape loop extension stores the count in 16 bits.
    public static let loopCountRange = 0...65_535
    /// GIF: how colours missing from a frame's palette are approximated.
    public var dither: Dither
    /// WebP: libwebp's quality, 0…100, higher is better — in the lossy pixel formats the
    /// fidelity, in lossless `bgra` the effort spent making the file small. `nil`: 75.
    /// JPEG stills: libjpeg's quality scale (`JPEGQuantization`). `nil`: `StillImage.jpegQuality`.
    public var quality: Double?
    /// The qualities WebP and JPEG take.
    public static let qualityRange: ClosedRange<Double> = 0...100
    /// A transparent GIF: the colour the drawn pixels are shown over, so that anti-aliased edges
    /// blend into the page the GIF will sit on (opaque). `nil`: drawn pixels keep their own
    /// colour at full opacity.
    public var matte: PremultipliedColor?

    /// Why `matte` cannot be a GIF's matte, or `nil` when it can: one check for the preset's
    /// `output.matte` (at load) and for the encoder's settings.
    public static func matteProblem(_ matte: PremultipliedColor) -> String? {
        matte.alpha == 255 ? nil : "a matte must be opaque: it stands for the page the GIF is shown on"
    }
    /// Encoder threads. Fixed rather than "one per core" because x264's output depends on its
    /// thread count: a fixed number keeps files byte-identical across machines.
    public var encoderThreads: Int
    /// The encoder threads of every export that does not choose: 4, whatever the machine.
    public static let defaultEncoderThreads = 4
    /// The file the stream goes in, as the output's name says (`Container(path:)`); `nil`: the
    /// format's first (`OutputFormat.containers`).
    public var container: Container?
    /// The sound's codec; `nil`: the container's (`AudioCodec.default(for:in:)`).
    public var audioCodec: AudioCodec?
    /// The sound's bits per second; `nil`: 192 kb/s.
    public var audioBitrate: Int?

    public init(
        format: OutputFormat = .h264, crf: Double? = nil, preset: String? = nil,
        encoderThreads: Int = defaultEncoderThreads
    ) {
        (self.format, self.crf, self.preset, self.encoderThreads) = (format, crf, preset, encoderThreads)
        colorRange = .limited
        metadata = MediaMetadata()
        loopCount = 0
        dither = .bayer
    }
}

/// Everything an encoder needs: the picture's size, rate and transparency, and the
/// `EncodingOptions` (whose fields read through, as `settings.crf`).
@dynamicMemberLookup
package struct VideoEncoderSettings: Hashable, Sendable {
    package var width: Int
    package var height: Int
    package var frameRate: FrameRate
    /// Keep the picture's alpha where the format can (VP9, ProRes, APNG, PNG).
    package var transparent: Bool
    package var options: EncodingOptions
    /// The sound to mix and encode beside the pictures; `nil`: a silent video.
    package var audio: AudioSettings?
    /// The timestamp (frame index) of the first frame: a chunk's frames keep the timestamps
    /// they have in the whole video.
    package var firstTimestamp: Int64 = 0
    /// The pass of a two-pass encode this is (`EncoderPass`); `nil`: one pass.
    package var pass: EncoderPass?
    /// The timestamps (frame indices) at which the stream starts a closed segment: a fresh
    /// encoder, whose first frame is a key frame that references nothing before it and whose
    /// packets do not depend on the frames after it (`SegmentedCodec`). For formats with rate
    /// control (`OutputFormat.hasRateControl`) in one pass; empty: one segment.
    package var segmentStarts: Set<Int64> = []

    package static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
        "veryslow", "placebo",
    ]
    package static let defaultPreset = "medium"
    /// The encoder thread counts allowed (`encoderThreads`).
    package static let encoderThreadRange = 1...64
    /// The narrowest HEVC frame. x265 3.5's look-ahead writes past its buffers on frames up to 48
    /// pixels wide (valgrind: invalid writes in `Lookahead::cuTree`; heap corruption that crashed
    /// a render under load); 50 and wider are clean. 64 leaves a margin.
    package static let minimumHEVCWidth = 64
    /// The largest frame side (H.264 level 6.2 allows 8192×4320; beyond it players refuse).
    package static let maximumSide = 8192

    package init(
        width: Int, height: Int, frameRate: FrameRate, transparent: Bool = false,
        options: EncodingOptions = EncodingOptions()
    ) {
        (self.width, self.height, self.frameRate) = (width, height, frameRate)
        (self.transparent, self.options) = (transparent, options)
    }

    /// H.264 settings (the tests' and benchmarks' shorthand).
    package init(
        width: Int, height: Int, frameRate: FrameRate, crf: Double? = nil, preset: String? = nil,
        encoderThreads: Int = EncodingOptions.defaultEncoderThreads
    ) {
        self.init(
            width: width, height: height, frameRate: frameRate,
            options: EncodingOptions(crf: crf, preset: preset, encoderThreads: encoderThreads))
    }

    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<EncodingOptions, Value>) -> Value {
        get { options[keyPath: keyPath] }
        set { options[keyPath: keyPath] = newValue }
    }

    /// The pixel format the file will have.
    package var resolvedPixelFormat: String {
        options.pixelFormat ?? options.format.defaultPixelFormat(transparent: transparent)
    }

    /// The constant-quality value in use, or `nil` when the format has none or a bitrate rules.
    package var resolvedCRF: Double? {
        guard options.bitrate == nil else { return nil }
        return options.crf ?? options.format.qualityRange?.default
    }

    /// Whether the encoder keeps the picture's alpha (a GIF's palette, one bit of it, when the
    /// picture is transparent).
    package var keepsAlpha: Bool {
        let pixels = resolvedPixelFormat
        return pixels.hasPrefix("yuva") || pixels == "rgba" || pixels == "bgra"
            || (pixels == "pal8" && transparent)
    }

    /// Checks the settings before any FFmpeg object exists, with messages that say why; the
    /// error names the setting at fault (`MediaError.setting`).
    package func validate() throws(MediaError) {
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            throw refuse(
                .size, "frame size \(width)×\(height) is outside 1…\(Self.maximumSide) pixels per side")
        }
        let pixels = resolvedPixelFormat
        guard options.format.pixelFormats.contains(pixels) else {
            throw refuse(
                .pixelFormat,
                "pixel format \(pixels) is not available; choose one of "
                    + options.format.pixelFormats.joined(separator: ", "))
        }
        if options.format.needsEvenSize(pixelFormat: pixels), width % 2 != 0 || height % 2 != 0 {
            throw refuse(
                .size,
                "\(pixels) needs an even width and height, because chroma is stored at half "
                    + "resolution (got \(width)×\(height)); use \(width + width % 2)×\(height + height % 2)")
        }
        if options.format == .hevc, width < Self.minimumHEVCWidth {
            throw refuse(
                .size,
                "hevc needs frames at least \(Self.minimumHEVCWidth) pixels wide (got \(width)): x265 writes "
                    + "past its buffers on narrower ones; use h264, or a wider size")
        }
        if let crf = options.crf {
            guard let quality = options.format.qualityRange else {
                throw refuse(
                    .crf, "a CRF does not apply to \(options.format), which has no constant-quality mode")
            }
            guard crf.isFinite, quality.range.contains(crf) else {
                throw refuse(
                    .crf,
                    "CRF must be between \(Int(quality.range.lowerBound)) and \(Int(quality.range.upperBound)) (got \(crf))"
                )
            }
        }
        if let quality = options.quality {
            guard options.format == .webp || options.format == .jpeg else {
                throw refuse(.quality, "a quality applies only to webp and jpeg (for the others, a CRF)")
            }
            guard EncodingOptions.qualityRange.contains(quality) else {
                throw refuse(.quality, "quality must be between 0 and 100 (got \(quality))")
            }
        }
        if options.bitrate != nil, !options.format.hasRateControl {
            throw refuse(.bitrate, "a bitrate applies only to \(OutputFormat.names { $0.hasRateControl })")
        }
        if options.keyframeInterval != nil, !options.format.hasRateControl {
            throw refuse(
                .keyframeInterval,
                "a key frame interval applies only to \(OutputFormat.names { $0.hasRateControl })")
        }
        if let bitrate = options.bitrate, !EncodingOptions.bitrateRange.contains(bitrate) {
            throw refuse(.bitrate, "bitrate must be between 1k and 1000M bits per second (got \(bitrate))")
        }
        if let keyframeInterval = options.keyframeInterval {
            try check(
                keyframeInterval, within: EncodingOptions.keyframeIntervalRange, .keyframeInterval,
                "key frame interval", unit: " frames")
        }
        try validatePresetRateAndLoop()
        try validateAudio()
        if let matte = options.matte {
            guard options.format == .gif, transparent else {
                throw refuse(
                    .matte,
                    "a matte is what a transparent GIF's pixels are shown over; it applies only to gif "
                        + "with a transparent background")
            }
            if let problem = EncodingOptions.matteProblem(matte) { throw refuse(.matte, problem) }
        }
    }

    /// The audio bitrates accepted, bits per second.
    package static let audioBitrates = 32_000...512_000

    /// The sound's codec against the container, and its bitrate.
    private func validateAudio() throws(MediaError) {
        if let bitrate = options.audioBitrate, !Self.audioBitrates.contains(bitrate) {
            throw refuse(
                .audioBitrate,
                "the audio bitrate must be between 32k and 512k bits per second (got \(bitrate))")
        }
        guard let audio else { return }
        guard AudioCodec.default(for: options.format, in: options.container) != nil else {
            throw refuse(
                .audioCodec, "\(options.format) has no sound; render MP4, MOV, WebM or MKV to keep the audio")
        }
        guard audio.codec.fits(options.format, in: options.container) else {
            let fitting = AudioCodec.allCases.filter { $0.fits(options.format, in: options.container) }.map(
                \.rawValue)
            let file = options.container.map { "\(options.format) in \($0)" } ?? "\(options.format)"
            throw refuse(
                .audioCodec,
                "\(file) files cannot carry \(audio.codec.rawValue) sound; use \(fitting.joined(separator: " or "))"
            )
        }
    }

    /// The error refusing `setting`, for `validate`.
    private func refuse(_ setting: EncodingSetting, _ message: String) -> MediaError {
        MediaError(operation: "encode \(options.format)", message: message, setting: setting)
    }

    /// The speed preset, the frame rate against the format's limit, the loop count and the
    /// encoder threads (`validate`'s second half).
    private func validatePresetRateAndLoop() throws(MediaError) {
        if let preset = options.preset {
            guard options.format.hasSpeedPresets else {
                throw refuse(
                    .preset, "a speed preset applies only to \(OutputFormat.names { $0.hasSpeedPresets })")
            }
            guard Self.presets.contains(preset) else {
                throw refuse(
                    .preset,
                    "unknown preset \"\(preset)\"; choose one of \(Self.presets.joined(separator: ", "))")
            }
        }
        if let maximum = options.format.maximumFramesPerSecond, frameRate.framesPerSecond > maximum {
            throw refuse(
                .frameRate,
                "\(options.format) plays at most \(Int(maximum)) frames per second (got \(frameRate)); "
                    + "use 25 or \(Int(maximum)) fps")
        }
        try check(
            options.loopCount, within: EncodingOptions.loopCountRange, .loopCount, "loop count",
            lowest: " (forever)")
        try check(options.encoderThreads, within: Self.encoderThreadRange, .encoderThreads, "encoder threads")
    }

    /// Refuses `value` outside `range`, in the one sentence every counted setting is refused
    /// with: "loop count must be between 0 (forever) and 65535 (got 70000)".
    /// - Parameters:
    ///   - name: what the value is, as the sentence starts (`loop count`).
    ///   - lowest: said after the lower bound (` (forever)`), or nothing.
    ///   - unit: said after the upper bound (` frames`), or nothing.
    private func check(
        _ value: Int, within range: ClosedRange<Int>, _ setting: EncodingSetting, _ name: String,
        lowest: String = "", unit: String = ""
    ) throws(MediaError) {
        guard !range.contains(value) else { return }
        throw refuse(
            setting,
            "\(name) must be between \(range.lowerBound)\(lowest) and \(range.upperBound)\(unit) "
                + "(got \(value))")
    }
}

extension EncodingOptions {
    /// These options for another format, keeping only what means the same there: a preset
    /// written for H.264 renders as a GIF or ProRes without its CRF, preset or bitrate.
    public func retargeted(to format: OutputFormat) -> EncodingOptions {
        var options = self
        options.format = format
        if format.qualityRange?.range != self.format.qualityRange?.range { options.crf = nil }
        if !format.hasSpeedPresets { options.preset = nil }
        if !format.hasRateControl { (options.bitrate, options.keyframeInterval) = (nil, nil) }
        if let pixels = pixelFormat, !format.pixelFormats.contains(pixels) { options.pixelFormat = nil }
        if let codec = audioCodec, !codec.fits(format) { options.audioCodec = nil }
        if format != .gif { options.matte = nil }
        if format != .webp { options.quality = nil }
        return options
    }
}
