import Foundation

/// A view resolved for one frame, as a parent's layout sees its subview (SwiftUI's
/// `LayoutSubview`): the size it chooses for a proposal, its alignment guides, its layout
/// priority, and its drawing once placed.
///
/// Layout is SwiftUI's three steps. The parent proposes a size (`ProposedViewSize`: a length or
/// `nil` — "your ideal" — per side); the child answers with the size it takes, which the parent
/// must accept; the parent places the child's top-leading corner, lining up alignment guides.
/// A parent may ask several proposals before it decides (a stack asks for each child's
/// smallest and largest size to share out space by flexibility); `draw` gets the proposal the
/// parent settled on.
protocol ViewNode {
    /// The size this view takes when offered `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize

    /// Draws the view at `size` — what it answered to `proposal` — with its top-leading corner
    /// at the origin of `context`.
    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize)

    /// Where this view puts `guide`, in points from its top-leading corner, when laid out at
    /// `size` for `proposal`; `nil` where it has no guide of its own and takes the guide's
    /// default (an edge or the middle; the bottom for text baselines).
    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat?

    /// The order in which a stack offers this view space: higher first (`layoutPriority(_:)`).
    var layoutPriority: Double { get }

    /// Whether this view is a `Spacer`, beside which a stack puts no default spacing.
    var isSpacer: Bool { get }
}

extension ViewNode {
    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        nil
    }

    var layoutPriority: Double { 0 }

    var isSpacer: Bool { false }

    /// Where this view puts `guide`: its own value, or else the guide's default.
    func dimension(_ guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat {
        explicitAlignment(of: guide, proposal: proposal, size: size) ?? guide.defaultValue(in: size)
    }
}
