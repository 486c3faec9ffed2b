import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

private func square(size: Int = 96, at origin: Int = 40, side: Int = 16, color: PremultipliedColor) -> (
    Pixmap, PixelBounds
) {
    var pixmap = Pixmap(width: size, height: size)
    for y in origin..<(origin + side) {
        for x in origin..<(origin + side) { pixmap[x, y] = color }
    }
    return (pixmap, PixelBounds(columns: origin..<(origin + side), rows: origin..<(origin + side)))
}

private let opaqueRed = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)

private func totalAlpha(_ pixmap: Pixmap) -> Int {
    stride(from: 3, to: pixmap.bytes.count, by: 4).reduce(0) { $0 + Int(pixmap.bytes[$1]) }
}

/// σ below 3 convolves with the sampled kernel, from 3 runs three boxes, from 8 blurs a picture
/// averaged down (σ 12 by 2, σ 40 by 8): each must keep the total alpha and follow the exact
/// Gaussian blur of the square — differences of error functions, horizontally and vertically —
/// to within 3 % of full scale, across the whole width of the blur.
@Test(arguments: [
    (1.0, 96, 40, 16), (2.5, 96, 40, 16), (6.0, 96, 40, 16), (12.0, 256, 96, 64), (40.0, 640, 224, 192),
])
func blurKeepsTotalAlphaAndSpreadsLikeAGaussian(sigma: Double, size: Int, origin: Int, side: Int) throws {
    var (pixmap, bounds) = square(size: size, at: origin, side: side, color: opaqueRed)
    let before = totalAlpha(pixmap)
    let result = pixmap.apply(.blur(radius: sigma), within: bounds)
    let grown = try #require(result)
    #expect(grown.columns.count > bounds.columns.count)
    // Rounding may move each pixel by half a code value; the sum stays within 0.2 %.
    #expect(abs(Double(totalAlpha(pixmap) - before)) <= Double(before) * 0.002, "σ \(sigma)")
    func box(_ centre: Double) -> Double {
        let (low, high) = (Double(origin), Double(origin + side))
        return 0.5
            * (erf((centre - low) / (sigma * 2.squareRoot()))
                - erf((centre - high) / (sigma * 2.squareRoot())))
    }
    let middle = Double(origin) + Double(side) / 2
    var worst = 0.0
    for x in max(0, origin - Int(3 * sigma))..<min(size, origin + side + Int(3 * sigma)) {
        let expected = box(Double(x) + 0.5) * box(middle)
        worst = max(worst, abs(Double(pixmap[x, Int(middle)].alpha) / 255 - expected))
    }
    #expect(worst < 0.03, "σ \(sigma): \(worst) of full scale from the exact blur")
    // Premultiplied colour follows alpha, so no colour comes from transparent pixels.
    #expect(pixmap[origin - 2, Int(middle)].red == pixmap[origin - 2, Int(middle)].alpha)
}

/// A square cut by the frame's corner blurs as the exact Gaussian of what the frame holds: what
/// a box pass spreads past the edge comes back with the next pass instead of being lost, so
/// the blur at the edge is half as strong as inside, not less (the box passes, σ 6, and the
/// averaged-down picture, σ 12 and 40).
@Test(arguments: [(6.0, 96, 16), (12.0, 256, 64), (40.0, 640, 192)])
func aBlurCutByTheFrameIsTheGaussianOfWhatTheFrameHolds(sigma: Double, size: Int, side: Int) throws {
    var (pixmap, bounds) = square(size: size, at: 0, side: side, color: opaqueRed)
    let grown = pixmap.apply(.blur(radius: sigma), within: bounds)
    // What may now be painted stays within the frame.
    #expect(grown?.columns.lowerBound == 0 && grown?.rows.lowerBound == 0)
    func box(_ centre: Double) -> Double {
        0.5
            * (erf(centre / (sigma * 2.squareRoot()))
                - erf((centre - Double(side)) / (sigma * 2.squareRoot())))
    }
    var worst = 0.0
    for y in [0, side / 2] {
        for x in 0..<min(size, side + Int(3 * sigma)) {
            let expected = box(Double(x) + 0.5) * box(Double(y) + 0.5)
            worst = max(worst, abs(Double(pixmap[x, y].alpha) / 255 - expected))
        }
    }
    #expect(worst < 0.03, "σ \(sigma): \(worst) of full scale from the exact blur")
}

/// The colour matrix formula pixel by pixel and channel by channel, as `ColorMatrix` states it:
/// straight components, each row's terms summed in order, clamped, premultiplied, rounded.
private func referenceMatrix(_ matrix: ColorMatrix, _ pixel: PremultipliedColor) -> PremultipliedColor {
    let m = matrix.values.map { Float($0) }
    let a = Float(pixel.alpha) / 255
    let straight =
        a > 0 ? SIMD4(Float(pixel.red), Float(pixel.green), Float(pixel.blue), 0) / (255 * a) : .zero
    func out(_ k: Int) -> Float {
        min(
            1,
            max(
                0, m[k] * straight.x + m[k + 1] * straight.y + m[k + 2] * straight.z + m[k + 3] * a + m[k + 4]
            ))
    }
    let alpha = out(15)
    return PremultipliedColor(
        red: UInt8(out(0) * alpha * 255 + 0.5), green: UInt8(out(5) * alpha * 255 + 0.5),
        blue: UInt8(out(10) * alpha * 255 + 0.5), alpha: UInt8(alpha * 255 + 0.5))
}

/// Four pixels at a time (and one at a time at a row's end: the picture is 63 wide), the matrix
/// gives the formula's bits on every pixel: every premultiplied colour of a seeded random
/// picture, transparent ones included, under SwiftUI's matrices, a concatenation of them and
/// one that adds alpha.
@Test func colorMatricesGiveTheFormulasBitsOnEveryPixel() {
    let picture = Pixmap.random(width: 63, height: 64, seed: 0xC0_105) { x, _ in x % 7 == 0 }
    let matrices: [ColorMatrix] = [
        .brightness(0.3), .contrast(1.7), .saturation(2.5), .grayscale(0.6), .hueRotation(2.1), .invert(0.8),
        .multiply(red: 0.2, green: 0.9, blue: 0.5, alpha: 0.7), .luminanceToAlpha,
        ColorMatrix.contrast(-3).followed(by: .hueRotation(-1)),
        ColorMatrix([0.5, 0.2, 0, 0.1, 0.05, 0, 1, 0, 0, 0, 0.3, 0, 0.9, 0, -0.1, 0, 0, 0, 0.8, 0.25]),
    ]
    for matrix in matrices {
        var filtered = picture
        _ = filtered.apply(.colorMatrix(matrix), within: PixelBounds(columns: 0..<63, rows: 0..<64))
        let wrong = (0..<63 * 64).filter { i in
            filtered[i % 63, i / 63] != referenceMatrix(matrix, picture[i % 63, i / 63])
        }
        #expect(wrong.isEmpty, "\(matrix.values): \(wrong.count) pixels")
    }
}

/// One matrix followed by another is the two applied one after the other, while nothing
/// in between needs clamping.
@Test func aMatrixFollowedByAnotherIsTheTwoInTurn() {
    let first = ColorMatrix.saturation(0.5)
    let second = ColorMatrix.contrast(0.8).followed(by: .hueRotation(0.7))
    var once = Pixmap(width: 1, height: 1)
    once[0, 0] = PremultipliedColor(red: 120, green: 90, blue: 40, alpha: 200)
    var twice = once
    let pixel = PixelBounds(columns: 0..<1, rows: 0..<1)
    _ = once.apply(.colorMatrix(first.followed(by: second)), within: pixel)
    _ = twice.apply(.colorMatrix(first), within: pixel)
    _ = twice.apply(.colorMatrix(second), within: pixel)
    let (a, b) = (once[0, 0], twice[0, 0])
    for (x, y) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)] {
        #expect(abs(Int(x) - Int(y)) <= 1, "\(a) against \(b)")
    }
}

@Test func shadowIsTheSilhouetteOffsetBelowTheContent() throws {
    let shadowColor = PremultipliedColor(straightRed: 0, green: 0, blue: 0, alpha: 0.5)
    var (below, bounds) = square(color: opaqueRed)
    _ = below.apply(.shadow(color: shadowColor, radius: 0, x: 8, y: 8, placement: .below), within: bounds)
    #expect(below[50, 50] == opaqueRed)  // content stays on top
    #expect(below[60, 60].alpha == 128 && below[60, 60].red == 0)  // shadow beyond the content
    #expect(below[50, 60].alpha == 128)
    var (only, _) = square(color: opaqueRed)
    _ = only.apply(.shadow(color: shadowColor, radius: 0, x: 8, y: 8, placement: .only), within: bounds)
    #expect(only[42, 42].alpha == 0 && only[50, 50].alpha == 128)
}

@Test func colorMatricesDoWhatSwiftUIsFiltersSay() {
    func filtered(_ matrix: ColorMatrix, _ color: PremultipliedColor) -> PremultipliedColor {
        var pixmap = Pixmap(width: 1, height: 1)
        pixmap[0, 0] = color
        _ = pixmap.apply(.colorMatrix(matrix), within: PixelBounds(columns: 0..<1, rows: 0..<1))
        return pixmap[0, 0]
    }
    let orange = PremultipliedColor(red: 255, green: 128, blue: 0, alpha: 255)
    #expect(filtered(.invert(), orange) == PremultipliedColor(red: 0, green: 127, blue: 255, alpha: 255))
    let grey = filtered(.grayscale(1), orange)
    #expect(grey.red == grey.green && grey.green == grey.blue)
    #expect(abs(Int(grey.red) - 146) <= 1)  // 0.213·255 + 0.715·128
    #expect(
        filtered(.brightness(0.2), PremultipliedColor(red: 100, green: 100, blue: 100, alpha: 255)).red == 151
    )
    #expect(filtered(.contrast(0), orange) == PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
    #expect(filtered(.hueRotation(0), orange) == orange)
    let half = PremultipliedColor(straightRed: 1, green: 1, blue: 1, alpha: 0.5)
    #expect(filtered(.luminanceToAlpha, half).alpha == 255 && filtered(.luminanceToAlpha, half).red == 0)
    #expect(filtered(.multiply(red: 1, green: 0.5, blue: 1, alpha: 1), orange).green == 64)
}

@Test func alphaThresholdKeepsOnlyTheBand() {
    var pixmap = Pixmap(width: 3, height: 1)
    pixmap[0, 0] = PremultipliedColor(straightRed: 1, green: 0, blue: 0, alpha: 0.2)
    pixmap[1, 0] = PremultipliedColor(straightRed: 1, green: 0, blue: 0, alpha: 0.6)
    pixmap[2, 0] = PremultipliedColor(straightRed: 1, green: 0, blue: 0, alpha: 1)
    let blue = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255)
    _ = pixmap.apply(
        .alphaThreshold(minimum: 0.5, maximum: 0.9, color: blue),
        within: PixelBounds(columns: 0..<3, rows: 0..<1))
    #expect(pixmap[0, 0] == .transparent && pixmap[1, 0] == blue && pixmap[2, 0] == .transparent)
}

@Test func filtersWithNonFiniteOrHugeParametersNeitherCrashNorDrawGarbage() {
    for filter in [
        Filter.blur(radius: .infinity), .blur(radius: .nan), .blur(radius: -3), .blur(radius: 1e9),
        .shadow(color: opaqueRed, radius: .nan, x: .nan, y: 1e300, placement: .below),
        .shadow(color: opaqueRed, radius: 2, x: -1e12, y: .infinity, placement: .only),
        .shadow(color: opaqueRed, radius: 1e9, x: 3, y: -2, placement: .above),
        .shadow(color: opaqueRed, radius: .infinity, x: 1, y: 1, placement: .below),
        .colorMatrix(ColorMatrix([Double](repeating: .nan, count: 20))),
        .alphaThreshold(minimum: .nan, maximum: .infinity, color: opaqueRed),
    ] {
        var (pixmap, bounds) = square(size: 32, at: 8, side: 8, color: opaqueRed)
        _ = pixmap.apply(filter, within: bounds)
        #expect(pixmap.width == 32)
    }
}

@Test func aShadowEqualsOneDrawnOnAPixmapAsLargeAsTheFrame() {
    // The shadow is drawn on a pixmap covering only what it can reach. The reference here draws
    // it as plainly as it is defined, on a transparent pixmap the size of the frame: the
    // silhouette moved, blurred, then the layer composited over it, it over the layer, or alone.
    // Radii below and above the exact kernel's limit and the downsampling one; offsets that
    // push the shadow, or part of it, off every edge.
    let shadowColor = PremultipliedColor(straightRed: 0.1, green: 0.2, blue: 0.6, alpha: 0.7)
    var layer = Pixmap(width: 120, height: 90)
    let bounds = PixelBounds(columns: 4..<70, rows: 2..<60)
    for y in bounds.rows {
        for x in bounds.columns where (x * 7 + y * 3) % 11 != 0 {
            // Translucent and opaque pixels, with holes.
            let alpha = (x + y) % 3 == 0 ? 1 : Double((x * y) % 200 + 40) / 255
            layer[x, y] = PremultipliedColor(
                straightRed: 0.9, green: Double(x) / 120, blue: 0.3, alpha: alpha)
        }
    }
    func reference(_ placement: Filter.ShadowPlacement, radius: Double, dx: Int, dy: Int) -> Pixmap {
        var shadow = Pixmap(width: layer.width, height: layer.height)
        var painted: PixelBounds?
        for y in bounds.rows where (0..<layer.height).contains(y + dy) {
            for x in bounds.columns where (0..<layer.width).contains(x + dx) && layer[x, y].alpha > 0 {
                let alpha = Double(layer[x, y].alpha) / 255
                shadow[x + dx, y + dy] = PremultipliedColor(
                    red: UInt8((Double(shadowColor.red) * alpha).rounded()),
                    green: UInt8((Double(shadowColor.green) * alpha).rounded()),
                    blue: UInt8((Double(shadowColor.blue) * alpha).rounded()),
                    alpha: UInt8((Double(shadowColor.alpha) * alpha).rounded()))
                painted = PixelBounds(columns: (x + dx)..<(x + dx + 1), rows: (y + dy)..<(y + dy + 1))
                    .union(painted)
            }
        }
        let blurred = painted.flatMap { GaussianBlur(radius: radius).apply(to: &shadow, within: $0) }
        switch placement {
        case .only:
            return shadow
        case .below:
            guard blurred != nil else { return layer }
            shadow.composite(layer, runs: layer.paintedRuns(within: bounds))
            return shadow
        case .above:
            var result = layer
            if let blurred { result.composite(shadow, runs: shadow.paintedRuns(within: blurred)) }
            return result
        }
    }
    // One scratch pixmap for every shadow, as a rasterizer lends it: each must leave it
    // transparent for the next.
    var scratch = Pixmap(width: layer.width, height: layer.height)
    for placement in [Filter.ShadowPlacement.below, .above, .only] {
        for radius in [0, 2, 6, 16] {
            for (dx, dy) in [(5, 7), (-30, 0), (0, -58), (80, 40), (-200, 3), (3, 100)] {
                let shadow = Filter.shadow(
                    color: shadowColor, radius: Double(radius), x: Double(dx), y: Double(dy),
                    placement: placement)
                var pixmap = layer
                _ = pixmap.apply(shadow, within: bounds)
                let expected = reference(placement, radius: Double(radius), dx: dx, dy: dy)
                let differing = expected.bytes.indices.filter { pixmap.bytes[$0] != expected.bytes[$0] }.count
                #expect(differing == 0, "\(placement), radius \(radius), offset (\(dx), \(dy))")
                var onScratch = layer
                _ = onScratch.apply(shadow, within: bounds, scratch: &scratch)
                #expect(
                    onScratch == pixmap, "\(placement), radius \(radius), offset (\(dx), \(dy)), on scratch")
                #expect(scratch.bytes.allSatisfy { $0 == 0 }, "scratch left transparent")
            }
        }
    }
}

/// `.opaque` divides what a blur left by its alpha: the square's blurred edge is as red as its
/// middle, and every pixel that kept some opacity is opaque — with the exact kernel, the boxes
/// and the averaged-down picture alike.
@Test(arguments: [2.0, 6.0, 12.0])
func anOpaqueBlurKeepsFullStrengthToItsEdges(sigma: Double) throws {
    var (pixmap, bounds) = square(size: 128, at: 48, side: 32, color: opaqueRed)
    let result = pixmap.apply(.blur(radius: sigma, options: .opaque), within: bounds)
    let grown = try #require(result)
    var opaque = 0
    for y in grown.rows {
        for x in grown.columns where pixmap[x, y].alpha > 0 {
            #expect(pixmap[x, y] == opaqueRed, "(\(x), \(y)): \(pixmap[x, y])")
            opaque += 1
        }
    }
    // The blur's spread, not just the square, was made opaque.
    #expect(opaque > 32 * 32 + 4 * 32 * Int(sigma))
}

/// `.dithersResult` drops each value's fraction against the gradients' threshold tile instead
/// of rounding: a slow ramp left by a wide, faint blur breaks into mixed values whose column
/// means follow the ramp between its 8-bit steps, never more than one code value from the
/// rounded result, and flat areas stay flat.
@Test func aDitheredBlurBreaksTheBandsOfASlowRamp() throws {
    let faint = PremultipliedColor(red: 12, green: 12, blue: 12, alpha: 12)
    // The left half of a 600 × 300 pixmap: far from its top and bottom, the blur leaves a
    // horizontal ramp around x = 300.
    var rounded = Pixmap(width: 600, height: 300)
    for y in 0..<300 {
        for x in 0..<300 { rounded[x, y] = faint }
    }
    let bounds = PixelBounds(columns: 0..<300, rows: 0..<300)
    var dithered = rounded
    _ = rounded.apply(.blur(radius: 30), within: bounds)
    _ = dithered.apply(.blur(radius: 30, options: .dithersResult), within: bounds)
    var (mixedColumns, bandedColumns) = (0, 0)
    let rows = 140..<160
    for x in 250..<360 {
        let plain = rows.map { Int(rounded[x, $0].alpha) }
        let mixed = rows.map { Int(dithered[x, $0].alpha) }
        for (a, b) in zip(plain, mixed) { #expect(abs(a - b) <= 1, "column \(x)") }
        // The rounded column is its value to within ½; the dithered one's mean is nearer.
        let mean = Double(mixed.reduce(0, +)) / Double(mixed.count)
        #expect(abs(mean - Double(plain[0])) <= 0.65, "column \(x): \(mean) against \(plain[0])")
        if Set(plain).count > 1 { bandedColumns += 1 }
        if Set(mixed).count > 1 { mixedColumns += 1 }
    }
    #expect(mixedColumns > 60, "\(mixedColumns) of 110 columns mix two values")
    #expect(bandedColumns == 0)
    // Deep inside the faint area the value is whole: dithering adds nothing there.
    #expect(dithered[150, 150] == faint && rounded[150, 150] == faint)
}

/// An inner shadow as SwiftUI documents it: the inverted silhouette above the content, blended
/// `.sourceAtop` — the shadow falls inside the shape along the edges it is offset from, and
/// nothing is painted outside the shape.
@Test func anInvertedShadowAboveBlendedSourceAtopIsAnInnerShadow() {
    let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
    var (pixmap, bounds) = square(color: opaqueRed)  // (40, 40) to (55, 55)
    let grown = pixmap.apply(
        .shadow(
            color: black, radius: 0, x: 4, y: 3, placement: .above, blendMode: .sourceAtop, invertsAlpha: true
        ),
        within: bounds)
    #expect(grown == bounds)
    for y in 0..<96 {
        for x in 0..<96 {
            let inside = bounds.columns.contains(x) && bounds.rows.contains(y)
            // What lies right of or below an edge, within the offset, is in the shade.
            let shaded = inside && (x < 44 || y < 43)
            let expected = !inside ? PremultipliedColor.transparent : shaded ? black : opaqueRed
            #expect(pixmap[x, y] == expected, "(\(x), \(y)): \(pixmap[x, y])")
        }
    }
}

/// Alone, the inverted silhouette covers everything but the shape; a blend mode other than
/// normal combines the shadow with the layer's pixels (multiply above darkens the content).
@Test func anInvertedShadowAloneCoversAllButTheShapeAndBlendModesApply() {
    let grey = PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255)
    var (alone, bounds) = square(color: opaqueRed)
    _ = alone.apply(
        .shadow(color: grey, radius: 0, x: 0, y: 0, placement: .only, invertsAlpha: true), within: bounds)
    #expect(alone[0, 0] == grey && alone[95, 95] == grey && alone[47, 47] == .transparent)
    var (multiplied, _) = square(color: opaqueRed)
    _ = multiplied.apply(
        .shadow(color: grey, radius: 0, x: 0, y: 0, placement: .above, blendMode: .multiply), within: bounds)
    // Red times mid-grey: a darker red, opaque.
    #expect(multiplied[47, 47] == PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 255))
    #expect(multiplied[20, 20] == .transparent)
}

/// Beyond the frame counts as outside the drawing, for an inverted shadow's blur too: a layer
/// that fills the frame is shaded along the frame's edges — about half at the edge itself, less
/// and less inwards — and not in its middle.
@Test func anInnerShadowIsCastByTheFramesEdge() {
    let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
    var pixmap = Pixmap(width: 96, height: 96)
    pixmap.clear(to: opaqueRed)
    let bounds = PixelBounds(columns: 0..<96, rows: 0..<96)
    _ = pixmap.apply(
        .shadow(
            color: black, radius: 6, x: 0, y: 0, placement: .above, blendMode: .sourceAtop, invertsAlpha: true
        ),
        within: bounds)
    let profile = (0..<24).map { Int(pixmap[$0, 48].red) }
    // At the edge, between a third and two thirds in the shade (the blur's passes lose what
    // spills past the frame, so a little more than the exact half).
    #expect((80...170).contains(profile[0]), "\(profile)")
    #expect(zip(profile, profile.dropFirst()).allSatisfy { $0 <= $1 }, "\(profile)")
    #expect(profile[23] >= 250 && pixmap[48, 48] == opaqueRed && pixmap[0, 48].alpha == 255)
    #expect(pixmap[48, 95] == pixmap[0, 48] && pixmap[95, 48] == pixmap[0, 48])
}
