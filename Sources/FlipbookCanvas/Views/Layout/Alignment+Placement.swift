import Foundation

extension Alignment {
    /// `child` offered `proposal` and placed in a box of `size`: its top-leading corner put so
    /// that its guides lie on the box's own guides — the box's edges or middle, and its bottom
    /// for baselines — as SwiftUI's frames, backgrounds and overlays place their content.
    func place(_ child: any ViewNode, offering proposal: ProposedViewSize, in size: CGSize) -> ChildPlacement
    {
        let childSize = child.sizeThatFits(proposal)
        let (x, y) = (horizontal.key, vertical.key)
        let origin = CGPoint(
            x: x.defaultValue(in: size) - child.dimension(x, proposal: proposal, size: childSize),
            y: y.defaultValue(in: size) - child.dimension(y, proposal: proposal, size: childSize))
        return ChildPlacement(proposal: proposal, size: childSize, origin: origin)
    }
}
