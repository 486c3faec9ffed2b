import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookScenes
import FlipbookText
import Foundation
import Synchronization
import Testing

private func rendered(_ list: DisplayList, width: Int, height: Int, using rasterizer: inout Rasterizer)
    -> Pixmap
{
    var pixmap = Pixmap(width: width, height: height)
    list.render(into: &pixmap, using: &rasterizer)
    return pixmap
}

/// The glyphs of a 96 pt bold line, each moved to a whole-pixel pen position 110 px apart, so
/// that a translation by (k/8, m/8) puts every glyph exactly on subpixel bin (k, m).
private let spacedGlyphs: GlyphRun = {
    let style = TextLayout.Style(font: FontDescriptor(family: "DejaVu Sans", weight: 700), size: 96)
    let layout = TextLayout("Qgj@8", style: style)
    return GlyphRun(
        layout.glyphRun.glyphs.enumerated().map { index, glyph in
            GlyphRun.Glyph(glyph, at: CGPoint(x: 110 * index, y: 0))
        })
}()

/// One fill of `spacedGlyphs` translated by (`x`, `y`), with its glyphs or as a path.
private func spacedFill(x: Double, y: Double, glyphs: Bool) -> DisplayList {
    let list = Canvas { context, _ in
        context.translateBy(x: 20 + x, y: 100 + y)
        context.fill(spacedGlyphs, with: .color(.white))
    }.displayList(size: CGSize(width: Double(LaunchScene.width), height: Double(LaunchScene.height)))
    return glyphs ? list : list.withoutGlyphs
}

/// At every one of the 8 × 8 subpixel bins the glyph cache draws a glyph exactly where the
/// path is: cached and uncached pixels agree to rounding (1 code value: each glyph's cells are
/// summed from its own left edge rather than from the text's). Half a bin off along both axes — the farthest a position is moved —
/// every pixel is within 1/8 of a pixel's area of the path's (a shift of 1/16 px along each
/// axis moves an edge through at most that much of a pixel it crosses once; 33 code values),
/// and a 1920×1080 frame of the five 96 pt glyphs, the headline's size on the frame the peer
/// band is measured on, is within the band.
@Test func textAtEverySubpixelBinMatchesTheUncachedPath() {
    // The glyph cache's bins per axis (`GlyphCoverageCache.bins`, internal to the rasterizer).
    let bins = 8
    var cached = Rasterizer()
    for binY in 0..<bins {
        for binX in 0..<bins {
            for halfway in [false, true] {
                let shift = halfway ? 0.5 : 0
                let (x, y) = ((Double(binX) + shift) / Double(bins), (Double(binY) + shift) / Double(bins))
                var reference = Rasterizer()
                let (width, height) = (LaunchScene.width, LaunchScene.height)
                let expected = rendered(
                    spacedFill(x: x, y: y, glyphs: false), width: width, height: height, using: &reference)
                let actual = rendered(
                    spacedFill(x: x, y: y, glyphs: true), width: width, height: height, using: &cached)
                let difference = PixelDifference(actual.bytes, expected.bytes)
                if halfway {
                    #expect(difference.largest <= 33, "bin (\(binX), \(binY)) and a half: \(difference)")
                } else {
                    #expect(difference.largest <= 1, "bin (\(binX), \(binY)): \(difference)")
                }
                #expect(difference.isWithinPeerBand, "(\(x), \(y)): \(difference)")
                // Not vacuous: the glyphs were drawn.
                #expect(actual.bytes.count { $0 == 255 } > 20_000)
            }
        }
    }
    // Every bin was met once and kept: 64 bins, each glyph at each.
    #expect(cached.glyphsAccumulated == bins * bins * spacedGlyphs.glyphs.count)
}

/// The benchmark's moving headline, 60 frames sliding up 20 pt a second (a new subpixel
/// position every frame), drawn through the glyph cache with one rasterizer from frame to
/// frame, is within the peer band of the uncached render of every frame — alone, under its
/// drop shadow (the shadow's layer fills the text through the same cache) and rimmed by an
/// outline (each glyph stroked alone and kept, the outline's glyphs beside the fill's).
@Test(arguments: [LaunchAnimation.headline, .shadowedHeadline, .outlinedHeadline])
func movingHeadlineMatchesTheUncachedRenderFrameByFrame(element: LaunchAnimation) {
    var (cached, uncached) = (Rasterizer(), Rasterizer())
    for frame in 0..<60 {
        let list = element.displayList(frame: frame)
        let actual = rendered(list, width: LaunchScene.width, height: LaunchScene.height, using: &cached)
        let expected = rendered(
            list.withoutGlyphs, width: LaunchScene.width, height: LaunchScene.height, using: &uncached)
        let difference = PixelDifference(actual.bytes, expected.bytes)
        #expect(difference.isWithinPeerBand, "frame \(frame): \(difference)")
        #expect(difference.largest <= 33, "frame \(frame): \(difference)")
    }
    // The headline's 19 glyphs, of 13 outlines, met at a few bins each — not 19 a frame (and
    // as many again for the outline's strokes).
    let drawings = element == .outlinedHeadline ? 2 : 1
    #expect(cached.glyphsAccumulated < drawings * 19 * 60 / 2)
    #expect(cached.glyphsAccumulated > 0)
}

/// A counter going from 1000 to 1007 keeps its first three digits where they were: only the
/// 7 is flattened and accumulated, and drawing 1000 again accumulates nothing.
@Test func counterAccumulatesOnlyTheDigitThatChanged() {
    var rasterizer = Rasterizer()
    _ = rendered(LaunchAnimation.counter.displayList(frame: 0), width: 1920, height: 1080, using: &rasterizer)
    let first = rasterizer.glyphsAccumulated
    #expect(first >= 2 && first <= 4)
    _ = rendered(LaunchAnimation.counter.displayList(frame: 1), width: 1920, height: 1080, using: &rasterizer)
    #expect(rasterizer.glyphsAccumulated == first + 1)
    _ = rendered(LaunchAnimation.counter.displayList(frame: 0), width: 1920, height: 1080, using: &rasterizer)
    #expect(rasterizer.glyphsAccumulated == first + 1)
}

/// `text` in DejaVu Sans Bold at `size` pt, laid out.
private func boldRun(_ text: String, size: Double) -> GlyphRun {
    let style = TextLayout.Style(font: FontDescriptor(family: "DejaVu Sans", weight: 700), size: size)
    return TextLayout(text, style: style).glyphRun
}

/// `run` filled in white at `origin`, scaled by `scale`, on the launch frame's canvas: with its
/// glyphs, or as its path.
private func textFill(_ run: GlyphRun, at origin: CGPoint, scale: Double = 1, glyphs: Bool) -> DisplayList {
    let list = Canvas { context, _ in
        context.translateBy(x: origin.x, y: origin.y)
        context.scaleBy(x: scale, y: scale)
        context.fill(run, with: .color(.white))
    }.displayList(size: CGSize(width: Double(LaunchScene.width), height: Double(LaunchScene.height)))
    return glyphs ? list : list.withoutGlyphs
}

/// Text far larger than a headline — a 600 pt title, glyphs of about 450 × 600 px — goes
/// through the glyph cache too (it keeps a glyph's non-zero cells, about its outline's length,
/// not its box): sliding to a new subpixel bin accumulates its glyphs once, coming back to a
/// bin accumulates nothing, and every position is within the peer band of the path filled
/// where it is.
@Test func bigTextSlidesThroughTheGlyphCache() {
    let run = boldRun("Bg", size: 600)
    let (width, height) = (LaunchScene.width, LaunchScene.height)
    func fill(x: Double, glyphs: Bool) -> DisplayList {
        textFill(run, at: CGPoint(x: 100 + x, y: 60), glyphs: glyphs)
    }
    var cached = Rasterizer()
    for (x, accumulated) in [(0.0, 2), (0.125, 4), (0.3, 6), (0.0, 6), (0.3, 6)] {
        var reference = Rasterizer()
        let expected = rendered(fill(x: x, glyphs: false), width: width, height: height, using: &reference)
        let actual = rendered(fill(x: x, glyphs: true), width: width, height: height, using: &cached)
        #expect(cached.glyphsAccumulated == accumulated, "at \(x)")
        let difference = PixelDifference(actual.bytes, expected.bytes)
        #expect(difference.isWithinPeerBand, "at \(x): \(difference)")
        // Not vacuous: the glyphs were drawn, large.
        #expect(actual.bytes.count { $0 == 255 } > 400_000)
    }
}

/// Glyphs whose outlines overlap — five bold O's each over half of the one before, the worst a
/// kerned pair or a joined script does — are merged where their masks' pieces meet (coverage
/// summed, at most 1): within the peer band of the path filled under the non-zero rule, which
/// covers their union, and exactly the path's pixels away from where two outlines cross.
@Test func overlappingGlyphsMergeWithinThePeerBand() {
    let o = boldRun("O", size: 96).glyphs[0]
    let run = GlyphRun((0..<5).map { GlyphRun.Glyph(o, at: CGPoint(x: 40 * Double($0), y: 0)) })
    let (width, height) = (LaunchScene.width, LaunchScene.height)
    for x in [0.0, 0.3] {
        var (cached, reference) = (Rasterizer(), Rasterizer())
        let expected = rendered(
            textFill(run, at: CGPoint(x: 300 + x, y: 200.4), glyphs: false), width: width, height: height,
            using: &reference)
        let actual = rendered(
            textFill(run, at: CGPoint(x: 300 + x, y: 200.4), glyphs: true), width: width, height: height,
            using: &cached)
        let difference = PixelDifference(actual.bytes, expected.bytes)
        #expect(difference.isWithinPeerBand, "at \(x): \(difference)")
        // Not vacuous: the glyphs overlap, and were drawn.
        #expect(cached.glyphsAccumulated == 1)
        #expect(actual.bytes.count { $0 == 255 } > 10_000)
    }
}

/// The benchmark's scaling headline — 60 frames, each at a new size (half its size growing to
/// its size), so that no glyph is ever met again at its transform — and its outlined headline
/// (sliding, its rim's glyphs stroked and kept beside the letters') through the glyph cache:
/// every frame within the peer band of the uncached render, and its bytes a pure function of
/// the frame, whatever the cache holds: the same drawn by a rasterizer that has drawn every
/// frame before it (warm), by a fresh one (cold), and by four threads each drawing every fourth
/// frame with a rasterizer of its own (so each cache holds another history).
@Test(arguments: [LaunchAnimation.scalingHeadline, .outlinedHeadline])
func animatedTextMatchesTheUncachedRenderAndIsTheSameWhateverTheCacheHolds(element: LaunchAnimation) {
    let (width, height, frames) = (LaunchScene.width, LaunchScene.height, 60)
    var (warm, uncached) = (Rasterizer(), Rasterizer())
    var warmFrames: [[UInt8]] = []
    for frame in 0..<frames {
        let list = element.displayList(frame: frame)
        let actual = rendered(list, width: width, height: height, using: &warm)
        let expected = rendered(list.withoutGlyphs, width: width, height: height, using: &uncached)
        let difference = PixelDifference(actual.bytes, expected.bytes)
        #expect(difference.isWithinPeerBand, "frame \(frame): \(difference)")
        #expect(difference.largest <= 33, "frame \(frame): \(difference)")
        // Not vacuous: the headline was drawn.
        #expect(actual.bytes.count { $0 == 255 } > 5_000, "frame \(frame)")
        var cold = Rasterizer()
        #expect(
            rendered(list, width: width, height: height, using: &cold).bytes == actual.bytes, "frame \(frame)"
        )
        warmFrames.append(actual.bytes)
    }
    let threads = 4
    let threaded = Mutex([[UInt8]](repeating: [], count: frames))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var rasterizer = Rasterizer()
        for frame in stride(from: thread, to: frames, by: threads) {
            let bytes = rendered(
                element.displayList(frame: frame), width: width, height: height, using: &rasterizer
            )
            .bytes
            threaded.withLock { $0[frame] = bytes }
        }
    }
    threaded.withLock { threaded in
        for frame in 0..<frames {
            #expect(threaded[frame] == warmFrames[frame], "frame \(frame) on four threads")
        }
    }
}
