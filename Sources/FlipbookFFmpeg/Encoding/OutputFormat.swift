import FlipbookTimeline

/// What Flipbook can write, with each format's container, codec and defaults in one table
/// (documented in `docs/formats.md`).
///
/// | format        | file            | codec      | default pixels            | alpha | quality    |
/// |---------------|-----------------|------------|---------------------------|-------|------------|
/// | h264          | .mp4 .m4v .mkv  | libx264    | yuv420p                   | no    | CRF 18     |
/// | hevc          | .mp4 (`hvc1`) .mkv | libx265 | yuv420p                   | no    | CRF 22     |
/// | av1           | .mp4 (`av01`) .webm .mkv | libaom-av1 | yuv420p          | no    | CRF 30     |
/// | vp9           | .webm .mkv      | libvpx-vp9 | yuv420p, yuva420p if clear| yes   | CRF 31     |
/// | prores        | .mov            | prores_ks  | yuva444p10le (4444)       | yes   | profile    |
/// | gif           | .gif            | gif        | pal8 (palette per frame)  | 1-bit | dither     |
/// | apng          | .apng           | apng       | rgba                      | yes   | lossless   |
/// | webp          | .webp           | libwebp_anim | bgra (lossless)         | yes   | lossless   |
/// | png-sequence  | folder, %05d    | png        | rgba                      | yes   | lossless   |
/// | png / jpeg    | .png .jpg       | png, mjpeg | rgba / yuvj444p           | png   | lossless/q2|
public enum OutputFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case h264
    case hevc
    case av1
    case vp9
    case prores
    case gif
    case apng
    case webp
    case pngSequence = "png-sequence"
    case png
    case jpeg

    public var description: String { rawValue }

    /// The format a file name asks for: by extension, and a `%05d`-style pattern or a trailing
    /// `/` for a PNG sequence. `nil` when the name says nothing Flipbook knows.
    public init?(path: String) {
        if path.hasSuffix("/") || Self.sequencePatternWidth(in: path) != nil {
            self = .pngSequence
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "mp4", "m4v", "mkv": self = .h264
        case "webm": self = .vp9
        case "mov": self = .prores
        case "gif": self = .gif
        case "apng": self = .apng
        case "webp": self = .webp
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }

    /// The digits of the `%0Nd` frame-number pattern in `path`'s last component
    /// (`name_%05d.png` → 5): exactly one `%`, then `0`, one digit 1…9 and `d`. `nil` otherwise.
    public static func sequencePatternWidth(in path: String) -> Int? {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard name.filter({ $0 == "%" }).count == 1, let percent = name.firstIndex(of: "%") else {
            return nil
        }
        let spec = Array(name[name.index(after: percent)...].prefix(3))
        guard spec.count == 3, spec[0] == "0", spec[2] == "d", let width = spec[1].wholeNumberValue,
            (1...9).contains(width)
        else { return nil }
        return width
    }

    /// Why the last component of `path` is not a usable name, if it has a `%` that is not one
    /// well-formed `%0Nd` (such a name would otherwise be written as one literal file).
    public static func patternProblem(in path: String) -> String? {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard name.contains("%"), sequencePatternWidth(in: path) == nil else { return nil }
        return
            "a frame pattern must hold exactly one %0Nd with N from 1 to 9, like name_%05d.png (got \"\(name)\")"
    }

    /// The usual file extension, the inverse of `init(path:)`: the first of `fileExtensions`;
    /// empty for a PNG sequence, which is a folder.
    public var fileExtension: String { fileExtensions.first ?? "" }

    /// The file extensions that may carry this format (the first is `fileExtension`): its
    /// containers' for video; a PNG sequence is a folder or a `%0Nd` pattern and has none.
    public var fileExtensions: [String] {
        switch self {
        case .h264, .hevc, .av1, .vp9, .prores: containers.flatMap(\.fileExtensions)
        case .gif: ["gif"]
        case .apng: ["apng", "png"]
        case .webp: ["webp"]
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .pngSequence: []
        }
    }

    /// The format that `path`'s name stands for, when it is not this one and this format cannot
    /// be written under that name (`--format hevc -o x.webm`); `nil` when they agree or the
    /// name says nothing Flipbook knows (`out.bin`).
    public func contradiction(with path: String) -> OutputFormat? {
        guard let named = OutputFormat(path: path), named != self else { return nil }
        if self != .pngSequence, named != .pngSequence {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if fileExtensions.contains(suffix) { return nil }
        }
        return named
    }

    /// Whether the output is one picture rather than a timed sequence.
    public var isStill: Bool { self == .png || self == .jpeg }

    /// Whether the format can keep transparency (GIF: each pixel drawn or clear).
    public var supportsAlpha: Bool {
        switch self {
        case .vp9, .prores, .gif, .apng, .webp, .pngSequence, .png: true
        case .h264, .hevc, .av1, .jpeg: false
        }
    }

    /// Whether the format is a video stream in MP4, MOV, WebM or Matroska: colour-tagged YUV (or ProRes),
    /// with container metadata, sound, and chunks that join without re-encoding.
    public var isTaggedVideo: Bool {
        switch self {
        case .h264, .hevc, .av1, .vp9, .prores: true
        case .gif, .apng, .webp, .pngSequence, .png, .jpeg: false
        }
    }

    /// Whether a render in this format can be split into chunks (`--chunk I/N`) that
    /// `flipbook join` puts back together: every tagged video format, and PNG sequences. GIF,
    /// APNG and WebP cannot be joined without re-encoding.
    public var rendersInChunks: Bool { isTaggedVideo || self == .pngSequence }

    /// The names of the formats that `matching` holds for, in declaration order, as a sentence
    /// lists them ("h264, hevc and vp9"): for messages that say where an option applies.
    public static func names(where matching: (OutputFormat) -> Bool) -> String {
        sentence(allCases.filter(matching).map(\.rawValue))
    }

    /// `items` as a sentence lists them: "a, b and c".
    public static func sentence(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The containers that carry this format, the one it goes in unless the name says
    /// otherwise first; none for formats that are files of their own (GIF, APNG, WebP, PNG, JPEG).
    public var containers: [Container] {
        switch self {
        case .h264, .hevc: [.mp4, .matroska]
        case .av1: [.mp4, .webm, .matroska]
        case .vp9: [.webm, .matroska]
        case .prores: [.mov]
        case .gif, .apng, .webp, .pngSequence, .png, .jpeg: []
        }
    }

    /// The container a file of this format goes in: `named` (the output's name's), else the
    /// format's first; `nil` for formats that are files of their own.
    public func container(named: Container?) -> Container? {
        named ?? containers.first
    }

    /// libavformat's muxer for a file of this format in `container` (the format's own when
    /// `nil`), for formats written as one media file.
    func muxer(in container: Container?) -> String? {
        switch self {
        case .gif: "gif"
        case .apng: "apng"
        case .webp: "webp"
        default: self.container(named: container)?.muxer
        }
    }

    /// libavcodec's encoder.
    var encoder: String {
        switch self {
        case .h264: "libx264"
        case .hevc: "libx265"
        case .av1: "libaom-av1"
        case .vp9: "libvpx-vp9"
        case .prores: "prores_ks"
        case .gif: "gif"
        case .apng: "apng"
        case .webp: "libwebp_anim"
        case .pngSequence, .png: "png"
        case .jpeg: "mjpeg"
        }
    }

    /// The pixel formats a user may ask for with `--pix-fmt`; the first is the default for an
    /// opaque scene.
    public var pixelFormats: [String] {
        switch self {
        case .h264: ["yuv420p", "yuv444p", "yuv420p10le", "yuv444p10le"]
        case .hevc, .av1: ["yuv420p", "yuv444p", "yuv420p10le", "yuv444p10le"]
        case .vp9: ["yuv420p", "yuva420p", "yuv444p", "yuv420p10le"]
        case .prores: ["yuv444p10le", "yuva444p10le", "yuv422p10le"]
        case .gif: ["pal8"]
        case .apng, .pngSequence, .png: ["rgba", "rgb24"]
        // Lossless with its alpha; or lossy (libwebp's quality 75), with alpha or without.
        case .webp: ["bgra", "yuva420p", "yuv420p"]
        case .jpeg: ["yuvj444p", "yuvj420p"]
        }
    }

    /// The default pixel format: with alpha when the scene is transparent and the format can
    /// keep it.
    public func defaultPixelFormat(transparent: Bool) -> String {
        switch self {
        case .vp9 where transparent: "yuva420p"
        case .prores: transparent ? "yuva444p10le" : "yuv444p10le"
        case .apng, .pngSequence, .png: transparent ? "rgba" : "rgb24"
        default: pixelFormats[0]
        }
    }

    /// The valid `--crf` values and the default, for formats with a constant-quality mode.
    public var qualityRange: (range: ClosedRange<Double>, default: Double)? {
        switch self {
        case .h264: (0...51, 18)
        case .hevc: (0...51, 22)
        case .av1: (0...63, 30)
        case .vp9: (0...63, 31)
        case .prores, .gif, .apng, .webp, .pngSequence, .png, .jpeg: nil
        }
    }

    /// Whether `--preset` (x264's names, ultrafast … placebo) means something for this format.
    public var hasSpeedPresets: Bool { hasRateControl }

    /// Whether `--bitrate` and `--keyint` apply (inter-frame video codecs).
    public var hasRateControl: Bool { isTaggedVideo && self != .prores }

    /// Whether the format's encoder runs threads of its own (`encoderThreads`).
    public var runsEncoderThreads: Bool { hasRateControl || self == .prores }

    /// Whether the codec stores chroma at half resolution in some of its pixel formats, so that
    /// odd frame sizes must be padded to even ones.
    public func needsEvenSize(pixelFormat: String) -> Bool {
        pixelFormat.contains("420") || pixelFormat.contains("422")
    }

    /// The highest frame rate the format plays properly: GIF delays are whole hundredths of a
    /// second and browsers slow delays under 2/100 s down to 1/10 s; WebP's are whole
    /// milliseconds, and browsers slow those of 10 ms or less down too: 60 fps (16 and 17 ms)
    /// plays everywhere.
    public var maximumFramesPerSecond: Double? {
        switch self {
        case .gif: 50
        case .webp: 60
        default: nil
        }
    }

    /// Whether the format is an animated picture that loops (`loopCount`): GIF, APNG, WebP.
    public var loops: Bool { self == .gif || self == .apng || self == .webp }

    /// The rate a preset's `rate` plays at in this format: the format's limit when `rate` is
    /// faster (GIF: 50 fps, two hundredths of a second per frame — frames are functions of time,
    /// so any rate samples the animation correctly), else `rate`. An explicit faster rate is
    /// refused instead (`VideoEncoderSettings.validate`).
    public func playableRate(_ rate: FrameRate) -> FrameRate {
        guard let maximum = maximumFramesPerSecond, rate.framesPerSecond > maximum else { return rate }
        return FrameRate(Int(maximum)) ?? rate
    }
}
