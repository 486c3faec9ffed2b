import FlipbookScenes

/// Ceilings that keep a bad or hostile preset from exhausting the machine: frame size, length,
/// file size, and the scene's own (`SceneLimits`: particles, path points, painted area, text).
/// Each can be raised on purpose (`flipbook render --limit particles=5000000`); exceeding one
/// is an error naming the limit.
public struct RenderLimits: Hashable, Sendable {
    /// Pixels per frame; the default allows 8K UHD (7680×4320).
    public var pixels = 7680 * 4320
    /// Seconds of video.
    public var duration = 3600.0
    /// Frames in one video.
    public var frames = 216_000
    /// Bytes of one preset file.
    public var presetBytes = 1 << 20
    /// Sounds one video schedules: its tracks and cues, a cue at each scene event, its layers'
    /// sounds and clips, every loop counted. The mixer opens each as it starts (a megabyte
    /// while it plays) and measuring loudness reads them all again; ten thousand is a click a
    /// third of a second apart for an hour, and a layer looping every 0.00001 s with a sound,
    /// 100 000 in a second, took 2.7 GB and more than a minute before it was refused.
    public var sounds = 10_000
    /// What the scene's parameters are held to.
    package var scene = SceneLimits()

    public init() {}

    /// Confetti pieces (or other particles) in one scene (`SceneLimits.particles`).
    public var particles: Int {
        get { scene.particles }
        set { scene.particles = newValue }
    }

    /// Points in one generated path (`SceneLimits.pathPoints`).
    public var pathPoints: Int {
        get { scene.pathPoints }
        set { scene.pathPoints = newValue }
    }

    /// Square points painted per frame (`SceneLimits.paintedArea`).
    public var paintedArea: Double {
        get { scene.paintedArea }
        set { scene.paintedArea = newValue }
    }

    /// Characters in one text parameter (`SceneLimits.textLength`).
    public var textLength: Int {
        get { scene.textLength }
        set { scene.textLength = newValue }
    }

    /// Every limit's name, as `--limit NAME=VALUE` takes it, with what it bounds.
    public static let names: [(name: String, meaning: String)] =
        [
            ("pixels", "pixels per frame (width × height)"),
            ("duration", "seconds of video"),
            ("frames", "frames in one video"),
            ("preset-bytes", "bytes of a preset file"),
            ("sounds", "sounds scheduled in one video (tracks, cues, layers' sounds, loops counted)"),
        ] + SceneLimits.names

    /// Sets the limit `name` from `text`; `false` when the name is unknown or the value is not
    /// a positive number.
    public mutating func set(_ name: String, to text: String) -> Bool {
        guard let value = Double(text), value > 0, value.isFinite, value <= 1e15 else { return false }
        switch name {
        case "pixels": pixels = Int(value)
        case "duration": duration = value
        case "frames": frames = Int(value)
        case "preset-bytes": presetBytes = Int(value)
        case "sounds": sounds = Int(value)
        default: return scene.set(name, to: value)
        }
        return true
    }

    /// The pixels of a frame of `width` × `height` points drawn at `scale` pixels per point:
    /// each side rounded to whole pixels, as the render rounds it.
    public static func pixelCount(width: Int, height: Int, scale: Double = 1) -> Int {
        Int((Double(width) * scale).rounded()) * Int((Double(height) * scale).rounded())
    }

    /// Why a frame of `width` × `height` points at `scale` is over the `pixels` limit, or `nil`:
    /// the one check of it, for a preset's size and for the size and scale a render is asked for.
    public func pixelProblem(width: Int, height: Int, scale: Double = 1) -> String? {
        let count = Self.pixelCount(width: width, height: height, scale: scale)
        guard count > pixels else { return nil }
        let size = scale == 1 ? "\(width)×\(height)" : "\(width)×\(height) at scale \(scale)"
        return "\(size) " + Self.exceeded("pixels", limit: "\(pixels)", got: "\(count)")
    }

    /// The message for a value over the limit `name`.
    public static func exceeded(_ name: String, limit: String, got: String) -> String {
        SceneLimits.exceeded(name, limit: limit, got: got, names: names)
    }
}
