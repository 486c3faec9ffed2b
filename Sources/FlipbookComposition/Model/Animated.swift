import FlipbookCanvas
import Foundation

/// A property that is either constant or changes through keyframes over its layer's time.
///
/// Between two keyframes the value moves by the later keyframe's easing; before the first it
/// is the first value, and after the last the last segment runs on (a spring settles, a curve
/// holds its end). Values are resolved (lengths to points, names to colours) and then
/// interpolated through `Animatable`, as SwiftUI interpolates `animatableData`.
///
/// Keyframes are at least one (the first, then the rest in time order): an animation of none
/// would have no value to show, so it cannot be made.
public enum Animated<Value: Hashable & Sendable>: Hashable, Sendable {
    case constant(Value)
    case keyframes(Keyframe, then: [Keyframe])

    /// One keyframe: the value at layer time `time` (seconds), reached by `easing`.
    public struct Keyframe: Hashable, Sendable {
        public var time: Double
        public var value: Value
        public var easing: Easing

        public init(time: Double, value: Value, easing: Easing) {
            (self.time, self.value, self.easing) = (time, value, easing)
        }
    }

    /// The animation through `frames`, in time order; `nil` for no keyframes.
    public init?(keyframes frames: [Keyframe]) {
        guard let first = frames.first else { return nil }
        self = .keyframes(first, then: Array(frames.dropFirst()))
    }

    /// Every keyframe in time order; none for a constant.
    public var frames: [Keyframe] {
        guard case .keyframes(let first, let rest) = self else { return [] }
        return [first] + rest
    }

    /// The constant value, or every keyframe's: the values it passes through (a spring may
    /// overshoot them a little).
    public var values: [Value] {
        switch self {
        case .constant(let value): [value]
        case .keyframes: frames.map(\.value)
        }
    }

    /// Whether the value is the same at every time.
    public var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }

    /// The value at layer time `time`, resolved by `resolve` and interpolated.
    public func value<Resolved: Animatable>(at time: Double, _ resolve: (Value) -> Resolved) -> Resolved {
        switch self {
        case .constant(let value):
            return resolve(value)
        case .keyframes(let first, let rest):
            guard time > first.time, !rest.isEmpty else { return resolve(first.value) }
            let frames = [first] + rest
            // The segment that ends at the first keyframe after `time`, or the last one.
            let next = frames.firstIndex { $0.time > time } ?? frames.count - 1
            let (from, to) = (frames[next - 1], frames[next])
            let progress = to.easing.progress(at: time - from.time, over: to.time - from.time)
            return resolve(from.value).interpolated(to: resolve(to.value), fraction: progress)
        }
    }
}

extension Animated where Value: Animatable {
    /// The value at layer time `time`.
    public func value(at time: Double) -> Value {
        value(at: time) { $0 }
    }
}

extension Animated {
    /// Whether the value can differ between layer times `from` and `to` (`from` ≤ `to`): the
    /// span crosses the keyframes', or a spring is still settling after the last one.
    func moves(_ from: Double, _ to: Double) -> Bool {
        guard case .keyframes(let first, let rest) = self, let last = rest.last, to > first.time else {
            return false
        }
        if from < last.time { return true }
        if case .spring = last.easing { return true }
        return false
    }
}
