import Foundation

/// A view as the whole of a picture — a scene's frame, a renderer's image — resolved for one
/// frame from the drawing context's environment (its frame date, locale, image catalog). Several
/// views at the top are stacked as in a `VStack`, as SwiftUI stacks a window's views.
struct ViewRoot {
    let node: any ViewNode

    init(_ view: some View, in context: GraphicsContext) {
        let subviews = view.subviews(in: ViewInputs(graphics: context))
        node =
            subviews.count == 1
            ? subviews[0]
            : StackLayout(axis: .vertical, alignment: .horizontalCenter, spacing: nil, children: subviews)
    }

    /// The size the view takes when offered `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        node.sizeThatFits(proposal)
    }

    /// Draws the view laid out for `proposal` and centred on a canvas of `size`, as SwiftUI
    /// centres a window's view.
    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, canvas size: CGSize) {
        let viewSize = node.sizeThatFits(proposal)
        let origin = CGPoint(x: (size.width - viewSize.width) / 2, y: (size.height - viewSize.height) / 2)
        context.draw(node, at: origin, proposal: proposal, size: viewSize)
    }
}
