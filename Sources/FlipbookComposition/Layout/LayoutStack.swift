import FlipbookCanvas
import Foundation

/// A stack as its layout sees it at one moment: its settings in points (`StackLayout` resolved)
/// and its layers' items, in order (`LayoutItem`). What laying it out for a proposal gives is a
/// `StackArrangement`.
struct LayoutStack: Hashable, Sendable {
    var axis: StackLayout.Axis
    var spacing: Double
    /// Between wrapped rows or columns.
    var lineSpacing: Double
    var alignment: StackLayout.Alignment
    var overlayAlignment: UnitPoint
    var distribution: StackLayout.Distribution
    var padding: EdgeInsets
    var wrap: Bool
    var items: [LayoutItem]

    /// The axis a row or column runs along (horizontal for an overlay, which has none).
    var main: Axis { axis == .column ? .vertical : .horizontal }

    /// The padding before the layers along `axis`: leading, or top.
    func leadingPadding(_ axis: Axis) -> Double { axis == .horizontal ? padding.leading : padding.top }

    /// `proposal` less the padding, never below 0; an unspecified side stays unspecified.
    func inside(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            along: .horizontal, proposal.points(.horizontal).map { max(0, $0 - padding[.horizontal]) },
            across: proposal.points(.vertical).map { max(0, $0 - padding[.vertical]) })
    }
}
