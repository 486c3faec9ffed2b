import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookSnapshots
import Foundation
import Testing

private func fills(_ list: DisplayList) -> [DisplayList.Fill] {
    list.items.compactMap { item in
        guard case .fill(let fill) = item else { return nil }
        return fill
    }
}

@Test func rotationOnACopyInALoopDoesNotAccumulateOnTheOriginal() {
    let list = Canvas { context, _ in
        for _ in 0..<5 {
            var copy = context
            copy.rotate(by: .degrees(30))
            copy.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red))
        }
        context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.blue))
    }.displayList(size: CGSize(width: 10, height: 10))
    let recorded = fills(list)
    #expect(recorded.count == 6)
    let thirty = CGAffineTransform(rotationAngle: Angle.degrees(30).radians)
    for fill in recorded.prefix(5) { #expect(fill.transform == thirty) }
    #expect(recorded[5].transform == .identity)
}

@Test func rotatingTheOriginalInALoopDoesAccumulate() {
    // The lesson's bug, for contrast: without a copy the rotations add up.
    let list = Canvas { context, _ in
        for _ in 0..<3 {
            context.rotate(by: .degrees(30))
            context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red))
        }
    }.displayList(size: CGSize(width: 10, height: 10))
    let last = fills(list)[2].transform
    let ninety = CGAffineTransform(rotationAngle: .pi / 2)
    #expect(abs(last.a - ninety.a) < 1e-12 && abs(last.b - ninety.b) < 1e-12)
}

@Test func opacityOfACopyStaysLocalAndCopiesShareTheDisplayList() {
    let list = Canvas { context, _ in
        var faded = context
        faded.opacity = 0.25
        faded.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red))
        context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red))
    }.displayList(size: CGSize(width: 10, height: 10))
    #expect(fills(list).map(\.opacity) == [0.25, 1])
}

@Test func transformsComposeInUserSpaceLikeSwiftUI() {
    let list = Canvas { context, _ in
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 2)
        context.fill(Path(CGRect(x: 1, y: 1, width: 1, height: 1)), with: .color(.red))
    }.displayList(size: CGSize(width: 10, height: 10))
    #expect(CGPoint(x: 1, y: 1).applying(fills(list)[0].transform) == CGPoint(x: 12, y: 22))
}

@Test func displayListRendersWithColourOpacityAndTransform() {
    let pixmap = Canvas { context, _ in
        context.translateBy(x: 2, y: 2)
        context.opacity = 0.5
        context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.blue))
    }.rendered(width: 8, height: 8)
    #expect(pixmap[1, 1] == .transparent)
    #expect(pixmap[3, 3] == PremultipliedColor(red: 0, green: 61, blue: 128, alpha: 128))
}

@Test func evenOddFillStyleIsRecordedAndHonoured() {
    let pixmap = Canvas { context, _ in
        var path = Path(CGRect(x: 0, y: 0, width: 8, height: 8))
        path.addRect(CGRect(x: 2, y: 2, width: 4, height: 4))
        context.fill(path, with: .color(.white), style: FillStyle(eoFill: true))
    }.rendered(width: 8, height: 8)
    #expect(pixmap[4, 4].alpha == 0)
    #expect(pixmap[1, 1].alpha == 255)
}

@Test func strokesAreRecordedWithTheirStyleAndRenderAsOutlines() {
    let list = Canvas { context, _ in
        var path = Path()
        path.move(to: CGPoint(x: 2, y: 8))
        path.addLine(to: CGPoint(x: 14, y: 8))
        context.stroke(path, with: .color(.white), lineWidth: 4)
        context.stroke(path, with: .color(.white), style: StrokeStyle(lineWidth: 2, lineCap: .round))
    }.displayList(size: CGSize(width: 16, height: 16))
    guard case .stroke(let first) = list.items[0], case .stroke(let second) = list.items[1] else {
        Issue.record("expected two strokes")
        return
    }
    #expect(first.style == StrokeStyle(lineWidth: 4))
    #expect(second.style.lineCap == .round)
    var pixmap = Pixmap(width: 16, height: 16)
    var rasterizer = Rasterizer()
    list.render(into: &pixmap, using: &rasterizer)
    #expect(pixmap[8, 6].alpha == 255 && pixmap[8, 9].alpha == 255)
    #expect(pixmap[8, 5].alpha == 0 && pixmap[8, 10].alpha == 0)
    #expect(pixmap[0, 8].alpha == 0)
    #expect(pixmap[1, 8].alpha > 150)  // the round cap of the second stroke reaches x = 1
}

@Test func aZeroWidthStrokeIsAHairlineOneDevicePixelWide() {
    let pixmap = Canvas { context, _ in
        context.scaleBy(x: 4, y: 4)
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 2))
        path.addLine(to: CGPoint(x: 4, y: 2))
        context.stroke(path, with: .color(.white), lineWidth: 0)
    }.rendered(width: 16, height: 16)
    // Centred on y = 8 in device pixels: half of row 7 and half of row 8.
    #expect(pixmap[5, 7].alpha == 128 && pixmap[5, 8].alpha == 128)
    #expect(pixmap[5, 6].alpha == 0 && pixmap[5, 9].alpha == 0)
}

@Test func aRecordedItemIsAtMost128Bytes() {
    // Drawing copies each item it reads; up to 128 bytes the compiler copies one with vector
    // moves, past that with a call to memcpy (8 % of drawing confetti, measured). A field added
    // to a fill, or a payload grown past it, must be placed or boxed to keep within this.
    #expect(MemoryLayout<DisplayList.Item>.size <= 128)
}
