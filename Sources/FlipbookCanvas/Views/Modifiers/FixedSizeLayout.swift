import Foundation

/// `fixedSize(horizontal:vertical:)`: the subview at its ideal length on the sides named,
/// whatever it is offered — text on one line, a picture at its own size.
struct FixedSizeLayout: UnaryLayout {
    let horizontal: Bool
    let vertical: Bool

    private func offer(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize {
        child.sizeThatFits(offer(proposal))
    }

    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement {
        ChildPlacement(proposal: offer(proposal), size: size, origin: .zero)
    }
}

extension View {
    /// This view at its ideal width (`horizontal`), height (`vertical`) or both, whatever it is
    /// offered, as SwiftUI's `fixedSize(horizontal:vertical:)`.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modified(by: FixedSizeLayout(horizontal: horizontal, vertical: vertical))
    }

    /// This view at its ideal size, whatever it is offered.
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }
}
