import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

@Test func halfOpaqueRedOverBlueMixesChannelsAndKeepsAlphaOpaque() {
    var pixmap = Pixmap(width: 4, height: 4)
    pixmap.clear(to: PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    var rasterizer = Rasterizer()
    rasterizer.fill(
        Path(CGRect(x: 0, y: 0, width: 4, height: 4)),
        paint: .solid(PremultipliedColor(straightRed: 1, green: 0, blue: 0, alpha: 1)), opacity: 0.5,
        into: &pixmap)
    #expect(pixmap[1, 1] == PremultipliedColor(red: 128, green: 0, blue: 127, alpha: 255))
}

@Test func translucentPaintOnTransparentStaysPremultiplied() {
    var pixmap = Pixmap(width: 2, height: 2)
    var rasterizer = Rasterizer()
    rasterizer.fill(
        Path(CGRect(x: 0, y: 0, width: 2, height: 2)),
        paint: .solid(PremultipliedColor(straightRed: 1, green: 0.5, blue: 0, alpha: 0.5)), into: &pixmap)
    #expect(pixmap[0, 0] == PremultipliedColor(red: 128, green: 64, blue: 0, alpha: 128))
}

@Test func premultiplicationClampsAndRounds() {
    #expect(
        PremultipliedColor(straightRed: 2, green: -1, blue: .nan, alpha: 0.5)
            == PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128))
}

@Test func aTransparentFillLeavesNothingBehindForTheNextFill() {
    // A fill that draws nothing (a transparent colour) must not leave accumulated edges that
    // the next fill on the same rasterizer would then draw.
    let blue = Paint.solid(PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    // The first fill's cells span the whole canvas, so the second reuses them.
    let square = Path { path in
        path.addRect(CGRect(x: 4, y: 4, width: 20, height: 20))
        path.addRect(CGRect(x: 0, y: 0, width: 128, height: 96))
    }
    let disc = Path { path in
        path.addEllipse(in: CGRect(x: 8, y: 6, width: 30, height: 30))
        path.addEllipse(in: CGRect(x: 2, y: 50, width: 110, height: 40))
    }
    for (paint, opacity) in [(Paint.solid(.transparent), 1.0), (blue, 0.0), (blue, 0.001)] {
        var rasterizer = Rasterizer()
        var reused = Pixmap(width: 128, height: 96)
        rasterizer.fill(square, paint: paint, opacity: opacity, into: &reused)
        rasterizer.fill(disc, paint: blue, into: &reused)
        var fresh = Pixmap(width: 128, height: 96)
        var other = Rasterizer()
        other.fill(disc, paint: blue, into: &fresh)
        let differing = zip(reused.bytes, fresh.bytes).filter { $0 != $1 }.count
        #expect(differing == 0)
    }
}

@Test func solidFillsCompositeEveryPixelBySourceOverOfItsCoverage() {
    // Solid spans are composited four pixels at a time in vector lanes, a span's last partial
    // four and spans under four pixels otherwise. Every pixel must still be exactly
    // `colour × weight + old × (1 − colour alpha × weight)`, each product rounded to nearest —
    // for an opaque colour the interpolation `colour × weight + old × (1 − weight)` rounded
    // once — with the weight the coverage in 1/255 steps that a clip mask of the same path holds.
    let (width, height) = (61, 47)
    var background = Pixmap(width: width, height: height)
    for i in 0..<(width * height) {
        let alpha = UInt8((i * 37) % 256)
        for channel in 0..<3 {
            background.bytes[i * 4 + channel] = UInt8((i * (channel + 11) * 13) % (Int(alpha) + 1))
        }
        background.bytes[i * 4 + 3] = alpha
    }
    let shapes = [
        Path(ellipseIn: CGRect(x: 3.3, y: 2.7, width: 50.2, height: 40.9)),
        Path { path in
            // Slivers: spans of one to a few pixels at every offset.
            for i in 0..<12 {
                let x = 2.0 + Double(i) * 4.9
                path.move(to: CGPoint(x: x, y: 1))
                path.addLine(to: CGPoint(x: x + 0.3 + Double(i % 4), y: 45.5))
                path.addLine(to: CGPoint(x: x + 0.1, y: 44))
                path.closeSubpath()
            }
        },
        Path(CGRect(x: -7.5, y: 10.25, width: 80, height: 3.5)),
    ]
    let colors = [
        PremultipliedColor(straightRed: 1, green: 0.23, blue: 0.19, alpha: 1),
        PremultipliedColor(straightRed: 0.2, green: 0.78, blue: 0.35, alpha: 0.61),
    ]
    func scaled(_ value: UInt8, _ factor: Int) -> Int { Int((Double(Int(value) * factor) / 255).rounded()) }
    for shape in shapes {
        for color in colors {
            for opacity in [1.0, 0.4] {
                var rasterizer = Rasterizer()
                let mask = rasterizer.clipMask(shape, width: width, height: height)
                var pixmap = background
                rasterizer.fill(shape, paint: .solid(color), opacity: opacity, into: &pixmap)
                let alpha = Int((opacity * 255).rounded())
                let paint = [color.red, color.green, color.blue, color.alpha].map { UInt8(scaled($0, alpha)) }
                var wrong = 0
                for i in 0..<(width * height) {
                    let weight = Int(mask.coverage[i])
                    let source = paint.map { scaled($0, weight) }
                    for channel in 0..<4 {
                        let old = background.bytes[i * 4 + channel]
                        let expected: Int
                        if weight == 0 {
                            expected = Int(old)
                        } else if paint[3] == 255 {
                            let sum = Int(paint[channel]) * weight + Int(old) * (255 - weight)
                            expected = Int((Double(sum) / 255).rounded())
                        } else {
                            expected = source[channel] + scaled(old, 255 - source[3])
                        }
                        if Int(pixmap.bytes[i * 4 + channel]) != expected { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "\(shape), \(color), opacity \(opacity)")
            }
        }
    }
}

@Test func clearingWhatWasDrawnRestoresTheBackgroundForRunsOfEveryLength() {
    let background = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255)
    var pixmap = Pixmap(width: 100, height: 80)
    pixmap.clear(to: background)
    var rasterizer = Rasterizer()
    for width in 1...75 {
        rasterizer.fill(
            Path(CGRect(x: Double(width % 7) + 0.25, y: Double(width), width: Double(width), height: 0.5)),
            paint: .solid(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)), into: &pixmap)
    }
    #expect(pixmap.bytes != Pixmap(width: 100, height: 80).cleared(to: background).bytes)
    #expect(rasterizer.clearDrawn(in: &pixmap, to: background))
    #expect(pixmap.bytes == Pixmap(width: 100, height: 80).cleared(to: background).bytes)
}

@Test func copiesOfARasterizerClearWhatEachDrewAfterTheCopy() {
    let background = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255)
    let white = Paint.solid(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
    let clean = Pixmap(width: 60, height: 60).cleared(to: background)
    var first = clean
    var rasterizer = Rasterizer()
    rasterizer.fill(Path(CGRect(x: 5, y: 5, width: 10, height: 10)), paint: white, into: &first)
    var second = first
    var copy = rasterizer
    // Each adds runs after the shared ones: in memory of its own, or the second would
    // overwrite the first's record of its square.
    rasterizer.fill(Path(CGRect(x: 30, y: 30, width: 20, height: 20)), paint: white, into: &first)
    copy.fill(Path(CGRect(x: 30, y: 5, width: 20, height: 8)), paint: white, into: &second)
    #expect(rasterizer.clearDrawn(in: &first, to: background))
    #expect(copy.clearDrawn(in: &second, to: background))
    #expect(first.differingBytes(from: clean) == 0)
    #expect(second.differingBytes(from: clean) == 0)
}

@Test func tooManyRunsToKeepAreClearedAsTheirBoundingBox() {
    let background = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255)
    let clean = Pixmap(width: 2400, height: 1100).cleared(to: background)
    var pixmap = clean
    var rasterizer = Rasterizer()
    // 120 bars 20 px apart, too far to merge: 132 000 runs, over the 131 072 kept one by one.
    var bars = Path()
    for bar in 0..<120 { bars.addRect(CGRect(x: Double(bar * 20) + 0.25, y: 0, width: 1, height: 1100)) }
    rasterizer.fill(
        bars, paint: .solid(PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)), into: &pixmap)
    #expect(pixmap.differingBytes(from: clean) > 0)
    #expect(rasterizer.clearDrawn(in: &pixmap, to: background))
    #expect(pixmap.differingBytes(from: clean) == 0)
}

extension Pixmap {
    fileprivate func cleared(to color: PremultipliedColor) -> Pixmap {
        var copy = self
        copy.clear(to: color)
        return copy
    }

    /// How many bytes differ from `other`'s: a count to report, where comparing the arrays
    /// would print megabytes of both when they differ.
    fileprivate func differingBytes(from other: Pixmap) -> Int {
        zip(bytes, other.bytes).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }
}

@Test func layersCompositeEveryPixelBySourceOverAtTheirOpacity() {
    // A layer's runs are composited four pixels at a time in vector lanes, the last few of each
    // run one by one. Every pixel must still be `source × factor + old × (1 − that alpha)`,
    // each product rounded to nearest — opaque and transparent layer pixels included — with
    // the factor the opacity, or through a clip mask the mask's value times the opacity.
    let (width, height) = (67, 9)
    var state: UInt64 = 0xC0FFEE
    func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % bound
    }
    func premultipliedPixels(_ count: Int) -> [UInt8] {
        (0..<count).flatMap { _ -> [UInt8] in
            let alpha = [0, 255, next(below: 256)][next(below: 3)]
            let channels = (0..<3).map { _ in UInt8(next(below: 256) * alpha / 255) }
            return channels + [UInt8(alpha)]
        }
    }
    var background = Pixmap(width: width, height: height)
    background.bytes = premultipliedPixels(width * height)
    var layer = Pixmap(width: width - 2, height: height - 1)
    layer.bytes = premultipliedPixels(layer.width * layer.height)
    // A stretch of opaque pixels in the last row, which is composited whole: whole fours of
    // them are stored without blending.
    for x in 5..<30 { layer.bytes[((layer.height - 1) * layer.width + x) * 4 + 3] = 255 }
    let origin = (x: 2, y: 1)
    // Runs of every length from 1 to 7 at different offsets, and one as wide as the layer.
    let runs =
        (1..<8).map { row in PixelRun(row: row, start: 2 + row * 3, end: 2 + row * 4) }
        + [PixelRun(row: 8, start: 2, end: width)]
    // Through a clip mask, each pixel's factor is its mask value times the opacity, rounded.
    let mask = ClipMask(
        width: width, height: height,
        coverage: (0..<(width * height)).map { _ in UInt8([0, 255, next(below: 256)][next(below: 3)]) },
        bounds: PixelBounds(columns: 0..<width, rows: 0..<height))
    func scaled(_ value: Int, _ factor: Int) -> Int { Int((Double(value * factor) / 255).rounded()) }
    for (clip, opacity) in [(nil, 1.0), (nil, 0.37), (mask, 1.0), (mask, 0.37)] {
        var pixmap = background
        pixmap.composite(layer, at: origin, opacity: opacity, clip: clip, runs: runs)
        let opacityFactor = Int((opacity * 255).rounded())
        var expected = background.bytes
        for run in runs {
            for x in run.start..<run.end {
                let at = (run.row * width + x) * 4
                let from = ((run.row - origin.y) * layer.width + x - origin.x) * 4
                let factor =
                    clip.map {
                        Int(
                            min(Float($0.coverage[run.row * width + x]) * (1 / 255), 1) * Float(opacityFactor)
                                + 0.5)
                    } ?? opacityFactor
                let source = (0..<4).map { scaled(Int(layer.bytes[from + $0]), factor) }
                for channel in 0..<4 {
                    expected[at + channel] = UInt8(
                        source[channel] + scaled(Int(background.bytes[at + channel]), 255 - source[3]))
                }
            }
        }
        let differing = expected.indices.filter { pixmap.bytes[$0] != expected[$0] }.count
        #expect(differing == 0, "opacity \(opacity), clip \(clip != nil)")
    }
}

@Test func paintedRunsAreTheRowsStretchesOfPixelsWithAlpha() {
    // Runs of painted and transparent pixels of every length from 1 to 20, so that runs start
    // and end at every offset within the scan's groups of eight, and long stretches of both.
    var pixmap = Pixmap(width: 203, height: 5)
    var painted = [Bool](repeating: false, count: pixmap.width * pixmap.height)
    var (index, length, paint) = (0, 1, false)
    while index < painted.count {
        for i in index..<min(index + length, painted.count) { painted[i] = paint }
        index += length
        (length, paint) = (length % 20 + 1, !paint)
    }
    for (i, isPainted) in painted.enumerated() where isPainted {
        // Colour without alpha in some pixels: only alpha counts as painted.
        pixmap.bytes[i * 4 + 3] = UInt8(1 + i % 255)
    }
    for i in stride(from: 0, to: painted.count, by: 7) where !painted[i] { pixmap.bytes[i * 4] = 9 }
    for bounds in [
        PixelBounds(columns: 0..<203, rows: 0..<5), PixelBounds(columns: 3..<190, rows: 1..<4),
        PixelBounds(columns: -10..<500, rows: -2..<9),
    ] {
        var expected: [PixelRun] = []
        for row in bounds.rows.clamped(to: 0..<5) {
            let columns = bounds.columns.clamped(to: 0..<203)
            var start: Int?
            for x in columns {
                let isPainted = painted[row * 203 + x]
                if isPainted, start == nil { start = x }
                if !isPainted, let first = start {
                    expected.append(PixelRun(row: row, start: first, end: x))
                    start = nil
                }
            }
            if let first = start {
                expected.append(PixelRun(row: row, start: first, end: columns.upperBound))
            }
        }
        #expect(pixmap.paintedRuns(within: bounds) == expected, "\(bounds)")
        #expect(expected.count > 20)
    }
}
