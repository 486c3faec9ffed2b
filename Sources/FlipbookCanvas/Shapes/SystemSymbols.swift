import FlipbookGeometry
import Foundation

/// Vector stand-ins for SF Symbols, which exist only on Apple systems: `Image(systemName:)`
/// draws these, filled with the foreground style. Each is drawn in a 100 × 100 box; names follow
/// SF Symbols (`.fill` variants are solid, the others outlines 8 units wide).
///
/// | name | | name | |
/// |---|---|---|---|
/// | `heart`, `heart.fill` | heart | `star`, `star.fill` | five-pointed star |
/// | `circle`, `circle.fill` | circle | `square`, `square.fill` | rounded square |
/// | `checkmark` | tick | `xmark` | cross |
/// | `plus`, `minus` | | `bolt.fill` | lightning |
/// | `moon.fill` | crescent | `drop.fill` | drop |
/// | `flag.fill` | flag | `sparkle` | four-pointed star |
public enum SystemSymbols {
    /// The names Flipbook can draw.
    public static var names: [String] { Array(shapes.keys).sorted() }

    /// The symbol's outline in its 100 × 100 box, filled non-zero; `nil` for unknown names.
    public static func path(named name: String) -> Path? {
        shapes[name].map { $0() }
    }

    private static let outlineWidth = 8.0

    private static let shapes: [String: @Sendable () -> Path] = [
        "heart.fill": { heart },
        "heart": { outline(heart) },
        "star.fill": { star(points: 5, inner: 0.4) },
        "star": { outline(star(points: 5, inner: 0.4)) },
        "sparkle": { star(points: 4, inner: 0.25) },
        "circle.fill": { Path(ellipseIn: CGRect(x: 4, y: 4, width: 92, height: 92)) },
        "circle": { outline(Path(ellipseIn: CGRect(x: 8, y: 8, width: 84, height: 84))) },
        "square.fill": { Path(roundedRect: CGRect(x: 6, y: 6, width: 88, height: 88), cornerRadius: 16) },
        "square": {
            outline(Path(roundedRect: CGRect(x: 10, y: 10, width: 80, height: 80), cornerRadius: 14))
        },
        "checkmark": { stroked([CGPoint(x: 12, y: 54), CGPoint(x: 38, y: 80), CGPoint(x: 88, y: 20)]) },
        "xmark": {
            var path = stroked([CGPoint(x: 18, y: 18), CGPoint(x: 82, y: 82)])
            path.addPath(stroked([CGPoint(x: 82, y: 18), CGPoint(x: 18, y: 82)]))
            return path
        },
        "plus": {
            var path = stroked([CGPoint(x: 50, y: 12), CGPoint(x: 50, y: 88)])
            path.addPath(stroked([CGPoint(x: 12, y: 50), CGPoint(x: 88, y: 50)]))
            return path
        },
        "minus": { stroked([CGPoint(x: 12, y: 50), CGPoint(x: 88, y: 50)]) },
        "bolt.fill": {
            var path = Path()
            path.addLines([
                CGPoint(x: 58, y: 2), CGPoint(x: 18, y: 58), CGPoint(x: 46, y: 58), CGPoint(x: 38, y: 98),
                CGPoint(x: 82, y: 40), CGPoint(x: 54, y: 40),
            ])
            path.closeSubpath()
            return path
        },
        "moon.fill": {
            // Two arcs: the moon's outer edge, then back along the shadow's edge.
            var path = Path()
            path.addArc(
                center: CGPoint(x: 50, y: 50), radius: 44, startAngle: .degrees(-60), endAngle: .degrees(150),
                clockwise: false)
            path.addArc(
                center: CGPoint(x: 68, y: 36), radius: 40, startAngle: .degrees(160), endAngle: .degrees(-70),
                clockwise: true)
            path.closeSubpath()
            return path
        },
        "drop.fill": {
            var path = Path()
            path.move(to: CGPoint(x: 50, y: 4))
            path.addCurve(
                to: CGPoint(x: 82, y: 62), control1: CGPoint(x: 62, y: 24), control2: CGPoint(x: 82, y: 42))
            path.addArc(
                center: CGPoint(x: 50, y: 62), radius: 32, startAngle: .degrees(0), endAngle: .degrees(180),
                clockwise: false)
            path.addCurve(
                to: CGPoint(x: 50, y: 4), control1: CGPoint(x: 18, y: 42), control2: CGPoint(x: 38, y: 24))
            path.closeSubpath()
            return path
        },
        "flag.fill": {
            var path = Path(CGRect(x: 14, y: 6, width: 8, height: 90))
            path.move(to: CGPoint(x: 22, y: 8))
            path.addCurve(
                to: CGPoint(x: 90, y: 12), control1: CGPoint(x: 44, y: 0), control2: CGPoint(x: 66, y: 22))
            path.addLine(to: CGPoint(x: 90, y: 56))
            path.addCurve(
                to: CGPoint(x: 22, y: 52), control1: CGPoint(x: 66, y: 66), control2: CGPoint(x: 44, y: 44))
            path.closeSubpath()
            return path
        },
    ]

    private static var heart: Path {
        var path = Path()
        path.move(to: CGPoint(x: 50, y: 92))
        path.addCurve(
            to: CGPoint(x: 4, y: 34), control1: CGPoint(x: 20, y: 70), control2: CGPoint(x: 4, y: 54))
        path.addCurve(
            to: CGPoint(x: 50, y: 18), control1: CGPoint(x: 4, y: 8), control2: CGPoint(x: 38, y: 2))
        path.addCurve(
            to: CGPoint(x: 96, y: 34), control1: CGPoint(x: 62, y: 2), control2: CGPoint(x: 96, y: 8))
        path.addCurve(
            to: CGPoint(x: 50, y: 92), control1: CGPoint(x: 96, y: 54), control2: CGPoint(x: 80, y: 70))
        path.closeSubpath()
        return path
    }

    private static func star(points: Int, inner: Double) -> Path {
        var path = Path()
        for i in 0..<(points * 2) {
            let angle = Double(i) * Double.pi / Double(points) - Double.pi / 2
            let radius = i % 2 == 0 ? 48.0 : 48 * inner
            let point = CGPoint(x: 50 + cos(angle) * radius, y: 52 + sin(angle) * radius)
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    private static func outline(_ path: Path) -> Path {
        Stroker(style: StrokeStyle(lineWidth: outlineWidth, lineJoin: .round), tolerance: 0.05).stroke(path)
    }

    private static func stroked(_ points: [CGPoint]) -> Path {
        var line = Path()
        line.addLines(points)
        return Stroker(
            style: StrokeStyle(lineWidth: 12, lineCap: .round, lineJoin: .round), tolerance: 0.05
        ).stroke(line)
    }
}
