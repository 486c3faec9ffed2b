import Foundation

/// A modifier that gives each subview a box of its own — a frame, padding — as SwiftUI's
/// `UnaryLayout`: the box answers the proposal, and places the subview in itself. The box
/// keeps the subview's text baselines (moved with it) and its layout priority.
protocol UnaryLayout: PrimitiveModifier {
    /// The size of the box when offered `proposal`, around `child`.
    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize

    /// What `child` is offered in a box laid out at `size` for `proposal`, the size it takes,
    /// and where its top-leading corner goes.
    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement
}

/// A subview placed in its parent's box: what it was offered, the size it took, and where its
/// top-leading corner goes.
struct ChildPlacement {
    var proposal: ProposedViewSize
    var size: CGSize
    var origin: CGPoint
}

extension UnaryLayout {
    func modify(_ content: (ViewInputs) -> [any ViewNode], in inputs: ViewInputs) -> [any ViewNode] {
        content(inputs).map { UnaryLayoutNode(layout: self, child: $0) }
    }
}

/// A subview in the box a `UnaryLayout` gives it.
struct UnaryLayoutNode<Layout: UnaryLayout>: ViewNode {
    let layout: Layout
    let child: any ViewNode

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        layout.sizeThatFits(proposal, child: child)
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        let placement = layout.placement(of: child, proposal: proposal, size: size)
        context.draw(child, at: placement.origin, proposal: placement.proposal, size: placement.size)
    }

    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        guard guide.isTextBaseline else { return nil }
        let placement = layout.placement(of: child, proposal: proposal, size: size)
        return child.explicitAlignment(of: guide, proposal: placement.proposal, size: placement.size)
            .map { $0 + placement.origin.y }
    }

    var layoutPriority: Double { child.layoutPriority }
}
