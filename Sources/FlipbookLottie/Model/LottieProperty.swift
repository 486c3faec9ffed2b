import Foundation

/// A Lottie property: one value, or keyframes in ascending frame order (never empty).
struct LottieProperty<Value: LottieInterpolable>: Sendable {
    var keyframes: [LottieKeyframe<Value>]

    init(keyframes: [LottieKeyframe<Value>]) {
        self.keyframes = keyframes
    }

    /// A property that never changes.
    init(_ value: Value) {
        keyframes = [
            LottieKeyframe(
                frame: 0, value: value, end: nil, hold: true, easing: .linear, outTangent: nil, inTangent: nil
            )
        ]
    }

    var isAnimated: Bool { keyframes.count > 1 }

    /// The value at `frame` (the layer's own frame): the first keyframe's before it, the last's
    /// after, held or eased in between.
    func value(at frame: Double) -> Value {
        let first = keyframes[0]
        guard keyframes.count > 1, frame > first.frame else { return first.value }
        // The last keyframe at or before `frame`, by bisection.
        var (low, high) = (0, keyframes.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if keyframes[middle].frame <= frame { low = middle } else { high = middle - 1 }
        }
        let from = keyframes[low]
        guard low + 1 < keyframes.count else { return from.end ?? from.value }
        let to = keyframes[low + 1]
        let span = to.frame - from.frame
        guard !from.hold, span > 0 else { return from.value }
        let fraction = from.easing.progress(min(max((frame - from.frame) / span, 0), 1))
        return from.value.interpolated(
            to: from.end ?? to.value, fraction: fraction, outTangent: from.outTangent,
            inTangent: from.inTangent)
    }
}

extension LottieProperty where Value == [Double] {
    /// The first component at `frame` (`fallback` for an empty value).
    func scalar(at frame: Double, fallback: Double = 0) -> Double {
        value(at: frame).first ?? fallback
    }

    /// The first two components at `frame` as a point (missing ones 0).
    func point(at frame: Double) -> CGPoint {
        let value = value(at: frame)
        return CGPoint(x: value.first ?? 0, y: value.count > 1 ? value[1] : 0)
    }
}
