import FlipbookGeometry
import Foundation

/// A shape as a view, filled or stroked, as SwiftUI's `_ShapeView`: it takes the space it is
/// offered (10 points on a side offered nothing) and draws the shape's path laid out in it.
struct ShapeView<Content: Shape>: View, PrimitiveView {
    /// How the path is painted.
    enum Painting {
        case fill(FillStyle)
        case stroke(StrokeStyle)
    }

    let shape: Content
    /// What it is painted with; the foreground style (black unless set) when `nil`.
    let style: (any ShapeStyle)?
    let painting: Painting

    var body: ShapeView { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        [ShapeNode(shape: shape, style: style ?? inputs.foregroundStyle ?? Color.primary, painting: painting)]
    }
}

/// A shape view laid out for one frame.
struct ShapeNode<Content: Shape>: ViewNode {
    let shape: Content
    let style: any ShapeStyle
    let painting: ShapeView<Content>.Painting

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        let bounds = CGRect(origin: .zero, size: size)
        let path = shape.path(in: bounds)
        switch painting {
        case .fill(let fillStyle): context.fill(path, with: style.shading(in: bounds), style: fillStyle)
        case .stroke(let strokeStyle):
            context.stroke(path, with: style.shading(in: bounds), style: strokeStyle)
        }
    }
}
