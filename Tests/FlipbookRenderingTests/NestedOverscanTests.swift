import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookSnapshots
import Foundation
import Testing

/// Layers nested in layers that see past the frame share one margin past it, at most 512
/// pixels in all: each level grew its canvas by another 512 pixels before, and fifteen nested
/// 3D turns at 1080p drew the innermost on 17 280 × 16 440 pixels, 8.4 GB in all.
@Suite struct NestedOverscanTests {
    /// A layer whose content reaches far past a 200 × 100 frame on every side, under `filters`.
    private static func layer(_ filters: [GraphicsContext.Filter]) -> DisplayList.Layer? {
        let list = Canvas { context, _ in
            context.filtersSeeBeyondCanvas = true
            for filter in filters { context.addFilter(filter) }
            context.fill(Path(CGRect(x: -2000, y: -2000, width: 4200, height: 4100)), with: .color(.red))
        }.displayList(size: CGSize(width: 200, height: 100))
        guard case .layer(let layer) = list.items.first else { return nil }
        return layer
    }

    private static let turn = ProjectionTransform()

    @Test func aTurnInsideATurnGrowsNoFurther() throws {
        let turned = try #require(Self.layer([.projectionTransform(Self.turn)]))
        let outer = DisplayList.overscan(of: turned, width: 200, height: 100)
        #expect(outer == DisplayList.Overscan(left: 512, top: 512, right: 512, bottom: 512))
        // The inner turn is drawn on the outer one's canvas, the frame 512 pixels in.
        let frame = PixelBounds(columns: 512..<712, rows: 512..<612)
        let inner = DisplayList.overscan(of: turned, width: 1224, height: 1124, frame: frame)
        #expect(inner == DisplayList.Overscan())
    }

    @Test func aBlurInsideABlurGrowsByItsReachUpToTheLimit() throws {
        let blurred = try #require(Self.layer([.blur(radius: 30)]))
        let margin = DisplayList.margin(for: [.blur(radius: 30)])
        #expect(margin > 0 && margin < 512)
        let outer = DisplayList.overscan(of: blurred, width: 200, height: 100)
        #expect(outer.left == margin)
        // One blur in another sees as far as both reach; a turn in a blur, 512 in all.
        let frame = PixelBounds(columns: margin..<(margin + 200), rows: margin..<(margin + 100))
        let (width, height) = (200 + 2 * margin, 100 + 2 * margin)
        let inner = DisplayList.overscan(of: blurred, width: width, height: height, frame: frame)
        #expect(inner.left == min(margin, 512 - margin) && inner.bottom == inner.left)
        let turnedLayer = try #require(Self.layer([.projectionTransform(Self.turn)]))
        let turned = DisplayList.overscan(of: turnedLayer, width: width, height: height, frame: frame)
        #expect(turned.right == 512 - margin)
    }

    /// The nested turns still draw the same picture inside the frame where their content lies
    /// within the shared margin: a card turned in a turned group.
    @Test func nestedTurnsDrawWithinTheFrame() {
        let canvas = Canvas { context, size in
            context.filtersSeeBeyondCanvas = true
            var outer = context
            var eye = CATransform3DIdentity
            eye.m34 = -1 / 400
            let turn = ProjectionTransform(
                CATransform3DConcat(
                    CATransform3DConcat(
                        CATransform3DMakeTranslation(-100, -50, 0), CATransform3DRotate(eye, 0.4, 0, 1, 0)),
                    CATransform3DMakeTranslation(100, 50, 0)))
            outer.addFilter(.projectionTransform(turn))
            outer.drawLayer { group in
                group.addFilter(.projectionTransform(turn))
                group.fill(Path(CGRect(x: 40, y: 20, width: 120, height: 60)), with: .color(.white))
            }
        }
        let pixmap = canvas.rendered(width: 200, height: 100)
        #expect(pixmap[100, 50].alpha == 255)
        #expect(pixmap[2, 2].alpha == 0)
    }
}
