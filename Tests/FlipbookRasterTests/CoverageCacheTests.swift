import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// A detailed outline — a ring of 90 curved petals, 360 elements — of the size that the
/// rasterizer's coverage cache keeps (text, logos).
private let flower: Path = {
    var path = Path()
    for petal in 0..<90 {
        let angle = Double(petal) * 4 * Double.pi / 180
        let (c, s) = (cos(angle), sin(angle))
        path.move(to: CGPoint(x: 60 + 10 * c, y: 60 + 10 * s))
        path.addCurve(
            to: CGPoint(x: 60 + 50 * c, y: 60 + 50 * s),
            control1: CGPoint(x: 60 + 30 * c - 9 * s, y: 60 + 30 * s + 9 * c),
            control2: CGPoint(x: 60 + 45 * c - 4 * s, y: 60 + 45 * s + 4 * c))
        path.addLine(to: CGPoint(x: 60 + 30 * c + 6 * s, y: 60 + 30 * s - 6 * c))
        path.closeSubpath()
    }
    return path
}()

private let paints: [Paint] = [
    .solid(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)),
    .solid(PremultipliedColor(red: 100, green: 40, blue: 20, alpha: 128)),
    .gradient(
        GradientPaint(
            stops: [
                .init(red: 1, green: 0.5, blue: 0, location: 0),
                .init(red: 0, green: 0.2, blue: 1, opacity: 0.5, location: 1),
            ], geometry: .radial(center: CGPoint(x: 60, y: 60), startRadius: 0, endRadius: 60))),
]

/// The same fill drawn again with the same rasterizer — recorded the second time, replayed from
/// the third — gives exactly the pixels of a fresh rasterizer, for every kind of paint, and a
/// moved copy is not mistaken for it.
@Test(arguments: 0..<3)
func replayedCoverageGivesTheSweptPixels(paintIndex: Int) {
    let paint = paints[paintIndex]
    let moved = CGAffineTransform(translationX: 7.25, y: 3.5)
    func fresh(_ transform: CGAffineTransform) -> Pixmap {
        var pixmap = Pixmap(width: 140, height: 140)
        var rasterizer = Rasterizer()
        rasterizer.fill(flower, transform: transform, paint: paint, into: &pixmap)
        return pixmap
    }
    var rasterizer = Rasterizer()
    for round in 0..<4 {
        for transform in [CGAffineTransform.identity, moved] {
            var pixmap = Pixmap(width: 140, height: 140)
            rasterizer.fill(flower, transform: transform, paint: paint, into: &pixmap)
            #expect(pixmap == fresh(transform), "round \(round)")
        }
    }
    // Drawn into a smaller pixmap, the same path is clipped differently: not the same coverage.
    var small = Pixmap(width: 80, height: 80)
    rasterizer.fill(flower, paint: paint, into: &small)
    var expected = Pixmap(width: 80, height: 80)
    var other = Rasterizer()
    other.fill(flower, paint: paint, into: &expected)
    #expect(small == expected)
    #expect(flower.elements.count >= 128)
}

/// The cache finds recordings by a hash of every 16th element: a flower with one petal moved
/// between the sampled elements, drawn after the kept flower, is swept as itself — neither
/// replayed as the flower nor taken as met before.
@Test func aPathDifferingBetweenSampledElementsIsNotTakenForAnother() {
    // Element 10 is the third petal's line: neither a sampled element nor the last.
    let bent = Path { path in
        for (index, element) in flower.elements.enumerated() {
            switch element {
            case .move(let point): path.move(to: point)
            case .line(let point):
                path.addLine(to: index == 10 ? CGPoint(x: point.x + 6, y: point.y - 4) : point)
            case .curve(let point, let control1, let control2):
                path.addCurve(to: point, control1: control1, control2: control2)
            case .quadCurve(let point, let control): path.addQuadCurve(to: point, control: control)
            case .closeSubpath: path.closeSubpath()
            }
        }
    }
    #expect(bent.elements.count == flower.elements.count && bent != flower)
    let paint = paints[0]
    func fresh(_ path: Path) -> Pixmap {
        var pixmap = Pixmap(width: 140, height: 140)
        var rasterizer = Rasterizer()
        rasterizer.fill(path, paint: paint, into: &pixmap)
        return pixmap
    }
    #expect(fresh(bent) != fresh(flower))
    var rasterizer = Rasterizer()
    for path in [flower, flower, flower, bent, bent, bent] {
        var pixmap = Pixmap(width: 140, height: 140)
        rasterizer.fill(path, paint: paint, into: &pixmap)
        #expect(pixmap == fresh(path))
    }
}

/// A 300 × 240 ellipse — few elements, but enough gradient pixels that the rasterizer keeps
/// their colours with the coverage — filled again and again: every round gives a fresh
/// rasterizer's pixels, for opaque and translucent gradients of every geometry, over a
/// background (so the composite runs) and on nothing; a different gradient in the same place is
/// shaded as itself, not as the one kept.
@Test func replayedGradientColoursGiveTheShadedPixels() {
    let ellipse = Path(ellipseIn: CGRect(x: 20, y: 30, width: 300, height: 240))
    let stops: [[GradientPaint.Stop]] = [
        [.init(red: 1, green: 0.5, blue: 0, location: 0), .init(red: 0, green: 0.2, blue: 1, location: 1)],
        [
            .init(red: 1, green: 0.86, blue: 0.47, opacity: 0.9, location: 0),
            .init(red: 1, green: 0.55, blue: 0.24, opacity: 0, location: 1),
        ],
    ]
    let geometries: [GradientPaint.Geometry] = [
        .radial(center: CGPoint(x: 170, y: 150), startRadius: 0, endRadius: 150),
        .linear(start: CGPoint(x: 20, y: 0), end: CGPoint(x: 320, y: 0)),
        .conic(center: CGPoint(x: 170, y: 150), startAngle: 0, endAngle: 2 * Double.pi),
    ]
    let paints = stops.flatMap { stops in
        geometries.map { Paint.gradient(GradientPaint(stops: stops, geometry: $0)) }
    }
    let backdrop = PremultipliedColor(red: 20, green: 30, blue: 90, alpha: 255)
    func fresh(_ paint: Paint, over background: PremultipliedColor) -> Pixmap {
        var pixmap = Pixmap(width: 340, height: 300)
        pixmap.clear(to: background)
        var rasterizer = Rasterizer()
        rasterizer.fill(ellipse, paint: paint, into: &pixmap)
        return pixmap
    }
    var rasterizer = Rasterizer()
    for round in 0..<3 {
        for (index, paint) in paints.enumerated() {
            for background in [backdrop, .transparent] {
                var pixmap = Pixmap(width: 340, height: 300)
                pixmap.clear(to: background)
                rasterizer.fill(ellipse, paint: paint, into: &pixmap)
                let same = pixmap == fresh(paint, over: background)
                #expect(same, "round \(round), paint \(index)")
            }
        }
    }
    #expect(ellipse.elements.count < 128)
}
