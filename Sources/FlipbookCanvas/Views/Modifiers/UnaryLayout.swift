import Foundation

/// A modifier that gives each subview a box of its own — a frame, padding, or for a
/// `RenderEffect` the subview's own bounds — as SwiftUI's `UnaryLayout`: the box answers the
/// proposal, places the subview in itself and draws it there. The box keeps the subview's text
/// baselines (moved with it) and its layout priority.
protocol UnaryLayout: PrimitiveModifier {
    /// The size of the box when offered `proposal`, around `child`.
    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize

    /// What `child` is offered in a box laid out at `size` for `proposal`, the size it takes,
    /// and where its top-leading corner goes.
    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement

    /// Draws `child` where `placement` puts it; by default as it is.
    func draw(_ child: any ViewNode, placed placement: ChildPlacement, in context: inout GraphicsContext)

    /// Whether the box counts as a `Spacer` when the subview is one (stacks put no spacing
    /// beside spacers): effects do, boxes of other sizes do not. No by default.
    var keepsSpacers: Bool { get }
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

    func draw(_ child: any ViewNode, placed placement: ChildPlacement, in context: inout GraphicsContext) {
        context.draw(child, at: placement.origin, proposal: placement.proposal, size: placement.size)
    }

    var keepsSpacers: Bool { false }
}

/// A subview in the box a `UnaryLayout` gives it.
struct UnaryLayoutNode<Layout: UnaryLayout>: ViewNode {
    let layout: Layout
    let child: any ViewNode

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        layout.sizeThatFits(proposal, child: child)
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        layout.draw(child, placed: layout.placement(of: child, proposal: proposal, size: size), in: &context)
    }

    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        guard guide.isTextBaseline else { return nil }
        let placement = layout.placement(of: child, proposal: proposal, size: size)
        return child.explicitAlignment(of: guide, proposal: placement.proposal, size: placement.size)
            .map { $0 + placement.origin.y }
    }

    var layoutPriority: Double { child.layoutPriority }

    var isSpacer: Bool { layout.keepsSpacers && child.isSpacer }
}
