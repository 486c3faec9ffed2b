/// Ceilings that keep a bad or hostile preset from exhausting the machine: frame size, length,
/// particle count and path complexity. Each can be raised on purpose (`flipbook render
/// --limit particles=5000000`); exceeding one is an error naming the limit and its override.
public struct RenderLimits: Hashable, Sendable {
    /// Pixels per frame; the default allows 8K UHD (7680×4320).
    public var pixels = 7680 * 4320
    /// Seconds of video.
    public var duration = 3600.0
    /// Frames in one video.
    public var frames = 216_000
    /// Confetti pieces (or other particles) in one scene, all bursts together. Each costs about
    /// 2 KB while a frame is drawn, so the default keeps a frame near 200 MB.
    public var particles = 100_000
    /// Points in one generated path (e.g. a spirograph curve).
    public var pathPoints = 1_000_000
    /// Square points a scene may paint per frame, shapes summed (each counted up to the
    /// canvas's area): 10⁶ stars of 100 points would paint 10¹⁰ and take most of a minute per
    /// frame. The default, 5 × 10⁸, is about 240 full 1080p frames of overdraw (well under a
    /// second per frame).
    public var paintedArea = 500_000_000.0
    /// Bytes of one preset file.
    public var presetBytes = 1 << 20
    /// Characters in one text parameter (a headline, a label), which is shaped every frame.
    public var textLength = 10_000

    public init() {}

    /// The limit names accepted by `--limit NAME=VALUE`, with what they bound.
    public static let names: [(name: String, meaning: String)] = [
        ("pixels", "pixels per frame (width × height)"),
        ("duration", "seconds of video"),
        ("frames", "frames in one video"),
        ("particles", "particles in one scene"),
        ("path-points", "points in one generated path"),
        ("painted-area", "square points painted per frame (shapes × their area)"),
        ("preset-bytes", "bytes of a preset file"),
        ("text-length", "characters in one text parameter"),
    ]

    /// Sets the limit `name` from `text`; `false` when the name is unknown or the value is not
    /// a positive number.
    public mutating func set(_ name: String, to text: String) -> Bool {
        guard let value = Double(text), value > 0, value.isFinite, value <= 1e15 else { return false }
        switch name {
        case "pixels": pixels = Int(value)
        case "duration": duration = value
        case "frames": frames = Int(value)
        case "particles": particles = Int(value)
        case "path-points": pathPoints = Int(value)
        case "painted-area": paintedArea = value
        case "preset-bytes": presetBytes = Int(value)
        case "text-length": textLength = Int(value)
        default: return false
        }
        return true
    }

    /// The message for a value over the limit `name` (the error carries `name` too, so each
    /// front end says in its own words how to raise it: `PresetError.exceeding(_:)`).
    public static func exceeded(_ name: String, limit: String, got: String) -> String {
        "exceeds the limit of \(limit) \(Self.names.first { $0.name == name }?.meaning ?? name) (got \(got))"
    }
}
