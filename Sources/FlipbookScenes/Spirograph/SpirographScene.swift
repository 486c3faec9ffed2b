import FlipbookCanvas
import FlipbookGeometry
import FlipbookTimeline
import Foundation

/// A spirograph curve stroked in the centre of the canvas (the drawing lesson's demo).
public struct SpirographScene: AnimatedScene {
    public var spirograph: Spirograph
    public var style: StrokeStyle
    public var color: Color
    /// Colours of an angular gradient around the centre (the lesson's
    /// `AngularGradient(colors: [.orange, .pink, .indigo, .orange])`); one colour strokes plainly.
    public var palette: [Color] = []

    public init(
        spirograph: Spirograph = Spirograph(outerRadius: 125, innerRadius: 75, distance: 100),
        style: StrokeStyle = StrokeStyle(lineWidth: 2), color: Color = .blue
    ) {
        self.spirograph = spirograph
        self.style = style
        self.color = color
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let frame = CGRect(origin: .zero, size: size)
        let path = spirograph.path(in: frame)
        guard palette.count > 1 else {
            context.stroke(path, with: .color(palette.first ?? color), style: style)
            return
        }
        context.stroke(
            path, with: AngularGradient(colors: palette, center: .center).shading(in: frame), style: style)
    }
}
