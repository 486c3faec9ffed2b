import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A shape layer drawn in its box: its outline built from the box, trimmed, then filled and
/// stroked.
struct ShapeDrawing {
    let layer: ShapeLayer
    let canvas: CGSize
    let time: Double

    func draw(in context: inout GraphicsContext, box: CGRect) {
        var path = outline(in: box)
        let (start, end) = (layer.trimStart.value(at: time), layer.trimEnd.value(at: time))
        if start > 0 || end < 1 { path = path.trimmedPath(from: max(start, 0), to: min(end, 1)) }
        if let fill = layer.fill {
            context.fill(path, with: fill.shading(at: time, box: box, canvas: canvas))
        }
        if let stroke = layer.stroke {
            var style = stroke.style
            style.lineWidth = stroke.width.value(at: time)
            guard style.lineWidth > 0 else { return }
            context.stroke(path, with: stroke.paint.shading(at: time, box: box, canvas: canvas), style: style)
        }
    }

    /// The shape's outline filling `box`.
    func outline(in box: CGRect) -> Path {
        let shorter = min(box.width, box.height)
        switch layer.kind {
        case .rect:
            return Path(box)
        case .roundedRect:
            let radius = layer.cornerRadius.value(at: time) { $0.points(extent: shorter, canvas: canvas) }
            return Path(roundedRect: box, cornerRadius: min(max(radius, 0), shorter / 2), style: .circular)
        case .circle:
            return Path(
                ellipseIn: CGRect(
                    x: box.midX - shorter / 2, y: box.midY - shorter / 2, width: shorter, height: shorter))
        case .ellipse:
            return Path(ellipseIn: box)
        case .capsule:
            return Path(roundedRect: box, cornerRadius: shorter / 2, style: .circular)
        case .star(let points, let inner):
            return Self.polygon(in: box, vertices: points * 2) { $0 % 2 == 0 ? 1 : inner }
        case .polygon(let sides):
            return Self.polygon(in: box, vertices: sides) { _ in 1 }
        case .path(let path, let viewBox):
            guard let viewBox, viewBox.width > 0, viewBox.height > 0 else {
                return path.applying(CGAffineTransform(translationX: box.minX, y: box.minY))
            }
            return path.applying(
                CGAffineTransform(translationX: -viewBox.minX, y: -viewBox.minY)
                    .concatenating(
                        CGAffineTransform(scaleX: box.width / viewBox.width, y: box.height / viewBox.height)
                    )
                    .concatenating(CGAffineTransform(translationX: box.minX, y: box.minY)))
        }
    }

    /// A closed polygon of `vertices` points around the box's centre, the first straight up,
    /// each at `radius(i)` of the box's half extents.
    private static func polygon(in box: CGRect, vertices: Int, radius: (Int) -> Double) -> Path {
        var path = Path()
        for i in 0..<vertices {
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(i) / Double(vertices)
            let point = CGPoint(
                x: box.midX + cos(angle) * box.width / 2 * radius(i),
                y: box.midY + sin(angle) * box.height / 2 * radius(i))
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }
}
