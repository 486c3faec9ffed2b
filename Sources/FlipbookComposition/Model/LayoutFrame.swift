import Foundation

/// How a layer's box is sized from its content, as SwiftUI's `frame` modifiers,
/// `layoutPriority` and `Spacer` size a view: a fixed `width` or `height`, bounds on what its
/// content takes, an aspect ratio, and — in a stack — a share of what the stack has left along
/// its axis. A layer that is not in a stack is sized as if offered its parent's box.
///
/// Without one, a layer in a stack is as large as its content: a text as the text engine sets
/// it in the width it is offered, a picture at its own size (smaller, keeping its aspect ratio,
/// when less is offered), a nested stack as its layers need. A shape, scene or group has no
/// size of its own: it takes a share of what is left along the axis (as `flex` 1 does) and the
/// stack's thickness across it.
public struct LayoutFrame: Hashable, Sendable {
    /// The box's width or height exactly, whatever the content takes.
    public var width: Animated<Length>?
    public var height: Animated<Length>?
    /// Bounds on the box: the content is offered at most the maximum, and the box is held
    /// between them.
    public var minWidth: Animated<Length>?
    public var maxWidth: Animated<Length>?
    public var minHeight: Animated<Length>?
    public var maxHeight: Animated<Length>?
    /// Width over height: the side the frame or the stack does not fix follows the other.
    public var aspectRatio: Animated<Double>?
    /// The layer's share of what the stack has left along its axis once the layers without
    /// `flex` are sized: two layers of `flex` 1 and 2 take a third and two thirds. 0: none.
    public var flex: Animated<Double>
    /// The order in which a stack offers its layers room: those of higher priority first, so
    /// that when room is short the others are squeezed (SwiftUI's `layoutPriority`).
    public var layoutPriority: Double

    public init(
        width: Animated<Length>? = nil, height: Animated<Length>? = nil, minWidth: Animated<Length>? = nil,
        maxWidth: Animated<Length>? = nil, minHeight: Animated<Length>? = nil,
        maxHeight: Animated<Length>? = nil, aspectRatio: Animated<Double>? = nil,
        flex: Animated<Double> = .constant(0), layoutPriority: Double = 0
    ) {
        (self.width, self.height, self.minWidth, self.maxWidth) = (width, height, minWidth, maxWidth)
        (self.minHeight, self.maxHeight, self.aspectRatio) = (minHeight, maxHeight, aspectRatio)
        (self.flex, self.layoutPriority) = (flex, layoutPriority)
    }
}
