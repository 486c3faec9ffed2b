/// One keyframe of a Lottie property: from `frame` on the value moves from `value` to the next
/// keyframe's (or to its own `end`, as files before Bodymovin 5.5 write it), eased by `easing`,
/// or stays at `value` until the next keyframe when `hold`.
struct LottieKeyframe<Value: LottieInterpolable>: Sendable {
    var frame: Double
    var value: Value
    var end: Value?
    var hold: Bool
    var easing: LottieEasing
    /// A position's spatial tangents (`to`, `ti`), relative to this value and the next.
    var outTangent: [Double]?
    var inTangent: [Double]?
}
