import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// A two-point conical geometry from the circle about (`x0`, `y0`) of radius `r0` to the one
/// about (`x1`, `y1`) of radius `r1`.
func cone(_ x0: Double, _ y0: Double, _ r0: Double, _ x1: Double, _ y1: Double, _ r1: Double)
    -> GradientPaint.Geometry
{
    .twoPoint(
        startCenter: CGPoint(x: x0, y: y0), startRadius: r0, endCenter: CGPoint(x: x1, y: y1), endRadius: r1)
}

/// Two-point conical gradients (`GradientPaint.Geometry.twoPoint`) against their definition
/// (`conePosition`, in GradientTests.swift): every pixel within the dither's code value (and the
/// table's eighth) of the exact ramp, and exactly transparent where no circle passes.
struct TwoPointGradientTests {
    static let stops = [
        GradientPaint.Stop(red: 0.9, green: 0.1, blue: 0.3, opacity: 1, location: 0),
        GradientPaint.Stop(red: 0.2, green: 0.8, blue: 0.5, opacity: 0.6, location: 0.4),
        GradientPaint.Stop(red: 0.1, green: 0.2, blue: 1.0, opacity: 0.9, location: 1),
    ]

    /// The largest difference, in code values, between a padded fill of `geometry` over
    /// `width`×`height` and the exact ramp, with `unpainted` counting the pixels that no circle
    /// passes (each must be transparent, and is counted as 255 off otherwise).
    static func worstDifference(_ geometry: GradientPaint.Geometry, width: Int = 83, height: Int = 61)
        -> (worst: Double, unpainted: Int)
    {
        guard case .twoPoint(let c0, let r0, let c1, let r1) = geometry else { return (.infinity, 0) }
        let gradient = GradientPaint(stops: stops, geometry: geometry, spread: .pad)
        var pixmap = Pixmap(width: width, height: height)
        var rasterizer = Rasterizer()
        rasterizer.fill(
            Path(CGRect(x: 0, y: 0, width: width, height: height)), paint: .gradient(gradient), into: &pixmap)
        var (worst, unpainted) = (0.0, 0)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = pixmap[x, y]
                guard let t = conePosition(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), c0, r0, c1, r1)
                else {
                    unpainted += 1
                    if pixel != .transparent { worst = 255 }
                    continue
                }
                let exact = exactColor(gradient.stops, t, .pad)
                let actual = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Double.init)
                worst = max(worst, zip(actual, exact).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        return (worst, unpainted)
    }

    /// Nested cones, drawn in lanes where padded: a focal point at the centre's side, one a
    /// hundredth of the radius inside the end circle, a start circle inside the end circle, an
    /// end circle inside the start circle (a shrinking cone), a band of circles thinner than a
    /// pixel (the `Double` loop's side of the lanes' limit), a cone centred far off the canvas
    /// (the lanes' reach) and one whose focal point sits between pixel centres.
    @Test(arguments: [
        cone(50, 20, 0, 40, 30, 40),
        cone(40 + 39.6 * 0.6, 30 - 39.6 * 0.8, 0, 40, 30, 40),
        cone(30, 35, 6, 42, 28, 35),
        cone(42, 28, 45, 35, 33, 3),
        cone(40, 30, 30, 40.05, 30, 30.1),
        cone(9_000, -9_500, 13_000, 9_010, -9_500, 13_080),
        cone(41.5, 30.5, 0, 40.25, 29.75, 20),
    ])
    func nestedConesMatchTheDefinitionEverywhere(geometry: GradientPaint.Geometry) {
        let (worst, unpainted) = Self.worstDifference(geometry)
        #expect(unpainted == 0)
        #expect(worst < 1.3, "\(geometry): a pixel \(worst) code values from the exact ramp")
    }

    /// Cones whose circles do not nest: the focal point on the end circle (the square term
    /// vanishes, and half the plane is unpainted), outside it, and two circles side by side. The
    /// `Double` loop draws them; what no circle passes stays transparent.
    @Test(arguments: [
        cone(60, 30, 0, 40, 30, 20),
        cone(75, 10, 0, 40, 30, 20),
        cone(15, 30, 10, 60, 35, 15),
    ])
    func conesSeenFromTheSideLeaveWhatNoCirclePassesUnpainted(geometry: GradientPaint.Geometry) {
        let (worst, unpainted) = Self.worstDifference(geometry)
        #expect(unpainted > 200, "the cone paints nearly everything: \(unpainted) pixels unpainted")
        #expect(worst < 1.3, "\(geometry): a pixel \(worst) code values from the exact ramp")
    }

    /// An opaque cone that leaves part of the plane unpainted does not overwrite what lies
    /// beneath there: the rasterizer's direct store of opaque gradients (`SpanShader.isOpaque`)
    /// must not take it for an opaque paint.
    @Test func anOpaqueConeLeavesWhatItDoesNotPaintAsItWas() {
        let opaque = [
            GradientPaint.Stop(red: 0, green: 0, blue: 1, location: 0),
            GradientPaint.Stop(red: 0, green: 1, blue: 0, location: 1),
        ]
        let cone = GradientPaint(
            stops: opaque,
            geometry: cone(10, 16, 2, 40, 16, 6))
        #expect(!Paint.gradient(cone).isOpaque(placedBy: .identity))
        var pixmap = Pixmap(width: 64, height: 32)
        var rasterizer = Rasterizer()
        let whole = Path(CGRect(x: 0, y: 0, width: 64, height: 32))
        rasterizer.fill(
            whole, paint: .solid(PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)), into: &pixmap)
        rasterizer.fill(whole, paint: .gradient(cone), into: &pixmap)
        // Above the cone (its circles grow by 4 for every 30 px along it) nothing is painted.
        #expect(pixmap[20, 1] == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(pixmap[20, 16].red == 0 && pixmap[20, 16].blue > 100)
    }

    /// A nested cone in `repeat` and `mirror` spreads (the `Double` loop) goes on beyond the end
    /// circle: a pixel outside it takes the ramp again, not the padded end.
    @Test func repeatedAndMirroredConesContinueBeyondTheEndCircle() {
        let geometry = cone(20, 16, 0, 16, 16, 10)
        let grey = [
            GradientPaint.Stop(red: 0, green: 0, blue: 0, location: 0),
            GradientPaint.Stop(red: 1, green: 1, blue: 1, location: 1),
        ]
        // Pixel (31, 16)'s centre, 15.5 px right of the end centre: on the circle of
        // t = 15.5 / (10 + 4) ≈ 1.107 (the focal point 4 px right moves the circles' right edges
        // by 14 per unit of t).
        let t =
            conePosition(CGPoint(x: 31.5, y: 16.5), CGPoint(x: 20, y: 16), 0, CGPoint(x: 16, y: 16), 10) ?? 0
        for (spread, expected) in [(GradientPaint.Spread.repeat, t - 1), (.mirror, 2 - t), (.pad, 1)] {
            var pixmap = Pixmap(width: 40, height: 32)
            var rasterizer = Rasterizer()
            rasterizer.fill(
                Path(CGRect(x: 0, y: 0, width: 40, height: 32)),
                paint: .gradient(GradientPaint(stops: grey, geometry: geometry, spread: spread)),
                into: &pixmap)
            #expect(abs(Double(pixmap[31, 16].red) - expected * 255) < 1.3, "\(spread)")
        }
    }
}
