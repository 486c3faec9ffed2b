import FlipbookCanvas
import FlipbookTimeline
import Foundation

extension Composition {
    /// Every layer at `time` on a canvas of `size` points drawn `scale` pixels per point, as
    /// `flipbook inspect` shows them: the frame is drawn as a render draws it (the same layout
    /// and transforms), each layer recorded as it is placed; layers that do not show then are
    /// placed at the nearest time they do, and marked hidden. No pixel is drawn.
    package func inspection(size: CGSize, time: FrameTime, scale: Double = 1) -> [LayerInspection] {
        let inspector = LayerInspector(
            canvas: CGRect(x: 0, y: 0, width: size.width * scale, height: size.height * scale))
        _ = Canvas { context, _ in
            context.scaleBy(x: scale, y: scale)
            draw(in: &context, size: size, time: time, inspector: inspector)
        }
        .environment(\.displayScale, scale)
        .displayList(
            size: CGSize(width: size.width * scale, height: size.height * scale), observer: nil,
            frameDate: timelineDate(at: time))
        return inspector.layers
    }
}
