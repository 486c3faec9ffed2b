import Foundation

/// `hidden()`: the subview keeps its place in the layout and is not drawn.
struct HiddenEffect: RenderEffect {
    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize
    ) {}
}

extension View {
    /// This view not drawn, its place in the layout kept, as SwiftUI's `hidden()`.
    public func hidden() -> some View {
        modified(by: HiddenEffect())
    }
}
