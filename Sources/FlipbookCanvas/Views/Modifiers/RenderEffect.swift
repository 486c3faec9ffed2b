import Foundation

/// A modifier that changes how each subview is drawn but not its layout — its opacity, an
/// offset, a clip — as SwiftUI's rendering effects: the subview keeps its size, place, guides,
/// priority and spacing.
protocol RenderEffect: UnaryLayout {
    /// Draws `child`, laid out at `size` for `proposal`, with the effect, at the context's origin.
    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize)
}

extension RenderEffect {
    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize {
        child.sizeThatFits(proposal)
    }

    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement {
        ChildPlacement(proposal: proposal, size: size, origin: .zero)
    }

    func draw(_ child: any ViewNode, placed placement: ChildPlacement, in context: inout GraphicsContext) {
        draw(child, in: &context, proposal: placement.proposal, size: placement.size)
    }

    var keepsSpacers: Bool { true }
}
