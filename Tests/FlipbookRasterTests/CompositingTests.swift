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
