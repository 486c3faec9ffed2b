import FlipbookCanvas
import FlipbookGeometry
import FlipbookTimeline
import Foundation

/// A spirograph curve stroked in the centre of the canvas (the drawing lesson's demo).
public struct SpirographScene: AnimatedScene {
    public var spirograph: Spirograph
    public var style: StrokeStyle
    public var color: Color

    public init(
        spirograph: Spirograph = Spirograph(outerRadius: 125, innerRadius: 75, distance: 100),
        style: StrokeStyle = StrokeStyle(lineWidth: 2), color: Color = .blue
    ) {
        self.spirograph = spirograph
        self.style = style
        self.color = color
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let path = spirograph.path(in: CGRect(origin: .zero, size: size))
        context.stroke(path, with: .color(color), style: style)
    }
}
