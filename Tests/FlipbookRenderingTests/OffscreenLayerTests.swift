import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import Foundation
import Synchronization
import Testing

/// Layers are drawn on canvases the rasterizer lends and takes back, cleared where the layer
/// painted; what a layer keeps is only its painted part.
@Suite struct OffscreenLayerTests {
    /// A frame of layers of every kind that paints outside its fills: a blur, a shadow below,
    /// one alone and an inner one, a projection in perspective, a mask and an inverted mask, a
    /// layer inside a layer, and a colour matrix.
    private static func frame(_ index: Int) -> DisplayList {
        Canvas { context, size in
            let x = Double(index * 7 % 120)
            var blurred = context
            blurred.addFilter(.blur(radius: 6 + Double(index % 3)))
            blurred.fill(Path(ellipseIn: CGRect(x: x, y: 20, width: 40, height: 30)), with: .color(.orange))
            var shadowed = context
            shadowed.addFilter(.shadow(color: .black, radius: 4, x: 3, y: Double(index % 5)))
            shadowed.fill(Path(CGRect(x: 140 - x, y: 70, width: 30, height: 20)), with: .color(.blue))
            var shadowOnly = context
            shadowOnly.addFilter(.shadow(color: .red, radius: 2, x: -4, y: 4, options: .shadowOnly))
            shadowOnly.fill(Path(CGRect(x: 20, y: 100 - x / 4, width: 25, height: 12)), with: .color(.green))
            var inner = context
            inner.addFilter(
                .shadow(
                    color: .black, radius: 3, x: 2, y: Double(index % 4), blendMode: .sourceAtop,
                    options: [.invertsAlpha, .shadowAbove]))
            inner.fill(
                Path(ellipseIn: CGRect(x: 150 - x / 3, y: 90, width: 40, height: 30)), with: .color(.yellow))
            var turned = context
            var eye = CATransform3DIdentity
            eye.m34 = -1 / 200
            turned.addFilter(
                .projectionTransform(
                    ProjectionTransform(CATransform3DRotate(eye, Double(index) * 0.2, 0, 1, 0))))
            turned.fill(Path(CGRect(x: 60 + x / 5, y: 40, width: 30, height: 30)), with: .color(.pink))
            for inverse in [false, true] {
                context.drawLayer { layer in
                    layer.clipToLayer(options: inverse ? .inverse : []) { mask in
                        mask.fill(
                            Path(ellipseIn: CGRect(x: x / 2, y: inverse ? 10 : 60, width: 50, height: 40)),
                            with: .color(.white))
                    }
                    layer.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: 80)), with: .color(.purple))
                }
            }
            context.drawLayer { outer in
                outer.opacity = 0.7
                outer.drawLayer { inner in
                    inner.addFilter(.colorMultiply(.yellow))
                    inner.fill(
                        Path(CGRect(x: 100, y: 10 + x / 6, width: 50, height: 20)), with: .color(.white))
                }
            }
        }.displayList(size: CGSize(width: 200, height: 140))
    }

    @Test func framesDrawnOnLentCanvasesMatchFramesDrawnOnNewOnes() {
        // One rasterizer for every frame, as a render worker: each frame's layers borrow the
        // canvases the last frame's gave back. Any pixel left on them would show.
        var reused = Rasterizer()
        for index in 0..<12 {
            var kept = Pixmap(width: 200, height: 140)
            Self.frame(index).render(into: &kept, using: &reused)
            var fresh = Rasterizer()
            var expected = Pixmap(width: 200, height: 140)
            Self.frame(index).render(into: &expected, using: &fresh)
            #expect(kept == expected, "frame \(index)")
            #expect(expected.bytes.contains { $0 != 0 }, "frame \(index) draws something")
        }
    }

    @Test func aLentCanvasComesBackTransparent() {
        var rasterizer = Rasterizer()
        var canvas = rasterizer.borrowCanvas(width: 64, height: 48)
        let square = PixelBounds(columns: 10..<30, rows: 5..<25)
        canvas.clear(to: PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255), within: square)
        rasterizer.returnCanvas(canvas, painted: square)
        let again = rasterizer.borrowCanvas(width: 64, height: 48)
        #expect(again.bytes.allSatisfy { $0 == 0 })
        #expect(again.width == 64 && again.height == 48)
    }

    @Test func aLayerKeepsOnlyItsPaintedPart() {
        let store = RecordingStore()
        let list = Canvas { context, _ in
            context.drawLayer { layer in
                layer.fill(
                    Path(CGRect(x: 300, y: 200, width: 10, height: 8)),
                    with: .color(red: 1, green: 0, blue: 0))
            }
        }.displayList(size: CGSize(width: 1920, height: 1080))
        var pixmap = Pixmap(width: 1920, height: 1080)
        var rasterizer = Rasterizer()
        list.render(into: &pixmap, using: &rasterizer, layers: store)
        let kept = store.kept.withLock { $0 }
        #expect(kept.count == 1)
        guard let pixels = kept.first, let bounds = pixels.bounds else { return }
        #expect(bounds == PixelBounds(columns: 300..<310, rows: 200..<208))
        #expect(pixels.pixmap.width == 10 && pixels.pixmap.height == 8)
        #expect(pixels.origin == (300, 200))
        // Composited where it was drawn, and nowhere else.
        #expect(pixmap[305, 204] == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(pixmap[299, 204].alpha == 0 && pixmap[310, 204].alpha == 0)
    }
}

/// Keeps nothing, and records every layer it is handed.
private final class RecordingStore: LayerStore {
    let kept = Mutex<[LayerPixels]>([])

    func pixels(
        of layer: DisplayList, width: Int, height: Int, frame: PixelBounds, draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool) {
        let pixels = draw()
        kept.withLock { $0.append(pixels) }
        return (pixels, false)
    }
}
