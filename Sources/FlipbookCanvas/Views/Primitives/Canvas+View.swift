import FlipbookGeometry
import Foundation

/// A canvas is a view that fills the space it is offered (10 points on a side offered nothing),
/// as SwiftUI's: its closure runs with that size, and its drawing is cut at its bounds.
extension Canvas: View, PrimitiveView {
    public var body: Canvas { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        [CanvasNode(canvas: self, environment: inputs.environment, foregroundStyle: inputs.foregroundStyle)]
    }
}

/// A canvas laid out for one frame, drawn in the environment of its place in the view tree.
struct CanvasNode: ViewNode {
    let canvas: Canvas
    let environment: EnvironmentValues
    /// The foreground style around the canvas, for a canvas that sets none of its own (whose
    /// foreground is SwiftUI's default, `.primary`), laid out in its bounds.
    let foregroundStyle: (any ShapeStyle)?

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        var canvasContext = context
        canvasContext.environment = environment
        let bounds = CGRect(origin: .zero, size: size)
        canvasContext.clip(to: Path(bounds))
        var canvas = self.canvas
        if let foregroundStyle, canvas.foregroundShading == .color(.primary) {
            canvas = canvas.foregroundStyle(.style(foregroundStyle, in: bounds))
        }
        canvas.draw(in: &canvasContext, size: size)
    }
}
