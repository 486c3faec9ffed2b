import Foundation

/// A picture is a view of its own size, as SwiftUI's `Image` — its pixel size, an SVG's
/// intrinsic size, 20 points square for a symbol, a named picture's once found in the
/// environment's catalog — unless it is `resizable()`, when it fills the space it is offered
/// (its own size where nothing is offered). Symbols are painted with the foreground style.
extension Image: View, PrimitiveView {
    public var body: Image { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        [
            ImageNode(
                image: inputs.graphics.resolve(self), isResizable: isResizable,
                foregroundStyle: inputs.foregroundStyle)
        ]
    }
}

/// A picture resolved for one frame, laid out as a view.
struct ImageNode: ViewNode {
    let image: GraphicsContext.ResolvedImage
    let isResizable: Bool
    /// What a symbol is painted with, laid out in its bounds; the context's foreground when `nil`.
    let foregroundStyle: (any ShapeStyle)?

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        isResizable ? proposal.replacingUnspecifiedDimensions(by: image.size) : image.size
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        let bounds = CGRect(origin: .zero, size: size)
        var painted = image
        if let foregroundStyle { painted.shading = foregroundStyle.shading(in: bounds) }
        context.draw(painted, in: bounds)
    }
}
