import Foundation

/// The box of `padding`: the subview with `insets` added around it. It is offered what the
/// box is offered less the insets.
struct PaddingLayout: UnaryLayout {
    let insets: EdgeInsets

    private func offer(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            width: proposal.width.map { max(0, $0 - insets[.horizontal]) },
            height: proposal.height.map { max(0, $0 - insets[.vertical]) })
    }

    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize {
        let size = child.sizeThatFits(offer(proposal))
        return CGSize(width: size.width + insets[.horizontal], height: size.height + insets[.vertical])
    }

    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement {
        let offer = offer(proposal)
        return ChildPlacement(
            proposal: offer, size: child.sizeThatFits(offer),
            origin: CGPoint(x: insets.leading, y: insets.top))
    }
}

extension View {
    /// This view with `insets` of space around it, as SwiftUI's `padding(_:)`.
    public func padding(_ insets: EdgeInsets) -> some View {
        modified(by: PaddingLayout(insets: insets))
    }

    /// This view with `length` points of space on each side in `edges`: SwiftUI's default of
    /// 16 points when `length` is `nil`, as `padding()` and `padding(.horizontal)`.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        padding(EdgeInsets(edges, length ?? LayoutDefaults.padding))
    }

    /// This view with `length` points of space on every side.
    public func padding(_ length: CGFloat) -> some View {
        padding(.all, length)
    }
}
