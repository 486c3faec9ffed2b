import FlipbookCanvas
import FlipbookText
import Foundation

/// Where a layer is at one moment, as the renderer places it: the box it is placed in, its own
/// box's size, and where in the parent's box its anchor sits — before its entrance, exit and
/// wiggle move it, and its scale and rotation turn it about the anchor. With it, what measuring
/// the layer prepared for drawing: a text's layout, a stack's arrangement of its layers.
///
/// One function makes it (`LayerRenderer.placement(of:in:time:slot:)`), for drawing and for
/// `flipbook inspect`, which records what drawing places, so that the two agree.
struct LayerPlacement: Sendable {
    /// The box the layer is placed in: its parent's box, the canvas's safe area, or — in a
    /// stack — the stack's box (its origin) with the size lengths in the stack refer to.
    var parent: CGRect
    /// The layer's box.
    var size: CGSize
    /// The box's point placed at `position`.
    var anchor: UnitPoint
    /// Where the anchor sits, from the parent box's origin.
    var position: CGPoint
    /// Degrees a motion path turns the layer along it.
    var pathTurn: Double = 0
    /// The layout a text is drawn with, when measuring set it.
    var text: TextLayout?
    /// Where a stack puts its layers.
    var arrangement: StackArrangement?
}
