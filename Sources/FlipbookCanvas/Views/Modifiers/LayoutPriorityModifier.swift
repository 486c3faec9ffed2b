import Foundation

/// A subview with a layout priority of its own (`layoutPriority(_:)`); in all else, the
/// subview.
struct PrioritizedNode: ViewNode {
    let child: any ViewNode
    let layoutPriority: Double

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        child.sizeThatFits(proposal)
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        child.draw(in: &context, proposal: proposal, size: size)
    }

    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        child.explicitAlignment(of: guide, proposal: proposal, size: size)
    }

    var isSpacer: Bool { child.isSpacer }
}

/// `layoutPriority(_:)`: gives each subview `priority`.
struct LayoutPriorityModifier: PrimitiveModifier {
    let priority: Double

    func modify(_ content: (ViewInputs) -> [any ViewNode], in inputs: ViewInputs) -> [any ViewNode] {
        content(inputs).map { PrioritizedNode(child: $0, layoutPriority: priority) }
    }
}

extension View {
    /// This view offered space in a stack before its neighbours of lower priority (the default
    /// is 0), as SwiftUI's `layoutPriority(_:)`: a stack keeps for them only their smallest
    /// lengths, and offers this view the rest.
    public func layoutPriority(_ priority: Double) -> some View {
        modified(by: LayoutPriorityModifier(priority: priority))
    }
}
