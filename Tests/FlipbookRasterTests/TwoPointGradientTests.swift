import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

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
                let exact = exactRamp(gradient.stops, min(max(t, 0), 1))
                let actual = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Double.init)
                worst = max(worst, zip(actual, exact).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        return (worst, unpainted)
    }

    /// The exact premultiplied colour (0…255) of `stops` at `t` in 0…1.
    static func exactRamp(_ stops: [GradientPaint.Stop], _ t: Double) -> [Double] {
        let upper = stops.firstIndex { $0.location >= t } ?? stops.count - 1
        let (low, high) = (stops[max(upper - 1, 0)], stops[upper])
        let f = high.location > low.location ? (t - low.location) / (high.location - low.location) : 1
        func channels(_ s: GradientPaint.Stop) -> [Double] {
            [s.red * s.opacity, s.green * s.opacity, s.blue * s.opacity, s.opacity].map { $0 * 255 }
        }
        return zip(channels(low), channels(high)).map { $0 + ($1 - $0) * f }
    }

    /// Nested cones, drawn in lanes where padded: a focal point at the centre's side, one a
    /// hundredth of the radius inside the end circle, a start circle inside the end circle, an
    /// end circle inside the start circle (a shrinking cone), a band of circles thinner than a
    /// pixel (the `Double` loop's side of the lanes' limit), a cone centred far off the canvas
    /// (the lanes' reach) and one whose focal point sits between pixel centres.
    @Test(arguments: [
        GradientPaint.Geometry.twoPoint(
            startCenter: CGPoint(x: 50, y: 20), startRadius: 0, endCenter: CGPoint(x: 40, y: 30),
            endRadius: 40),
        .twoPoint(
            startCenter: CGPoint(x: 40 + 39.6 * 0.6, y: 30 - 39.6 * 0.8), startRadius: 0,
            endCenter: CGPoint(x: 40, y: 30), endRadius: 40),
        .twoPoint(
            startCenter: CGPoint(x: 30, y: 35), startRadius: 6, endCenter: CGPoint(x: 42, y: 28),
            endRadius: 35),
        .twoPoint(
            startCenter: CGPoint(x: 42, y: 28), startRadius: 45, endCenter: CGPoint(x: 35, y: 33),
            endRadius: 3),
        .twoPoint(
            startCenter: CGPoint(x: 40, y: 30), startRadius: 30, endCenter: CGPoint(x: 40.05, y: 30),
            endRadius: 30.1),
        .twoPoint(
            startCenter: CGPoint(x: 9_000, y: -9_500), startRadius: 13_000,
            endCenter: CGPoint(x: 9_010, y: -9_500),
            endRadius: 13_080),
        .twoPoint(
            startCenter: CGPoint(x: 41.5, y: 30.5), startRadius: 0, endCenter: CGPoint(x: 40.25, y: 29.75),
            endRadius: 20),
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
        GradientPaint.Geometry.twoPoint(
            startCenter: CGPoint(x: 60, y: 30), startRadius: 0, endCenter: CGPoint(x: 40, y: 30),
            endRadius: 20),
        .twoPoint(
            startCenter: CGPoint(x: 75, y: 10), startRadius: 0, endCenter: CGPoint(x: 40, y: 30),
            endRadius: 20),
        .twoPoint(
            startCenter: CGPoint(x: 15, y: 30), startRadius: 10, endCenter: CGPoint(x: 60, y: 35),
            endRadius: 15),
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
            geometry: .twoPoint(
                startCenter: CGPoint(x: 10, y: 16), startRadius: 2, endCenter: CGPoint(x: 40, y: 16),
                endRadius: 6))
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
        let geometry = GradientPaint.Geometry.twoPoint(
            startCenter: CGPoint(x: 20, y: 16), startRadius: 0, endCenter: CGPoint(x: 16, y: 16),
            endRadius: 10)
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
