import FlipbookGeometry
import Foundation

/// `rotationEffect(_:anchor:)` and `scaleEffect(_:anchor:)`: the subview drawn turned or scaled
/// about `anchor` of its bounds, its place in the layout unchanged.
struct TransformEffect: RenderEffect {
    let transform: CGAffineTransform
    let anchor: UnitPoint

    func draw(
        _ child: any ViewNode, in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize
    ) {
        let pivot = CGPoint(x: anchor.x * size.width, y: anchor.y * size.height)
        var transformed = context
        transformed.translateBy(x: pivot.x, y: pivot.y)
        transformed.concatenate(transform)
        transformed.translateBy(x: -pivot.x, y: -pivot.y)
        child.draw(in: &transformed, proposal: proposal, size: size)
    }
}

extension View {
    /// This view drawn turned by `angle` (clockwise) about `anchor`, as SwiftUI's
    /// `rotationEffect(_:anchor:)`.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modified(
            by: TransformEffect(transform: CGAffineTransform(rotationAngle: angle.radians), anchor: anchor))
    }

    /// This view drawn `scale` times as wide and high about `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        modified(
            by: TransformEffect(
                transform: CGAffineTransform(scaleX: scale.width, y: scale.height), anchor: anchor))
    }

    /// This view drawn `s` times as large about `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }

    /// This view drawn `x` times as wide and `y` times as high about `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }
}
