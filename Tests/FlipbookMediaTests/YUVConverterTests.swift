import FlipbookMedia
import FlipbookRaster
import Testing

private func convert(_ color: PremultipliedColor) -> (y: UInt8, cb: UInt8, cr: UInt8) {
    var pixmap = Pixmap(width: 4, height: 2)
    pixmap.clear(to: color)
    var frame = YUVFrame(width: 4, height: 2)
    YUVConverter.convert(pixmap, into: &frame)
    return (frame.luma[0], frame.chromaBlue[0], frame.chromaRed[0])
}

@Test func whiteAndBlackHitTheTvRangeLimits() {
    let white = convert(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
    #expect(white == (235, 128, 128))
    let black = convert(PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
    #expect(black == (16, 128, 128))
}

@Test func pureRedUsesBT709NotBT601Coefficients() {
    // BT.709: Y = 16 + 219·0.2126 = 62.6; BT.601 would give 81.
    let red = convert(PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
    #expect(red.y == 63)
    #expect(red.cr == 240)
    #expect(red.cb == 102)
    let blue = convert(PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    #expect(blue.y == 32)
    #expect(blue.cb == 240)
}

@Test func transparentPixelsShowAsBlack() {
    #expect(convert(.transparent) == (16, 128, 128))
}

@Test func chromaAveragesEachTwoByTwoBlock() {
    var pixmap = Pixmap(width: 2, height: 2)
    pixmap[0, 0] = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
    pixmap[1, 1] = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
    var frame = YUVFrame(width: 2, height: 2)
    YUVConverter.convert(pixmap, into: &frame)
    #expect(frame.luma == [63, 16, 16, 63])
    // Half red: Cr = 128 + 112/2.
    #expect(frame.chromaRed == [184])
}
