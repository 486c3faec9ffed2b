import Foundation

/// A modifier that changes how each subview is drawn but not its layout — its opacity, an
/// offset, a clip — as SwiftUI's rendering effects: the subview keeps its size, guides,
/// priority and spacing.
protocol RenderEffect: PrimitiveModifier {
    /// Draws `child`, laid out at `size` for `proposal`, with the effect.
    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize)
}

extension RenderEffect {
    func modify(_ content: (ViewInputs) -> [any ViewNode], in inputs: ViewInputs) -> [any ViewNode] {
        content(inputs).map { EffectNode(effect: self, child: $0) }
    }
}

/// A subview drawn with a `RenderEffect`.
struct EffectNode<Effect: RenderEffect>: ViewNode {
    let effect: Effect
    let child: any ViewNode

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        child.sizeThatFits(proposal)
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        effect.draw(child, in: &context, proposal: proposal, size: size)
    }

    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        child.explicitAlignment(of: guide, proposal: proposal, size: size)
    }

    var layoutPriority: Double { child.layoutPriority }

    var isSpacer: Bool { child.isSpacer }
}
