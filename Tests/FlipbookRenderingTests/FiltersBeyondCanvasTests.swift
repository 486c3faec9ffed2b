import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import Foundation
import Testing

/// `GraphicsContext.filtersSeeBeyondCanvas`: blurs and shadows of layers see what is drawn
/// beyond the canvas, so that the canvas shows the middle of a larger picture.
@Suite struct FiltersBeyondCanvasTests {
    /// Layers of every filter that moves colour — a blur, a dithered blur in linear light, a
    /// shadow, a shadow alone, an inner shadow, a 3D turn under a blur, a layer inside a blurred
    /// layer — and a dithered gradient, each `shift` points right and down of where it is
    /// drawn on a 160 × 120 canvas; some reach up to 40 points past that canvas's edges.
    private static func drawing(_ context: inout GraphicsContext, shift: Double) {
        context.translateBy(x: shift, y: shift)
        var blurred = context
        blurred.addFilter(.blur(radius: 6))
        blurred.fill(Path(ellipseIn: CGRect(x: -30, y: 10, width: 70, height: 40)), with: .color(.orange))
        var linear = context
        linear.addFilter(.blur(radius: 9, options: .dithersResult), options: .linearColor)
        linear.fill(Path(CGRect(x: 120, y: -25, width: 60, height: 45)), with: .color(.green))
        var shadowed = context
        shadowed.addFilter(.shadow(color: .black, radius: 4, x: 3, y: 12))
        shadowed.fill(Path(CGRect(x: 50, y: -30, width: 40, height: 25)), with: .color(.blue))
        var shadowOnly = context
        shadowOnly.addFilter(.shadow(color: .red, radius: 3, x: -14, y: 0, options: .shadowOnly))
        shadowOnly.fill(Path(CGRect(x: 165, y: 60, width: 20, height: 30)), with: .color(.white))
        var inner = context
        inner.addFilter(
            .shadow(
                color: .black, radius: 3, x: 2, y: 4, blendMode: .sourceAtop,
                options: [.invertsAlpha, .shadowAbove]))
        inner.fill(Path(ellipseIn: CGRect(x: 60, y: 90, width: 50, height: 50)), with: .color(.yellow))
        var turned = context
        var eye = CATransform3DIdentity
        eye.m34 = -1 / 200
        let about = CGPoint(x: 40, y: 80).applying(context.transform)
        let turn = CATransform3DConcat(
            CATransform3DConcat(
                CATransform3DMakeTranslation(-about.x, -about.y, 0), CATransform3DRotate(eye, 0.6, 0, 1, 0)),
            CATransform3DMakeTranslation(about.x, about.y, 0))
        turned.addFilter(.projectionTransform(ProjectionTransform(turn)))
        turned.addFilter(.blur(radius: 2))
        turned.fill(Path(CGRect(x: 20, y: 70, width: 40, height: 40)), with: .color(.pink))
        var outer = context
        outer.addFilter(.blur(radius: 3))
        outer.drawLayer { layer in
            layer.addFilter(.shadow(color: .purple, radius: 2, x: 0, y: 6))
            layer.fill(Path(CGRect(x: 100, y: 105, width: 30, height: 30)), with: .color(.cyan))
        }
        context.fill(
            Path(CGRect(x: 0, y: 0, width: 40, height: 8)),
            with: .linearGradient(
                Gradient(colors: [.black, .white]), startPoint: .zero, endPoint: CGPoint(x: 40, y: 0)))
    }

    /// The drawing on a `width` × `height` canvas, its filters seeing beyond it or not.
    private static func frame(width: Int, height: Int, shift: Double, beyond: Bool) -> Pixmap {
        let canvas = Canvas { context, _ in
            context.filtersSeeBeyondCanvas = beyond
            drawing(&context, shift: shift)
        }
        var pixmap = Pixmap(width: width, height: height)
        var rasterizer = Rasterizer()
        canvas.displayList(size: CGSize(width: width, height: height)).render(
            into: &pixmap, using: &rasterizer)
        return pixmap
    }

    @Test func theCanvasShowsTheMiddleOfTheLargerPicture() {
        // The same drawing on a canvas 64 pixels larger on every side, moved by 64, whose
        // filters see nothing beyond it: nothing reaches that far, so its middle is the whole
        // picture — what the small canvas must show when its filters see beyond it.
        let seeing = Self.frame(width: 160, height: 120, shift: 0, beyond: true)
        let larger = Self.frame(width: 288, height: 248, shift: 64, beyond: false)
        let middle = larger.cropped(to: PixelBounds(columns: 64..<224, rows: 64..<184))
        let same = seeing == middle  // a failing comparison of pixmaps would print every byte
        #expect(same)
        // Without it, what lies beyond the edges is missing from the blurs and shadows.
        let cut = Self.frame(width: 160, height: 120, shift: 0, beyond: false)
        let differs = cut != middle
        #expect(differs)
        // The orange ellipse spans −30…40 across row 30: full at the left edge only if seen.
        #expect(seeing[0, 30].alpha == 255 && cut[0, 30].alpha < 200)
        // The blue box ends 5 points above the canvas; its shadow falls 12 points down.
        #expect(seeing[70, 3].alpha > 100 && cut[70, 3].alpha == 0)
    }

    @Test func aTurnShowsWhatLayBeyondTheEdge() {
        // A card from x = −40 to 40, turned 60° about the line x = 60 in perspective: its left
        // part, past the canvas's edge, swings in. As on a canvas 128 pixels larger, where the
        // whole card is drawn, moved by 64 each way, and the turn with it (the perspective's
        // centre too).
        func card(width: Int, height: Int, shift: Double, beyond: Bool) -> Pixmap {
            let canvas = Canvas { context, _ in
                context.filtersSeeBeyondCanvas = beyond
                var eye = CATransform3DIdentity
                eye.m34 = -1 / 300
                let turn = CATransform3DConcat(
                    CATransform3DConcat(
                        CATransform3DMakeTranslation(-60 - shift, -shift, 0),
                        CATransform3DRotate(eye, 1.05, 0, 1, 0)),
                    CATransform3DMakeTranslation(60 + shift, shift, 0))
                context.addFilter(.projectionTransform(ProjectionTransform(turn)))
                context.fill(
                    Path(CGRect(x: -40 + shift, y: 20 + shift, width: 80, height: 60)), with: .color(.white))
            }
            var pixmap = Pixmap(width: width, height: height)
            var rasterizer = Rasterizer()
            canvas.displayList(size: CGSize(width: width, height: height)).render(
                into: &pixmap, using: &rasterizer)
            return pixmap
        }
        let middle = card(width: 288, height: 248, shift: 64, beyond: false)
            .cropped(to: PixelBounds(columns: 64..<224, rows: 64..<184))
        let seeing = card(width: 160, height: 120, shift: 0, beyond: true)
        let cut = card(width: 160, height: 120, shift: 0, beyond: false)
        // Compared as values: a failing comparison of pixmaps would print every byte.
        let (same, differs) = (seeing == middle, cut != middle)
        #expect(same)
        #expect(differs)
    }

    @Test func layersInsideTheCanvasDrawTheSamePixelsEitherWay() {
        // Moved 64 points in on a canvas 128 larger, nothing reaches past the edges: the
        // grown canvas's shift (whole 64-pixel dither tiles) leaves every pixel as it was.
        let inside = Self.frame(width: 288, height: 248, shift: 64, beyond: false)
        let same = inside == Self.frame(width: 288, height: 248, shift: 64, beyond: true)
        #expect(same)
    }

    @Test func theMarginIsTheFiltersReachInWholeDitherTilesAndBounded() {
        #expect(DisplayList.margin(for: []) == 0)
        #expect(DisplayList.margin(for: [.colorMatrix(.identity)]) == 0)
        let blur = Filter.blur(radius: 6)
        #expect(blur.reach >= 15 && blur.reach <= 24)  // three boxes, about 2.8 σ
        #expect(DisplayList.margin(for: [blur]) == 64)
        let shadow = Filter.shadow(color: .transparent, radius: 6, x: 0, y: -70, placement: .below)
        #expect(shadow.reach == blur.reach + 70)
        #expect(DisplayList.margin(for: [shadow, blur]) == 128)
        #expect(DisplayList.margin(for: [.blur(radius: 400)]) == DisplayList.marginLimit)
        let endless = Filter.shadow(color: .transparent, radius: 0, x: .infinity, y: 0, placement: .below)
        #expect(DisplayList.margin(for: [endless]) == 0)
    }

    @Test func onlyTheEdgesTheDrawingCrossesAreGrown() {
        /// The overscan of a layer blurred by σ 6 (a margin of 64) filling `rect` on a
        /// 160 × 120 canvas.
        func overscan(_ rect: CGRect, filters: [GraphicsContext.Filter] = [.blur(radius: 6)]) -> DisplayList
            .Overscan?
        {
            let list = Canvas { context, _ in
                context.filtersSeeBeyondCanvas = true
                for filter in filters { context.addFilter(filter) }
                context.fill(Path(rect), with: .color(.white))
            }.displayList(size: CGSize(width: 160, height: 120))
            guard case .layer(let layer) = list.items.first, layer.seesBeyondCanvas else { return nil }
            return DisplayList.overscan(of: layer, width: 160, height: 120)
        }
        #expect(overscan(CGRect(x: 10, y: 10, width: 50, height: 50)) == .init())
        #expect(overscan(CGRect(x: -30, y: 10, width: 50, height: 50)) == .init(left: 64))
        #expect(
            overscan(CGRect(x: -300, y: 100, width: 500, height: 50))
                == .init(left: 64, right: 64, bottom: 64))
        let wide: [GraphicsContext.Filter] = [
            .blur(radius: 6), .shadow(color: .black, radius: 6, x: 0, y: 100),
        ]
        #expect(overscan(CGRect(x: 10, y: -100, width: 50, height: 50), filters: wide) == .init(top: 128))
        #expect(overscan(CGRect(x: 10, y: -200, width: 50, height: 50), filters: wide) == .init(top: 192))
    }
}
