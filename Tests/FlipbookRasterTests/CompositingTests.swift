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
