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
/// | `triangle`, `triangle.fill` | triangle | `diamond`, `diamond.fill` | diamond |
/// | `hexagon`, `hexagon.fill` | hexagon | `play.fill`, `pause.fill`, `stop.fill` | media controls |
/// | `arrow.up`, `.down`, `.left`, `.right` | arrows | `chevron.up`, `.down`, `.left`, `.right` | chevrons |
/// | `plus.circle`, `xmark.circle`, `checkmark.circle` | in a ring | `sun.max.fill` | sun and rays |
/// | `cloud.fill` | cloud | `bell.fill` | bell |
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
        "square.fill": {
            Path(roundedRect: CGRect(x: 6, y: 6, width: 88, height: 88), cornerRadius: 16, style: .circular)
        },
        "square": {
            outline(
                Path(
                    roundedRect: CGRect(x: 10, y: 10, width: 80, height: 80), cornerRadius: 14,
                    style: .circular))
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
            // Two arcs: the moon's outer edge from -60° round the bottom to 150°, then back
            // along the shadow's edge, a circle about (30, 30) through both ends.
            var path = Path()
            path.addArc(
                center: CGPoint(x: 50, y: 50), radius: 44, startAngle: .degrees(-60), endAngle: .degrees(150),
                clockwise: false)
            let (shadow, radians) = (
                CGPoint(x: 30, y: 30), { (degrees: Double) in degrees * Double.pi / 180 }
            )
            let from = CGPoint(x: 50 + 44 * cos(radians(150)), y: 50 + 44 * sin(radians(150)))
            let to = CGPoint(x: 50 + 44 * cos(radians(-60)), y: 50 + 44 * sin(radians(-60)))
            path.addArc(
                center: shadow, radius: hypot(to.x - shadow.x, to.y - shadow.y),
                startAngle: .radians(atan2(from.y - shadow.y, from.x - shadow.x)),
                endAngle: .radians(atan2(to.y - shadow.y, to.x - shadow.x)),
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
            path.addPath(svg("M22 8 C44 0 66 22 90 12 L90 56 C66 66 44 44 22 52 Z"))
            return path
        },
        "triangle.fill": { polygon([(50, 8), (94, 88), (6, 88)]) },
        "triangle": { outline(polygon([(50, 12), (90, 86), (10, 86)])) },
        "diamond.fill": { polygon([(50, 4), (90, 50), (50, 96), (10, 50)]) },
        "diamond": { outline(polygon([(50, 8), (86, 50), (50, 92), (14, 50)])) },
        "hexagon.fill": { regular(sides: 6, radius: 46) },
        "hexagon": { outline(regular(sides: 6, radius: 42)) },
        "play.fill": { polygon([(22, 8), (90, 50), (22, 92)]) },
        "pause.fill": {
            var path = Path(
                roundedRect: CGRect(x: 18, y: 8, width: 22, height: 84), cornerRadius: 4, style: .circular)
            path.addPath(
                Path(
                    roundedRect: CGRect(x: 60, y: 8, width: 22, height: 84), cornerRadius: 4, style: .circular
                ))
            return path
        },
        "stop.fill": {
            Path(roundedRect: CGRect(x: 10, y: 10, width: 80, height: 80), cornerRadius: 8, style: .circular)
        },
        "arrow.up": { arrow(rotation: 0) },
        "arrow.right": { arrow(rotation: 90) },
        "arrow.down": { arrow(rotation: 180) },
        "arrow.left": { arrow(rotation: 270) },
        "chevron.up": { chevron(rotation: 0) },
        "chevron.right": { chevron(rotation: 90) },
        "chevron.down": { chevron(rotation: 180) },
        "chevron.left": { chevron(rotation: 270) },
        "plus.circle": { ringed("plus") },
        "xmark.circle": { ringed("xmark") },
        "checkmark.circle": { ringed("checkmark") },
        "sun.max.fill": {
            var path = Path(ellipseIn: CGRect(x: 30, y: 30, width: 40, height: 40))
            for ray in 0..<8 {
                let angle = Double(ray) * Double.pi / 4
                let (c, s) = (cos(angle), sin(angle))
                path.addPath(
                    stroked([
                        CGPoint(x: 50 + c * 32, y: 50 + s * 32), CGPoint(x: 50 + c * 44, y: 50 + s * 44),
                    ]))
            }
            return path
        },
        "cloud.fill": {
            var path = Path(ellipseIn: CGRect(x: 6, y: 44, width: 36, height: 36))
            path.addPath(Path(ellipseIn: CGRect(x: 24, y: 22, width: 46, height: 46)))
            path.addPath(Path(ellipseIn: CGRect(x: 56, y: 40, width: 38, height: 40)))
            path.addPath(
                Path(
                    roundedRect: CGRect(x: 24, y: 56, width: 52, height: 24), cornerRadius: 4,
                    style: .circular))
            return path
        },
        "bell.fill": {
            var path = svg(
                "M50 10 C70 10 80 26 80 46 C80 62 92 68 92 76 L8 76 C8 68 20 62 20 46 C20 26 30 10 50 10 Z")
            path.addPath(Path(ellipseIn: CGRect(x: 40, y: 80, width: 20, height: 14)))
            return path
        },
    ]

    /// A closed polygon through `points` of the 100 × 100 box.
    private static func polygon(_ points: [(Double, Double)]) -> Path {
        var path = Path()
        path.addLines(points.map { CGPoint(x: $0.0, y: $0.1) })
        path.closeSubpath()
        return path
    }

    /// A regular polygon centred in the box, a vertex at the top.
    private static func regular(sides: Int, radius: Double) -> Path {
        polygon(
            (0..<sides).map { i in
                let angle = Double(i) * 2 * Double.pi / Double(sides) - Double.pi / 2
                return (50 + cos(angle) * radius, 50 + sin(angle) * radius)
            })
    }

    /// `path` turned by `degrees` clockwise about the box's centre.
    private static func turned(_ path: Path, degrees: Double) -> Path {
        path.applying(
            CGAffineTransform(translationX: -50, y: -50)
                .concatenating(CGAffineTransform(rotationAngle: degrees * Double.pi / 180))
                .concatenating(CGAffineTransform(translationX: 50, y: 50)))
    }

    /// An arrow pointing up, turned by `rotation` degrees.
    private static func arrow(rotation: Double) -> Path {
        var path = stroked([CGPoint(x: 50, y: 14), CGPoint(x: 50, y: 88)])
        path.addPath(stroked([CGPoint(x: 18, y: 44), CGPoint(x: 50, y: 12), CGPoint(x: 82, y: 44)]))
        return turned(path, degrees: rotation)
    }

    /// A chevron pointing up, turned by `rotation` degrees.
    private static func chevron(rotation: Double) -> Path {
        turned(
            stroked([CGPoint(x: 16, y: 68), CGPoint(x: 50, y: 32), CGPoint(x: 84, y: 68)]), degrees: rotation)
    }

    /// The symbol `name` at 60 % inside a circle outline.
    private static func ringed(_ name: String) -> Path {
        var path = outline(Path(ellipseIn: CGRect(x: 6, y: 6, width: 88, height: 88)))
        if let inner = shapes[name]?() {
            path.addPath(
                inner.applying(
                    CGAffineTransform(scaleX: 0.5, y: 0.5).concatenating(
                        CGAffineTransform(translationX: 25, y: 25))))
        }
        return path
    }

    private static var heart: Path {
        svg("M50 92 C20 70 4 54 4 34 C4 8 38 2 50 18 C62 2 96 8 96 34 C96 54 80 70 50 92 Z")
    }

    /// The outline SVG path data `data` draws in the 100 × 100 box, as icon sets write their
    /// symbols: a curve is `C` with its two control points, then its end. The data is ours and
    /// constant, so a mistake in it is a programming error, which every test drawing the
    /// symbol meets.
    private static func svg(_ data: String) -> Path {
        do {
            return try Path(svgData: data)
        } catch {
            preconditionFailure("SystemSymbols: \(error) in \"\(data)\"")
        }
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
