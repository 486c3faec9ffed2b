import FlipbookCanvas
import Foundation

/// How a stack — a group that places its layers instead of leaving each where its `position`
/// says — lays them out, as SwiftUI's `HStack`, `VStack` and `ZStack` do: one after another in a
/// row or a column, with `spacing` between them, lined up across the axis by `alignment` and
/// spread along it by `distribution`, inside `padding`; or, as an overlay, on top of one another,
/// each put in the box by `overlayAlignment`.
///
/// Each layer takes the size of its content (a text as the text engine sets it, a picture by its
/// aspect ratio) or its `frame` (`LayoutFrame`), and layers with `flex` share what is left along
/// the axis. The layout is worked out from the values at each moment (every length here can be
/// keyframed) and kept while they stay the same (`StackLayoutCache`).
///
/// A layer keeps its place while it is not showing (before its `start`, after its end): its
/// siblings do not move as it enters or exits.
public struct StackLayout: Hashable, Sendable {
    public var axis: Axis
    /// Between neighbours along the axis.
    public var spacing: Animated<Length>
    /// How a row's or column's layers line up across its axis.
    public var alignment: Alignment
    /// Where an overlay puts each of its layers in its box.
    public var overlayAlignment: UnitPoint
    /// How a row or column spreads its layers along its axis when they leave room.
    public var distribution: Distribution
    /// Space inside the stack's box, around its layers.
    public var padding: Animated<EdgeLengths>
    /// Whether a row or column that runs out of room goes on in another row or column (after
    /// `lineSpacing`), instead of squeezing its layers.
    public var wrap: Bool
    /// Between wrapped rows or columns; `nil`: the `spacing`.
    public var lineSpacing: Animated<Length>?

    public init(
        axis: Axis, spacing: Animated<Length> = .constant(Length(0)), alignment: Alignment = .center,
        overlayAlignment: UnitPoint = .center, distribution: Distribution = .start,
        padding: Animated<EdgeLengths> = .constant(EdgeLengths(Length(0))), wrap: Bool = false,
        lineSpacing: Animated<Length>? = nil
    ) {
        (self.axis, self.spacing, self.alignment, self.overlayAlignment) = (
            axis, spacing, alignment, overlayAlignment
        )
        (self.distribution, self.padding, self.wrap, self.lineSpacing) = (
            distribution, padding, wrap, lineSpacing
        )
    }
}
