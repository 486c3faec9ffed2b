import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// A spirograph morphing through keyframes of its four parameters: between two keyframes the
/// shape is interpolated through its `animatableData` (an `AnimatablePair` of pairs) with the
/// later keyframe's easing — exactly what SwiftUI draws when `.animation(…)` animates a change
/// of those values. Raising `amount` draws the curve progressively. At a keyframe's time the
/// frame equals the static spirograph with its parameters.
public struct SpirographMorphScene: AnimatedScene {
    /// The spirograph's parameters from `time` on, reached with `easing`.
    public struct Keyframe: Hashable, Sendable {
        public var time: Double
        public var spirograph: Spirograph
        public var easing: String
    }

    public let keyframes: [Keyframe]
    public let style: StrokeStyle
    public let palette: [Color]

    /// The easing names a keyframe may use, as SwiftUI's animations.
    public static let easings = ["linear", "easeIn", "easeOut", "easeInOut", "spring"]

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> SpirographMorphScene
    {
        let defaults = [
            Keyframe(
                time: 0, spirograph: Spirograph(outerRadius: 125, innerRadius: 75, distance: 100, amount: 0),
                easing: "linear"),
            Keyframe(
                time: 2, spirograph: Spirograph(outerRadius: 125, innerRadius: 75, distance: 100, amount: 1),
                easing: "easeInOut"),
        ]
        let keyframes = try source.objects(
            "keyframes", "the spirograph's parameters at given times, each reached with its easing",
            default: defaults,
            count: 1...1000
        ) { (frame) throws(PresetError) in
            let time = try frame.number("time", "seconds from the start", default: 0, in: 0...86_400)
            var curve = Spirograph(outerRadius: 125, innerRadius: 75, distance: 100)
            try Spirograph.readShape(&frame, into: &curve)
            try Spirograph.checkSize(curve, source: frame, context: context)
            let easing = try frame.choice(
                "easing", "how this keyframe is approached from the one before", default: "easeInOut",
                among: easings)
            return Keyframe(time: time, spirograph: curve, easing: easing)
        }
        for (earlier, later) in zip(keyframes, keyframes.dropFirst()) where later.time <= earlier.time {
            throw source.error(
                "keyframes", "keyframe times must increase (got \(later.time) after \(earlier.time))")
        }
        let lineWidth = try source.number("lineWidth", "stroke width, points", default: 2, in: 0...1000)
        let palette = try source.colors(
            "palette", "colours of the angular gradient around the centre",
            default: [.orange, .pink, .indigo, .orange])
        return SpirographMorphScene(
            keyframes: keyframes, style: StrokeStyle(lineWidth: lineWidth), palette: palette)
    }

    /// The interpolated spirograph at `seconds`.
    public func spirograph(at seconds: Double) -> Spirograph {
        guard let first = keyframes.first else {
            return Spirograph(outerRadius: 125, innerRadius: 75, distance: 100)
        }
        guard let next = keyframes.firstIndex(where: { $0.time > seconds }) else {
            return keyframes.last!.spirograph
        }
        guard next > 0 else { return first.spirograph }
        let (from, to) = (keyframes[next - 1], keyframes[next])
        let fraction = Self.animation(to.easing, duration: to.time - from.time).progress(
            at: seconds - from.time)
        return from.spirograph.interpolated(to: to.spirograph, fraction: fraction)
    }

    static func animation(_ name: String, duration: Double) -> Animation {
        switch name {
        case "linear": .linear(duration: duration)
        case "easeIn": .easeIn(duration: duration)
        case "easeOut": .easeOut(duration: duration)
        case "spring": .spring(response: duration / 2, dampingFraction: 0.7)
        default: .easeInOut(duration: duration)
        }
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        var scene = SpirographScene(
            spirograph: spirograph(at: time.seconds), style: style, color: palette.first ?? .blue)
        scene.palette = palette
        scene.draw(in: &context, size: size, time: time)
    }

    public var accessibilityLabel: String? {
        "A spirograph curve that draws itself and morphs through \(keyframes.count) shapes."
    }
}

extension Spirograph: Animatable {
    /// The four numbers SwiftUI interpolates, as in the lesson: radii, distance and amount.
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    {
        get { AnimatablePair(AnimatablePair(outerRadius, innerRadius), AnimatablePair(distance, amount)) }
        set {
            outerRadius = newValue.first.first
            innerRadius = newValue.first.second
            distance = newValue.second.first
            amount = newValue.second.second
        }
    }
}
