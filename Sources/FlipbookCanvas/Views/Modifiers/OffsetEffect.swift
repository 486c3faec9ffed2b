import Foundation

/// `offset(x:y:)`: the subview drawn moved by `offset`, its place in the layout unchanged — as
/// in SwiftUI, its neighbours do not move, and it is not rounded to whole pixels, so an offset
/// that changes with time moves smoothly.
struct OffsetEffect: RenderEffect {
    let offset: CGSize

    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize
    ) {
        var moved = context
        moved.translateBy(x: offset.width, y: offset.height)
        child.draw(in: &moved, proposal: proposal, size: size)
    }
}

extension View {
    /// This view drawn `offset` away from where layout put it (right and down are positive).
    public func offset(_ offset: CGSize) -> some View {
        modified(by: OffsetEffect(offset: offset))
    }

    /// This view drawn `x` points right and `y` points down from where layout put it.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        offset(CGSize(width: x, height: y))
    }
}
