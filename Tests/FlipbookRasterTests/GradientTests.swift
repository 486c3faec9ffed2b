import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

private func grey(_ value: Double, location: Double) -> GradientPaint.Stop {
    GradientPaint.Stop(red: value, green: value, blue: value, location: location)
}

private func paint(_ paint: Paint, width: Int, height: Int) -> Pixmap {
    var pixmap = Pixmap(width: width, height: height)
    var rasterizer = Rasterizer()
    rasterizer.fill(
        Path(CGRect(x: 0, y: 0, width: width, height: height)), paint: .init(paint), into: &pixmap)
    return pixmap
}

extension Paint {
    fileprivate init(_ paint: Paint) { self = paint }
}

@Test func aSlowRampIsDitheredInsteadOfBanded() {
    // 100 → 108 over 1024 pixels: undithered, every code value would span a run of 128 pixels.
    let ramp = GradientPaint(
        stops: [grey(100 / 255, location: 0), grey(108 / 255, location: 1)],
        geometry: .linear(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1024, y: 0)))
    let pixmap = paint(.gradient(ramp), width: 1024, height: 8)
    for row in 0..<8 {
        var longest = 1
        var run = 1
        for x in 1..<1024 {
            run = pixmap[x, row].red == pixmap[x - 1, row].red ? run + 1 : 1
            longest = max(longest, run)
        }
        // Undithered, each value would fill a run of 128 pixels. The R2 thresholds spread every
        // row, so a value repeats for at most 40 % of that, next to whole code values (an 8×8
        // Bayer pattern allows 56 along rows and 96 down columns).
        #expect(longest <= 51, "row \(row): a run of \(longest) equal values")
    }
    // The mean of each 8×8 block is the exact ramp value, to within a third of a code value.
    for block in stride(from: 0, to: 1024, by: 64) {
        var sum = 0.0
        for y in 0..<8 {
            for x in block..<(block + 8) { sum += Double(pixmap[x, y].red) }
        }
        let exact = 100 + 8 * (Double(block) + 4) / 1024
        #expect(abs(sum / 64 - exact) < 0.3, "block at \(block)")
    }
}

@Test func linearRadialAndConicGradientsPutTheirStopsWhereTheySay() {
    let stops = [
        GradientPaint.Stop(red: 1, green: 0, blue: 0, location: 0),
        GradientPaint.Stop(red: 0, green: 0, blue: 1, location: 1),
    ]
    let linear = paint(
        .gradient(
            GradientPaint(
                stops: stops, geometry: .linear(start: CGPoint(x: 8, y: 0), end: CGPoint(x: 56, y: 0)))),
        width: 64, height: 4)
    #expect(linear[2, 1].red == 255 && linear[2, 1].blue == 0)  // padded before the start
    #expect(linear[62, 1].blue == 255 && linear[62, 1].red == 0)  // padded after the end
    #expect(abs(Int(linear[31, 1].red) - 128) <= 3 && abs(Int(linear[31, 1].blue) - 128) <= 3)

    let radial = paint(
        .gradient(
            GradientPaint(
                stops: stops, geometry: .radial(center: CGPoint(x: 32, y: 32), startRadius: 8, endRadius: 24))
        ),
        width: 64, height: 64)
    #expect(radial[32, 32].red == 255)
    let halfWay: Double = 255 * (1 - 8.5 / 16)  // pixel 48's centre is 16.5 from the centre
    #expect(abs(Double(radial[48, 32].red) - halfWay) <= 3)
    #expect(radial[63, 32].blue == 255)

    let conic = paint(
        .gradient(
            GradientPaint(
                stops: stops,
                geometry: .conic(center: CGPoint(x: 32, y: 32), startAngle: 0, endAngle: 2 * Double.pi))),
        width: 64, height: 64)
    // Clockwise on screen from the right: below the centre is a quarter turn, left is half.
    #expect(conic[60, 33].red > 245)
    #expect(abs(Int(conic[32, 60].blue) - 64) <= 4)
    #expect(abs(Int(conic[4, 32].blue) - 128) <= 4)
}

@Test func repeatAndMirrorSpreadTheRamp() {
    let stops = [grey(0, location: 0), grey(1, location: 1)]
    func value(_ spread: GradientPaint.Spread, at x: Int) -> UInt8 {
        paint(
            .gradient(
                GradientPaint(
                    stops: stops, geometry: .linear(start: .zero, end: CGPoint(x: 32, y: 0)), spread: spread)),
            width: 96, height: 1)[x, 0].red
    }
    #expect(value(.pad, at: 40) == 255)
    #expect(value(.repeat, at: 40) < 80)  // 8.5 px into the second period
    #expect(value(.mirror, at: 40) > 175)  // 8.5 px back from white
}

@Test func imagePaintsAreSampledBilinearlyAndTile() {
    var checker = Pixmap(width: 2, height: 2)
    checker[0, 0] = PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)
    checker[1, 1] = PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)
    checker[1, 0] = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
    checker[0, 1] = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
    let image = RasterImage(checker)
    // Scaled 8×: pixel centres 4.5 and 12.5 sit 1/16 texel right of and below texel centres,
    // so they are 94 % (in each axis) the texel's colour; half way between them is grey.
    let scaled = paint(
        .image(ImagePaint(image: image, transform: CGAffineTransform(scaleX: 8, y: 8), tiled: true)),
        width: 32,
        height: 16)
    #expect(scaled[4, 4].red >= 220 && scaled[12, 4].red <= 35)
    #expect(abs(Int(scaled[8, 4].red) - 128) <= 20)
    #expect(scaled[20, 4].red >= 220 && scaled[28, 4].red <= 35)  // the next tile
    let once = paint(
        .image(ImagePaint(image: image, transform: CGAffineTransform(scaleX: 8, y: 8), tiled: false)),
        width: 32,
        height: 16)
    #expect(once[20, 4].alpha == 0)
}

@Test func gradientsWithHostileStopsDrawWithoutTrapping() {
    let hostile = [
        GradientPaint.Stop(red: .nan, green: 1, blue: 0, opacity: .infinity, location: .nan),
        GradientPaint.Stop(red: 1, green: 0, blue: 0, location: -.infinity),
        GradientPaint.Stop(red: 0, green: 0, blue: 1, location: 7),
    ]
    for stops in [hostile, [hostile[0]], []] {
        let pixmap = paint(
            .gradient(
                GradientPaint(
                    stops: stops, geometry: .linear(start: .zero, end: CGPoint(x: Double.nan, y: 4)))),
            width: 8, height: 2)
        #expect(pixmap.bytes.count == 64)
    }
}

/// The exact premultiplied colour (channels 0…255) of a three-stop ramp at position `t`, spread
/// as `spread` says — computed here from the definitions, independently of the rasterizer.
func exactColor(_ stops: [GradientPaint.Stop], _ t: Double, _ spread: GradientPaint.Spread)
    -> [Double]
{
    var t = t
    switch spread {
    case .pad: t = min(max(t, 0), 1)
    case .repeat: t -= t.rounded(.down)
    case .mirror:
        t = abs(t.truncatingRemainder(dividingBy: 2))
        if t > 1 { t = 2 - t }
    }
    let upper = stops.firstIndex { $0.location >= t } ?? stops.count - 1
    let (low, high) = (stops[max(upper - 1, 0)], stops[upper])
    let f = high.location > low.location ? (t - low.location) / (high.location - low.location) : 1
    func channels(_ s: GradientPaint.Stop) -> [Double] {
        [s.red * s.opacity, s.green * s.opacity, s.blue * s.opacity, s.opacity].map { $0 * 255 }
    }
    return zip(channels(low), channels(high)).map { $0 + ($1 - $0) * f }
}

/// The ramp position of `p` in a two-point conical gradient, from the definition: the largest
/// t whose circle — centre c₀ + t·(c₁ − c₀), radius r₀ + t·(r₁ − r₀) — passes through `p` with a
/// radius ≥ 0, found as the roots of |p − c(t)|² − r(t)² = 0 (a quadratic in t, or a line when
/// its square term vanishes); `nil` where there is none.
func conePosition(_ p: CGPoint, _ c0: CGPoint, _ r0: Double, _ c1: CGPoint, _ r1: Double) -> Double? {
    let (dx, dy, dr) = (c1.x - c0.x, c1.y - c0.y, r1 - r0)
    let (px, py) = (p.x - c0.x, p.y - c0.y)
    // |p − c₀ − t·Δc|² − (r₀ + t·Δr)² = A·t² + B·t + C
    let a = dx * dx + dy * dy - dr * dr
    let b = -2 * (px * dx + py * dy) - 2 * r0 * dr
    let c = px * px + py * py - r0 * r0
    let roots: [Double]
    if abs(a) < 1e-12 {
        roots = b == 0 ? [] : [-c / b]
    } else {
        let discriminant = b * b - 4 * a * c
        roots = discriminant < 0 ? [] : [-1.0, 1].map { (-b + $0 * discriminant.squareRoot()) / (2 * a) }
    }
    return roots.filter { r0 + $0 * dr >= 0 }.max()
}

/// The per-span gradient path (`GradientSpan`) against the definitions: under a rotated, scaled
/// transform, every pixel of linear, radial and conic ramps in every spread mode is within the
/// dither's one code value (and the table's eighth) of the exact colour.
@Test(arguments: [GradientPaint.Spread.pad, .repeat, .mirror])
func everyGradientPixelIsWithinOneCodeValueOfTheExactRamp(spread: GradientPaint.Spread) {
    let stops = [
        GradientPaint.Stop(red: 0.9, green: 0.1, blue: 0.3, opacity: 1, location: 0),
        GradientPaint.Stop(red: 0.2, green: 0.8, blue: 0.5, opacity: 0.6, location: 0.4),
        GradientPaint.Stop(red: 0.1, green: 0.2, blue: 1.0, opacity: 0.9, location: 1),
    ]
    let transform = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.5, y: 0.8).translatedBy(x: 10, y: -5)
    let inverse = transform.inverted()
    let (center, width, height) = (CGPoint(x: 60, y: 40), 160, 100)
    let geometries: [GradientPaint.Geometry] = [
        .linear(start: CGPoint(x: 10, y: 5), end: CGPoint(x: 70, y: 45)),
        .radial(center: center, startRadius: 8, endRadius: 50),
        .twoPoint(startCenter: CGPoint(x: 45, y: 30), startRadius: 4, endCenter: center, endRadius: 50),
        .twoPoint(startCenter: CGPoint(x: 20, y: 30), startRadius: 5, endCenter: center, endRadius: 20),
        .conic(center: center, startAngle: 0, endAngle: 2 * Double.pi),
    ]
    for geometry in geometries {
        let gradient = GradientPaint(stops: stops, geometry: geometry, spread: spread)
        var pixmap = Pixmap(width: width, height: height)
        var rasterizer = Rasterizer()
        rasterizer.fill(
            Path(CGRect(x: 0, y: 0, width: width, height: height)).applying(inverse), transform: transform,
            paint: .gradient(gradient), into: &pixmap)
        var worst = 0.0
        for y in 1..<height - 1 {
            for x in 1..<width - 1 {
                let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(inverse)
                let t: Double
                switch geometry {
                case .linear(let s, let e):
                    t =
                        ((p.x - s.x) * (e.x - s.x) + (p.y - s.y) * (e.y - s.y))
                        / ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y))
                case .radial(let c, let r0, let r1):
                    t =
                        (((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot() - r0)
                        / (r1 - r0)
                case .twoPoint(let c0, let r0, let c1, let r1):
                    // Where no circle passes, nothing is painted.
                    guard let position = conePosition(p, c0, r0, c1, r1) else {
                        #expect(pixmap[x, y] == .transparent)
                        continue
                    }
                    t = position
                case .conic(let c, _, _):
                    let angle = atan2(p.y - c.y, p.x - c.x)
                    t = (angle < 0 ? angle + 2 * Double.pi : angle) / (2 * Double.pi)
                }
                // Conic positions jump at angle 0: skip the seam's pixels.
                if case .conic = geometry, abs(p.y - center.y) < 2, p.x > center.x { continue }
                let exact = exactColor(gradient.stops, t, spread)
                let pixel = pixmap[x, y]
                let actual = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Double.init)
                worst = max(worst, zip(actual, exact).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        #expect(worst < 1.3, "\(geometry), \(spread): a pixel \(worst) code values from the exact ramp")
    }
}

/// The radial and conic spans drawn four pixels at a time against the definitions, where their
/// arithmetic has its edges: the centre pixel, radii reversed, a start radius inside the
/// shape, a ring thinner than a pixel, a centre far off the canvas (the lanes' reach, where the
/// `Double` loop takes over), a turn starting at an angle and one running counterclockwise, and
/// the seam where a conic turn starts again. Every pixel within the dither's code value (and
/// the table's eighth) of the exact colour, as for the ramps above.
@Test(arguments: [
    GradientPaint.Geometry.radial(center: CGPoint(x: 40.5, y: 30.5), startRadius: 0, endRadius: 30),
    .radial(center: CGPoint(x: 40, y: 30), startRadius: 30, endRadius: 4),
    .radial(center: CGPoint(x: 13.25, y: 50.75), startRadius: 12, endRadius: 12.4),
    .radial(center: CGPoint(x: 9_000, y: -9_500), startRadius: 13_000, endRadius: 13_080),
    .radial(center: CGPoint(x: -300, y: 30), startRadius: 320, endRadius: 400),
    .conic(center: CGPoint(x: 40.5, y: 30.5), startAngle: 1, endAngle: 1 + 2 * Double.pi),
    .conic(center: CGPoint(x: 40.3, y: 29.8), startAngle: -2.5, endAngle: -2.5 - 2 * Double.pi),
    .conic(center: CGPoint(x: -500, y: 30), startAngle: 0, endAngle: 2 * Double.pi),
])
func radialAndConicSpansMatchTheDefinitionsAtTheirEdges(geometry: GradientPaint.Geometry) {
    let stops = [
        GradientPaint.Stop(red: 0.9, green: 0.1, blue: 0.3, opacity: 1, location: 0),
        GradientPaint.Stop(red: 0.2, green: 0.8, blue: 0.5, opacity: 0.6, location: 0.4),
        GradientPaint.Stop(red: 0.1, green: 0.2, blue: 1.0, opacity: 0.9, location: 1),
    ]
    let (width, height) = (83, 61)
    let gradient = GradientPaint(stops: stops, geometry: geometry, spread: .pad)
    let pixmap = paint(.gradient(gradient), width: width, height: height)
    var worst = 0.0
    for y in 0..<height {
        for x in 0..<width {
            let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
            let t: Double
            switch geometry {
            case .linear:
                Issue.record("radial and conic only")
                return
            case .radial(let c, let r0, let r1):
                t = (((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot() - r0) / (r1 - r0)
            case .twoPoint:
                Issue.record("in TwoPointGradientTests")
                return
            case .conic(let c, let start, let end):
                let turn = 2 * Double.pi
                var angle = atan2(p.y - c.y, p.x - c.x) - start
                angle -= (angle / turn).rounded(.down) * turn
                t = end > start ? angle / turn : 1 - angle / turn
                // The seam, where positions 0 and 1 meet and either is right: within 1.5 px of
                // the ray the turn starts on.
                let distance = ((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot()
                if min(angle, turn - angle) * distance < 1.5 { continue }
            }
            let exact = exactColor(gradient.stops, t, .pad)
            let pixel = pixmap[x, y]
            let actual = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Double.init)
            worst = max(worst, zip(actual, exact).map { abs($0 - $1) }.max() ?? 0)
        }
    }
    #expect(worst < 1.3, "\(geometry): a pixel \(worst) code values from the exact ramp")
}

/// Dithering goes through the four-pixel spans as through the others: a flat grey of 100.5
/// code values, painted as a linear, a radial, a focal two-point and a conic gradient, averages 100.5 over a
/// dither tile's rows and columns (truncated without dither, every pixel would be 100), and
/// no pixel is other than 100 or 101.
@Test(arguments: [
    GradientPaint.Geometry.linear(start: .zero, end: CGPoint(x: 64, y: 10)),
    .radial(center: CGPoint(x: 20, y: 20), startRadius: 0, endRadius: 50),
    cone(40, 25, 0, 30, 30, 60),
    .conic(center: CGPoint(x: 32, y: 32), startAngle: 0, endAngle: 2 * Double.pi),
])
func flatGradientsAreDitheredToTheirMean(geometry: GradientPaint.Geometry) {
    let level = 100.5 / 255
    let gradient = GradientPaint(
        stops: [grey(level, location: 0), grey(level, location: 1)], geometry: geometry)
    let pixmap = paint(.gradient(gradient), width: 64, height: 64)
    var values: [Int] = []
    for y in 0..<64 {
        for x in 0..<64 { values.append(Int(pixmap[x, y].red)) }
    }
    #expect(Set(values).isSubset(of: [100, 101]))
    let mean = Double(values.reduce(0, +)) / Double(values.count)
    #expect(abs(mean - 100.5) < 0.05, "\(geometry): mean \(mean)")
}

/// Radial, two-point and conic spans in AVX2's eight lanes give the bytes of the four-lane
/// loops, pixel for pixel: spans of every length up to 40 (groups of eight, the four-lane rest,
/// the single pixels after it), starting at every column of a dither row (its wrap from column
/// 63 to 0 inside a group), under a rotated, scaled transform, with reversed radii (a shrinking
/// cone too) and both directions of a turn.
@Test(
    .enabled(if: GradientLanes.widest == .wide, "the processor has no AVX2"),
    arguments: [
        GradientPaint.Geometry.radial(center: CGPoint(x: 40.5, y: 30.5), startRadius: 0, endRadius: 30),
        .radial(center: CGPoint(x: 3_000, y: -2_500), startRadius: 4_000, endRadius: 3_100),
        cone(52.5, 20.25, 0, 40, 30, 35),
        cone(30, 40, 60, 45, 33, 6),
        .conic(center: CGPoint(x: 40.3, y: 29.8), startAngle: 1, endAngle: 1 + 2 * Double.pi),
        .conic(center: CGPoint(x: -20, y: 300), startAngle: -2.5, endAngle: -2.5 - 2 * Double.pi),
    ])
func wideGradientLanesGiveTheBytesOfTheNarrowOnes(geometry: GradientPaint.Geometry) {
    let stops = [
        GradientPaint.Stop(red: 0.9, green: 0.1, blue: 0.3, opacity: 1, location: 0),
        GradientPaint.Stop(red: 0.2, green: 0.8, blue: 0.5, opacity: 0.6, location: 0.4),
        GradientPaint.Stop(red: 0.1, green: 0.2, blue: 1.0, opacity: 0.9, location: 1),
    ]
    let gradient = GradientPaint(stops: stops, geometry: geometry, spread: .pad)
    let transform = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.7, y: 0.8)
    var compared = 0
    for row in [0, 7, 63, 200] {
        for column in 0..<64 {
            for count in [1, 7, 8, 12, 15, 16, 40] {
                let wide = gradient.shadedSpan(
                    row: row, column: column, count: count, transform: transform, lanes: .wide)
                let narrow = gradient.shadedSpan(
                    row: row, column: column, count: count, transform: transform, lanes: .narrow)
                #expect(wide == narrow, "row \(row), columns \(column)..<\(column + count)")
                compared += count
            }
        }
    }
    #expect(compared == 4 * 64 * 99)
}
