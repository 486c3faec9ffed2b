import FlipbookCanvas
import FlipbookRaster
import Foundation

/// One layer of a composition: what it draws (`content`), when (`timing`), where (a box of
/// `size` whose `anchor` point sits at `position` in the parent's box) and how (scale,
/// rotation about the anchor, opacity, blend mode, colour adjustments, blur, shadow, entrance
/// and exit).
public struct CompositionLayer: Sendable {
    /// The layer's name in `--explain` (its `name`, or its JSON path).
    public var name: String
    /// Where the layer is in the preset (`layers[3].layers[0]`), for messages that point at
    /// it after decoding (the memory budget's largest part); empty for a layer made in code.
    public var path = ""
    public var content: LayerContent
    public var timing = LayerTiming()
    /// Where the anchor sits in the parent's box; the parent's centre when `nil`.
    public var position: Animated<LengthPair>?
    /// A path the anchor travels along instead (`position` is then `nil`).
    public var motionPath: MotionPath?
    /// The layer's box; its content's natural size (text, image) or the parent's box when `nil`.
    public var size: Animated<LengthPair>?
    /// How the layer's box is sized from its content (`LayoutFrame`) — by its stack, when it is
    /// in one; `nil`: by its `size` or its content.
    public var frame: LayoutFrame?
    /// Whether the layer is there at all: one that is not is neither drawn nor given room in a
    /// stack (an override hides it for one shape of the canvas, or shows it).
    public var isVisible = true
    public var anchor: UnitPoint = .center
    public var scale: Animated<ScalePair> = .constant(ScalePair(x: 1, y: 1))
    /// Degrees, clockwise.
    public var rotation: Animated<Double> = .constant(0)
    /// Degrees the layer turns in 3D about the horizontal line through its anchor (positive:
    /// the top edge goes away) and about the vertical one (positive: the right edge goes
    /// away), the vertical turn first, seen from `perspective` points in front of the canvas.
    public var rotationX: Animated<Double> = .constant(0)
    public var rotationY: Animated<Double> = .constant(0)
    public var perspective = 1000.0
    public var opacity: Animated<Double> = .constant(1)
    public var blendMode: BlendMode = .normal
    /// Brightness, contrast, saturation and the other colour modifiers, applied first.
    public var colorAdjustments = LayerColorAdjustments()
    /// Gaussian blur radius, points.
    public var blur: Animated<Double> = .constant(0)
    /// Whether the blur keeps the layer opaque to its box's edges, cut to the box (SwiftUI's
    /// `blur(radius:opaque: true)`): a picture that fills its box stays sharp-edged and full
    /// strength there, instead of fading into what is behind it.
    public var blurIsOpaque = false
    public var shadow: LayerShadow?
    public var enter: [Transition] = []
    public var exit: [Transition] = []
    /// Whether the parent box is the canvas's safe area (top-level layers).
    public var inSafeArea = false
    /// A layer drawn in this layer's box whose opacity decides where this layer shows.
    public var mask: LayerMask?
    /// A sound played as the layer appears, and again each time its clock restarts.
    public var sound: LayerSound?
    /// Smooth random movement about the layer's place, turn and scale.
    public var wiggle: LayerWiggle?

    public init(name: String, content: LayerContent) {
        (self.name, self.content) = (name, content)
    }
}

extension CompositionLayer {
    /// How a message about the layer starts: `layer "Headline": ` when it has a name of its
    /// own, else nothing (its path, before the message, says which).
    var named: String {
        name.isEmpty || name == path ? "" : "layer \"\(name)\": "
    }

    /// Whether its box stays where it is for as long as it shows: nothing of its place, size or
    /// turn is keyframed, it has no motion path, wiggle, entrance or exit, and its size does
    /// not follow a text that changes (counters, captions).
    var holdsStill: Bool {
        let fixedText =
            if case .text(let text) = content { text.counters.isEmpty && text.captions == nil } else { true }
        return (position?.isConstant ?? true) && motionPath == nil && (size?.isConstant ?? fixedText)
            && scale.isConstant && rotation.isConstant && rotationX.isConstant && rotationY.isConstant
            && wiggle == nil && enter.isEmpty && exit.isEmpty
    }
}

/// A layer's mask: another layer, placed in the masked layer's box and timed from its start,
/// whose opacity shows the masked layer (or hides it, `inverted`): text cut out of a picture,
/// a shape growing into an iris reveal. A class, as a layer holds one and a mask is a layer.
public final class LayerMask: Sendable {
    public let layer: CompositionLayer
    public let inverted: Bool

    public init(layer: CompositionLayer, inverted: Bool) {
        (self.layer, self.inverted) = (layer, inverted)
    }
}

/// A horizontal and vertical scale factor, keyframed together.
public struct ScalePair: Hashable, Sendable, Animatable {
    public var x: Double
    public var y: Double

    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

/// A drop shadow behind what the layer draws — or, `inner`, a shadow inside it, cast by its
/// edges as if it were cut into the canvas.
public struct LayerShadow: Hashable, Sendable {
    public var color: Animated<Color>
    public var radius: Animated<Double>
    public var x: Animated<Double>
    public var y: Animated<Double>
    public var inner = false
}

/// What a layer draws.
public enum LayerContent: Sendable {
    case scene(SceneLayer)
    case text(TextLayer)
    case image(ImageLayer)
    case lottie(LottieAnimationLayer)
    case shape(ShapeLayer)
    case group(GroupLayer)
    /// Room in a stack.
    case spacer(SpacerLayer)
}

/// A built-in scene drawn in the layer's box (the size it lays out for), its clock starting
/// with the layer; what it draws outside the box shows unless `clip`.
public struct SceneLayer: Sendable {
    public var sceneName: String
    public var scene: any AnimatedScene
    public var clip: Bool
}

/// Nested layers drawn in the group's box (a precomposition), optionally clipped to it; with a
/// `layout`, a stack: the group places its layers itself, sizing its box to them unless it has
/// a `size` of its own.
public struct GroupLayer: Sendable {
    public var layers: [CompositionLayer]
    public var clip: Bool
    public var layout: StackLayout?

    public init(layers: [CompositionLayer], clip: Bool = false, layout: StackLayout? = nil) {
        (self.layers, self.clip, self.layout) = (layers, clip, layout)
    }
}
