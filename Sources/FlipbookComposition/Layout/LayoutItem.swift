import FlipbookCanvas
import FlipbookText
import Foundation

/// A layer as a stack lays it out at one moment: what its `size` and `frame` say, in points,
/// and of its content only what measuring needs (a text's runs and settings, a picture's size).
///
/// Items are values and hashable: a stack whose items are equal to the last frame's lays out
/// the same, so its arrangement is kept by them (`StackLayoutCache`).
struct LayoutItem: Hashable, Sendable {
    enum Content: Hashable, Sendable {
        /// A text, set by the text engine in the width it is offered.
        case text(TextLayout.Request)
        /// A picture (an image, a video's frame) of this size of its own.
        case picture(width: Double, height: Double)
        /// What has no size of its own — a shape, a scene, a group: it takes what it is offered.
        case fill
        /// A spacer, at least this long along its stack's axis.
        case spacer(minLength: Double)
        /// A stack inside the stack.
        case stack(LayoutStack)
    }

    var content: Content
    /// Fixed by the layer's `size` or its frame's `width` and `height`.
    var width: Double?
    var height: Double?
    var minWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var maxHeight: Double?
    /// Width over height, from the frame.
    var aspectRatio: Double?
    /// The share of what the stack has left along its axis (0: none).
    var flex: Double = 0
    var priority: Double = 0

    /// The length fixed along `axis`, if any.
    func fixed(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }

    /// The item with its length along `axis` fixed to `length`.
    func fixing(_ axis: Axis, to length: Double) -> LayoutItem {
        var item = self
        if axis == .horizontal { item.width = length } else { item.height = length }
        return item
    }

    /// The least and most its box may be along `axis`.
    func bounds(_ axis: Axis) -> (min: Double?, max: Double?) {
        axis == .horizontal ? (minWidth, maxWidth) : (minHeight, maxHeight)
    }

    /// Whether it takes what it is offered along `axis`: content with no size of its own, with no
    /// length there fixed by its frame or an aspect ratio.
    func isGreedy(along axis: Axis) -> Bool {
        guard case .fill = content, aspectRatio == nil else { return false }
        return fixed(axis) == nil
    }

    /// Whether it is a spacer.
    var isSpacer: Bool {
        if case .spacer = content { return true }
        return false
    }
}
