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
        /// Revealed by a line sweeping across the box from `edge` (default leading), hidden
        /// beyond it: what the layer draws past the box's other sides is not cut.
        case wipe
        /// Turned in 3D from `turn` degrees (default 90: edge-on) to flat, in the layer's
        /// `perspective`: the edge it comes from (default bottom) starts furthest away.
        case flip
    }

    /// What moves: the whole layer, or each of a text's characters, words or lines in turn.
    public enum Unit: String, CaseIterable, Hashable, Sendable {
        case layer, character, word, line
    }

    /// The effects that can move a text's units one by one (a typewriter shows them).
    public static let unitEffects: [Effect] = [.fade, .slide, .scale, .blur, .typewriter]

    /// The edges a slide comes from, or a wipe starts at.
    public enum Edge: String, CaseIterable, Hashable, Sendable {
        case top, bottom, leading, trailing
    }

    public var effect: Effect
    public var duration: Double = 0.5
    public var delay: Double = 0
    public var easing: Easing = .easeOut
    /// Where a slide comes from (default bottom) or a wipe starts (default leading).
    public var edge: Edge
    /// How far a slide travels; by default a tenth of the canvas's shorter side.
    public var distance: Length = Length(10, .vmin)
    /// The starting scale of a `scale` effect.
    public var scale: Double = 0.6
    /// The starting blur radius of a `blur` effect.
    public var blur: Double = 24
    /// The starting turn of a `flip`, degrees.
    public var turn: Double = 90
    /// What moves (a text's units, one after another, within `duration`).
    public var unit: Unit = .layer
    /// The share of `duration` (0 ≤ stagger < 1) over which the units' starts spread: each
    /// unit moves for the rest of it, so the whole text takes `duration` however many it has.
    public var stagger: Double = 0.5

    public init(effect: Effect) {
        self.effect = effect
        edge = effect == .wipe ? .leading : .bottom
    }

    /// Whether each of a text's units moves on its own, with its own start: a typewriter
    /// instead shows whole units up to how far it has come, as the layer's own effect.
    var movesUnits: Bool { unit != .layer && effect != .typewriter }

    /// The transition of unit `index` of `count` (in reading order), as a layer transition:
    /// starting `stagger × duration × index ÷ (count − 1)` into this one, lasting the part of
    /// `duration` the stagger leaves (all of it for a single unit). An exit's units leave in
    /// the same order.
    func unit(_ index: Int, of count: Int, exit: Bool) -> Transition {
        var unit = self
        // A single unit has nothing to spread over: it takes the whole duration.
        let spread = count > 1 ? stagger * duration : 0
        let start = count > 1 ? spread * Double(index) / Double(count - 1) : 0
        unit.unit = .layer
        unit.duration = duration - spread
        unit.delay = delay + (exit ? spread - start : start)
        return unit
    }

    /// How far the transition has come into the layer: 0 at its start, 1 when done — for an
    /// exit, 1 is the layer fully shown and 0 gone. `time` is the layer's time, `end` its end.
    func presence(at time: Double, exit: Bool, end: Double?) -> Double {
        if exit {
            guard let end else { return 1 }
            let start = end - duration - delay
            return 1 - easing.progress(at: time - start, over: duration)
        }
        return easing.progress(at: time - delay, over: duration)
    }
}

/// What a layer's transitions change at one moment, combined.
struct TransitionState {
    var opacity = 1.0
    var offset = CGPoint.zero
    var scale = 1.0
    var blur = 0.0
    /// Degrees of 3D turn about the horizontal and the vertical line through the anchor, as
    /// a layer's `rotationX` and `rotationY` (flips).
    var turn = (x: 0.0, y: 0.0)
    /// How much of a text typewriters show.
    var reveal = TextReveal()
    /// The part of the box that wipes leave shown, in fractions of its width and height
    /// (unbounded where no wipe limits it).
    var wiped = (minX: -Double.infinity, minY: -Double.infinity, maxX: Double.infinity, maxY: Double.infinity)

    /// No transition: fully shown, in place.
    init() {}

    /// The combined effect of `enter` and `exit` at layer time `time`.
    init(enter: [Transition], exit: [Transition], time: Double, end: Double?, canvas: CGSize) {
        for (transitions, isExit) in [(enter, false), (exit, true)] {
            for transition in transitions {
                add(transition, exit: isExit, time: time, end: end, canvas: canvas)
            }
        }
    }

    /// Adds the effect of `transition`, an entrance or an `exit`, at layer time `time`.
    mutating func add(_ transition: Transition, exit: Bool, time: Double, end: Double?, canvas: CGSize) {
        apply(transition, shown: transition.presence(at: time, exit: exit, end: end), canvas: canvas)
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
        case .flip:
            // The edge it comes from starts away: the top edge away is a positive turn about x,
            // the trailing (right) edge away a positive turn about y.
            let degrees = transition.turn * hidden
            switch transition.edge {
            case .top: turn.x += degrees
            case .bottom: turn.x -= degrees
            case .leading: turn.y -= degrees
            case .trailing: turn.y += degrees
            }
        case .typewriter:
            let fraction = min(max(shown, 0), 1)
            if fraction < reveal.fraction {
                reveal = TextReveal(
                    fraction: fraction, unit: transition.unit == .layer ? .character : transition.unit)
            }
        case .wipe:
            let shown = min(max(shown, 0), 1)
            switch transition.edge {
            case .leading: wiped.maxX = min(wiped.maxX, shown)
            case .trailing: wiped.minX = max(wiped.minX, 1 - shown)
            case .top: wiped.maxY = min(wiped.maxY, shown)
            case .bottom: wiped.minY = max(wiped.minY, 1 - shown)
            }
        }
    }

    /// What wipes leave shown of `box`, reaching far past its sides where no wipe limits it;
    /// `nil` when no wipe runs, an empty rectangle when a wipe hides everything.
    func wipeClip(of box: CGRect) -> CGRect? {
        let far = 1e6
        guard wiped.minX.isFinite || wiped.minY.isFinite || wiped.maxX.isFinite || wiped.maxY.isFinite else {
            return nil
        }
        func edge(_ fraction: Double, _ origin: Double, _ length: Double, beyond: Double) -> Double {
            fraction.isFinite ? origin + fraction * length : beyond
        }
        let minX = edge(wiped.minX, box.minX, box.width, beyond: -far)
        let maxX = edge(wiped.maxX, box.minX, box.width, beyond: far)
        let minY = edge(wiped.minY, box.minY, box.height, beyond: -far)
        let maxY = edge(wiped.maxY, box.minY, box.height, beyond: far)
        return CGRect(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
    }
}

/// How much of a text a typewriter shows: the first `fraction` of its characters, words or
/// lines (whole ones: a word appears at once).
struct TextReveal {
    var fraction = 1.0
    var unit = Transition.Unit.character
}
