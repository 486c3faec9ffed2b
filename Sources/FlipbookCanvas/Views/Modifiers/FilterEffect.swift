import Foundation

/// `shadow` and `blur`: the subview drawn into a layer that `filter` is applied to as a whole,
/// as SwiftUI filters a view.
struct FilterEffect: RenderEffect {
    let filter: GraphicsContext.Filter

    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize
    ) {
        var filtered = context
        filtered.addFilter(filter)
        filtered.drawLayer { layer in child.draw(in: &layer, proposal: proposal, size: size) }
    }
}

extension View {
    /// This view with a shadow in `color`, blurred by `radius` and moved by (`x`, `y`), under
    /// it, as SwiftUI's `shadow(color:radius:x:y:)`.
    public func shadow(
        color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> some View {
        modified(by: FilterEffect(filter: .shadow(color: color, radius: radius, x: x, y: y)))
    }

    /// This view blurred by `radius` (a Gaussian's standard deviation, in points), made opaque
    /// where the blur left it partly transparent when `opaque`, as SwiftUI's `blur(radius:opaque:)`.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        modified(by: FilterEffect(filter: .blur(radius: radius, options: opaque ? .opaque : [])))
    }
}
