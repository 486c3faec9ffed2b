import FlipbookJSON
import Foundation

/// A Lottie (Bodymovin) animation, decoded: its frame, timeline, layers and precompositions.
///
/// Decoding is lenient about keys a renderer has no use for and strict about values it uses:
/// a malformed value is a `PresetError` naming the file, line, column and JSON path. What it
/// cannot draw (expressions, 3D layers, effects, text and image layers so far) is reported to
/// `WarningSink.current` as `lottie-unsupported`, naming the layer and the feature.
public struct LottieAnimation: Sendable {
    public var width: Double
    public var height: Double
    /// Frames per second (`fr`).
    public var frameRate: Double
    /// The first frame (`ip`) and the frame after the last (`op`).
    public var inPoint: Double
    public var outPoint: Double
    /// Named markers (`markers`): their first frame and length in frames.
    public var markers: [String: (frame: Double, duration: Double)]
    var layers: [LottieLayer]
    /// The precompositions' layers, in `assets` order of the precompositions used.
    var precomps: [[LottieLayer]]
    /// How deep precompositions nest (0 without any).
    var precompLevels: Int
    /// The bytes of the decoded pictures of its image assets.
    var pictureBytes = 0
    /// The names a template may replace values by (`LottieTemplate`).
    public var templateTargets = LottieTemplateTargets()

    /// Seconds from the first frame to the end.
    public var durationSeconds: Double {
        (outPoint - inPoint) / frameRate
    }

    /// The animation's frame `seconds` after its first. A time within a millionth of a frame of
    /// a whole frame is that frame: a video at 30000/1001 frames per second showing a file of
    /// `fr` 29.9700012207 would otherwise land a hair before frame n, where a hold keyframe at n
    /// still shows the value before it.
    public func frame(atSeconds seconds: Double) -> Double {
        let frames = seconds * frameRate
        let whole = frames.rounded()
        return inPoint + (abs(frames - whole) < 1e-6 ? whole : frames)
    }

    /// Whether a parsed document is a Lottie file: an object with `v`, `fr`, `ip`, `op`, `w`, `h`
    /// and `layers` — keys no preset has all of.
    package static func isLottie(_ root: JSONValue) -> Bool {
        guard case .object(let members) = root.kind else { return false }
        let keys = Set(members.map(\.key))
        return ["v", "fr", "ip", "op", "w", "h", "layers"].allSatisfy(keys.contains)
    }

    /// Decodes the parsed document `root` of `file`, holding it to `limits`, with `template`'s
    /// texts and colours in place of the file's (`templateTargets` says what it offers), its
    /// image assets decoded by `pictures` (without it, image layers warn). What it cannot
    /// draw warns at its own JSON path, or — read for a composition's layer — at `reportingAt`
    /// (the layer's `file`), naming the file and the path inside it.
    package static func decode(
        _ root: JSONValue, file: String, limits: LottieLimits = LottieLimits(), reportingAt: String? = nil,
        template: LottieTemplate = LottieTemplate(), pictures: LottiePictureLoader? = nil
    ) throws(PresetError) -> LottieAnimation {
        var decoder = LottieDecoder(file: file, limits: limits)
        decoder.pictureLoader = pictures
        decoder.reportingAt = reportingAt
        decoder.template = template
        return try decoder.animation(JSONField(value: root, file: file))
    }
}
