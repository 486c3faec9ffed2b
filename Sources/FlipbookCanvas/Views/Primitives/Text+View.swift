import Foundation

/// Text is a view as large as its text, as SwiftUI's: on one line when offered nothing or
/// enough, wrapped to the width it is offered when that is narrower — set smaller or cut short
/// at its line limit as its modifiers say — and lined up by its baselines in a stack aligned on
/// `.firstTextBaseline` or `.lastTextBaseline`. A `font` set on a view around it applies to the
/// pieces that set none of their own.
extension Text: View, PrimitiveView {
    public var body: Text { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        let text = inputs.font.map { font($0) } ?? self
        return [TextNode(text: inputs.graphics.resolve(text), foregroundStyle: inputs.foregroundStyle)]
    }
}

/// Text formatted and shaped for one frame, laid out as a view.
struct TextNode: ViewNode {
    let text: GraphicsContext.ResolvedText
    /// What the pieces without a style of their own are painted with, laid out in the text's
    /// box; the context's foreground style when `nil`.
    let foregroundStyle: (any ShapeStyle)?

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        text.measure(in: CGSize(width: proposal.width ?? .infinity, height: proposal.height ?? .infinity))
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        let box = CGRect(origin: .zero, size: size)
        var painted = text
        if let foregroundStyle { painted.shading = foregroundStyle.shading(in: box) }
        context.draw(painted, in: box)
    }

    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        switch guide {
        case .firstTextBaseline: text.firstBaseline(in: size)
        case .lastTextBaseline: text.lastBaseline(in: size)
        default: nil
        }
    }
}
