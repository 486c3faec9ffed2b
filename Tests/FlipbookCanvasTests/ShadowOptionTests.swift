import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// `ShadowOptions.disablesGroup`: the drawing and its shadow are composited separately, each at
/// the context's opacity, so at half opacity the shadow shows through the drawing.
@Test func aShadowOutOfTheGroupShowsThroughATranslucentDrawing() {
    func picture(_ options: GraphicsContext.ShadowOptions) -> Pixmap {
        Canvas { context, _ in
            context.opacity = 0.5
            context.addFilter(.shadow(color: .black, radius: 0, x: 5, y: 0, options: options))
            context.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.white))
        }.rendered(width: 40, height: 40)
    }
    let grouped = picture([])
    let separate = picture(.disablesGroup)
    // Grouped, the opaque drawing hides its shadow, then the group is half transparent.
    #expect(grouped[20, 20] == PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 128))
    // Separately: half a black shadow, then half white over it: 128 + 128 · (1 − 128/255).
    #expect(separate[20, 20] == PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 192))
    // Where only the shadow falls, both show half of it.
    #expect(grouped[32, 20] == separate[32, 20] && separate[32, 20].alpha == 128)
}
