import Foundation

/// `background` and `overlay`: a second view behind or in front of each subview, offered the
/// subview's size and placed on it by `alignment`. The subview alone decides the size; the
/// layer's views are lined up as in a `ZStack`.
struct LayerModifier<Layer: View>: PrimitiveModifier {
    let layer: Layer
    let alignment: Alignment
    let inFront: Bool

    func modify(_ content: (ViewInputs) -> [any ViewNode], in inputs: ViewInputs) -> [any ViewNode] {
        var layerInputs = inputs
        layerInputs.stackAxis = nil
        return content(inputs).map {
            LayeredNode(
                content: $0,
                layer: ZStackLayout(alignment: alignment, children: layer.subviews(in: layerInputs)),
                alignment: alignment, inFront: inFront)
        }
    }
}

/// A subview with a view laid over or under it.
struct LayeredNode: ViewNode {
    let content: any ViewNode
    let layer: any ViewNode
    let alignment: Alignment
    let inFront: Bool

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        content.sizeThatFits(proposal)
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {
        let placed = alignment.place(layer, offering: ProposedViewSize(size), in: size)
        if !inFront { context.draw(layer, at: placed.origin, proposal: placed.proposal, size: placed.size) }
        content.draw(in: &context, proposal: proposal, size: size)
        if inFront { context.draw(layer, at: placed.origin, proposal: placed.proposal, size: placed.size) }
    }

    func explicitAlignment(of guide: AlignmentKey, proposal: ProposedViewSize, size: CGSize) -> CGFloat? {
        content.explicitAlignment(of: guide, proposal: proposal, size: size)
    }

    var layoutPriority: Double { content.layoutPriority }
}

extension View {
    /// This view with `layer` laid behind (`inFront` false) or in front of it.
    private func layered<Layer: View>(_ layer: Layer, alignment: Alignment, inFront: Bool) -> some View {
        modified(by: LayerModifier(layer: layer, alignment: alignment, inFront: inFront))
    }

    /// This view with `content` behind it, offered this view's size and placed by `alignment`,
    /// as SwiftUI's `background(alignment:content:)`.
    public func background<Background: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> Background
    ) -> some View {
        layered(content(), alignment: alignment, inFront: false)
    }

    /// This view with `background` behind it, as SwiftUI's `background(_:alignment:)`.
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center)
        -> some View
    {
        layered(background, alignment: alignment, inFront: false)
    }

    /// This view with its bounds filled with `style` behind it: `.background(.yellow)`.
    public func background<S: ShapeStyle>(_ style: S) -> some View {
        background(Rectangle().fill(style))
    }

    /// This view with `shape`, fitted to its bounds and filled with `style`, behind it:
    /// `.background(.white, in: .rect(cornerRadius: 12))`.
    public func background<S: ShapeStyle, T: Shape>(
        _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
    )
        -> some View
    {
        background(shape.fill(style, style: fillStyle))
    }

    /// This view with `content` in front of it, offered this view's size and placed by
    /// `alignment`, as SwiftUI's `overlay(alignment:content:)`.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay)
        -> some View
    {
        layered(content(), alignment: alignment, inFront: true)
    }

    /// This view with `overlay` in front of it, as SwiftUI's `overlay(_:alignment:)`.
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        layered(overlay, alignment: alignment, inFront: true)
    }

    /// This view with its bounds filled with `style` in front of it.
    public func overlay<S: ShapeStyle>(_ style: S) -> some View {
        overlay(Rectangle().fill(style))
    }

    /// This view with `shape`, fitted to its bounds and filled with `style`, in front of it.
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> some View
    {
        overlay(shape.fill(style, style: fillStyle))
    }

    /// This view with a line of `width` points in `content` just inside its bounds, as SwiftUI's
    /// `border(_:width:)`.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }
}
