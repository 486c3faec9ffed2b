import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation
import Testing

/// A filter's lengths are points of the canvas: rendered at twice the scale, a blur spreads
/// twice as many pixels and a shadow falls twice as far, so the picture is the same picture.
@Suite struct FilterScaleTests {
    /// A 100 × 100 point canvas: the left half filled, under `filter`.
    private static func picture(_ filter: GraphicsContext.Filter, scale: Double) -> Pixmap {
        let canvas = Canvas { context, _ in
            context.addFilter(filter)
            context.fill(Path(CGRect(x: -50, y: -50, width: 100, height: 200)), with: .color(.black))
        }
        let size = CGSize(width: 100, height: 100)
        return ScaledScene(scene: canvas.scene, size: size, scale: scale).renderedFrame(
            at: FrameTime(index: 0, seconds: 0), width: Int(100 * scale), height: Int(100 * scale),
            background: .clear)
    }

    /// The alpha of the middle row, one value per point: the mean of the pixels in that point.
    private static func profile(_ pixmap: Pixmap, scale: Int) -> [Double] {
        let row = pixmap.height / 2
        return (0..<(pixmap.width / scale)).map { point in
            let pixels = (0..<scale).map { Double(pixmap[point * scale + $0, row].alpha) }
            return pixels.reduce(0, +) / Double(scale)
        }
    }

    @Test func aBlurSpreadsAsManyPointsAtEveryScale() {
        let single = Self.profile(Self.picture(.blur(radius: 8), scale: 1), scale: 1)
        let double = Self.profile(Self.picture(.blur(radius: 8), scale: 2), scale: 2)
        // A Gaussian edge: the pixel centred 8.5 points out keeps Φ(−8.5 / 8) of the alpha.
        #expect(abs(single[58] - 255 * erfc(8.5 / 8 / 2.0.squareRoot()) / 2) < 4, "\(single[58])")
        for point in 30..<80 {
            #expect(
                abs(single[point] - double[point]) < 6,
                "point \(point): \(single[point]) and \(double[point])")
        }
    }

    @Test func aShadowFallsAsManyPointsAwayAtEveryScale() {
        let shadow = GraphicsContext.Filter.shadow(
            color: .black, radius: 0, x: 12, y: 0, options: .shadowOnly)
        for scale in [1, 2, 3] {
            let profile = Self.profile(Self.picture(shadow, scale: Double(scale)), scale: scale)
            // The fill ends at 50 points; its shadow 12 points further.
            #expect(profile[61] > 250 && profile[62] < 5, "scale \(scale): \(profile[60...63])")
        }
    }

    @Test func theRenderScaleMultipliesTheContextsDisplayScale() {
        let probe = Canvas { context, _ in
            #expect(context.environment.displayScale == 3)
        }
        _ = ScaledScene(scene: probe.scene, size: CGSize(width: 4, height: 4), scale: 3).renderedFrame(
            at: FrameTime(index: 0, seconds: 0), width: 12, height: 12, background: .clear)
    }
}
