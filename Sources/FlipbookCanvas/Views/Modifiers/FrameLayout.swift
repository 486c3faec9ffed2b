import Foundation

/// The box of `frame(width:height:alignment:)`: a fixed width, height or both, and on a side
/// left `nil` the subview's own sizing. The subview is offered the fixed lengths (and what the
/// frame is offered on the other sides), and placed in the box by `alignment`; if it takes
/// another size, it is smaller than the box or sticks out of it.
struct FrameLayout: UnaryLayout {
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment

    /// What the subview is offered when the frame is offered `proposal`.
    private func offer(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, child: any ViewNode) -> CGSize {
        if let width, let height { return CGSize(width: width, height: height) }
        let size = child.sizeThatFits(offer(proposal))
        return CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    func placement(of child: any ViewNode, proposal: ProposedViewSize, size: CGSize) -> ChildPlacement {
        alignment.place(child, offering: offer(proposal), in: size)
    }
}

extension View {
    /// This view in a box of fixed `width`, `height` or both, as SwiftUI's
    /// `frame(width:height:alignment:)`: on a side given `nil` the box is as long as the view.
    /// The view is offered the box's size and placed in it by `alignment`; a canvas, colour or
    /// shape fills the box, text and pictures keep their own size within it.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View
    {
        modified(by: FrameLayout(width: width, height: height, alignment: alignment))
    }
}
