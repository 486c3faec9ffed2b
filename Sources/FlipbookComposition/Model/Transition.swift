import FlipbookCanvas
import Foundation

/// An entrance or exit: a common animation that needs no keyframes. An entrance plays over the
/// first `duration` seconds of its layer, an exit over the last (ending at the layer's end, or
/// the video's).
public struct Transition: Hashable, Sendable {
    public enum Effect: String, CaseIterable, Hashable, Sendable {
        /// Opacity from 0.
        case fade
        /// In from (or out to) an edge, by `distance`.
        case slide
        /// Scale from `scale` (default 0.6) to 1.
        case scale
        /// Blur from `blur` points (default 24) to sharp.
        case blur
        /// Characters appear one after another (text layers).
        case typewriter
    }

    /// The edges a slide can come from.
    public enum Edge: String, CaseIterable, Hashable, Sendable {
        case top, bottom, leading, trailing
    }

    public var effect: Effect
    public var duration: Double = 0.5
    public var delay: Double = 0
    public var easing: Easing = .easeOut
    public var edge: Edge = .bottom
    /// How far a slide travels; by default a tenth of the canvas's shorter side.
    public var distance: Length = Length(10, .vmin)
    /// The starting scale of a `scale` effect.
    public var scale: Double = 0.6
    /// The starting blur radius of a `blur` effect.
    public var blur: Double = 24

    public init(effect: Effect) {
        self.effect = effect
    }

    /// How far the transition has come into the layer: 0 at its start, 1 when done — for an
    /// exit, 1 is the layer fully shown and 0 gone. `time` is the layer's time, `end` its end.
    func presence(at time: Double, exit: Bool, end: Double?) -> Double {
        if exit {
            guard let end else { return 1 }
            let start = end - duration - delay
            return 1 - easing.animation(over: duration).progress(at: time - start)
        }
        return easing.animation(over: duration).progress(at: time - delay)
    }
}

/// What a layer's transitions change at one moment, combined.
struct TransitionState {
    var opacity = 1.0
    var offset = CGPoint.zero
    var scale = 1.0
    var blur = 0.0
    /// The fraction of text characters shown.
    var reveal = 1.0

    /// The combined effect of `enter` and `exit` at layer time `time`.
    init(enter: [Transition], exit: [Transition], time: Double, end: Double?, canvas: CGSize) {
        for (transitions, isExit) in [(enter, false), (exit, true)] {
            for transition in transitions {
                let shown = transition.presence(at: time, exit: isExit, end: end)
                apply(transition, shown: shown, canvas: canvas)
            }
        }
    }

    private mutating func apply(_ transition: Transition, shown: Double, canvas: CGSize) {
        let hidden = 1 - shown
        switch transition.effect {
        case .fade:
            opacity *= min(max(shown, 0), 1)
        case .slide:
            let distance = transition.distance.points(extent: 0, canvas: canvas) * hidden
            switch transition.edge {
            case .top: offset.y -= distance
            case .bottom: offset.y += distance
            case .leading: offset.x -= distance
            case .trailing: offset.x += distance
            }
        case .scale:
            scale *= transition.scale + (1 - transition.scale) * shown
        case .blur:
            blur += transition.blur * max(hidden, 0)
        case .typewriter:
            reveal = min(reveal, min(max(shown, 0), 1))
        }
    }
}
