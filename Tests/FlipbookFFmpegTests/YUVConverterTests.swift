import FlipbookFFmpeg
import FlipbookRaster
import Testing

/// Converts a flat `color` through every path — a 32-column block (in wide lanes where the
/// processor has them), a 16-column block and single column pairs — and returns the result
/// after checking that they agree.
private func convert(_ color: PremultipliedColor) -> (y: UInt8, cb: UInt8, cr: UInt8) {
    var pixmap = Pixmap(width: 52, height: 2)
    pixmap.clear(to: color)
    var frame = YUVFrame(width: 52, height: 2)
    YUVConverter.convert(pixmap, into: &frame)
    #expect(Set(frame.luma).count == 1, "the SIMD and pair paths agree on luma")
    #expect(Set(frame.chromaBlue).count == 1 && Set(frame.chromaRed).count == 1, "and on chroma")
    return (frame.luma[0], frame.chromaBlue[0], frame.chromaRed[0])
}

/// A pixmap of random bytes (its colours need not be validly premultiplied: the converter
/// reads red, green and blue as they are).
private func randomPixmap(width: Int, height: Int) -> Pixmap {
    var generator = SystemRandomNumberGenerator()
    var pixmap = Pixmap(width: width, height: height)
    for index in pixmap.bytes.indices { pixmap.bytes[index] = UInt8.random(in: 0...255, using: &generator) }
    return pixmap
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

@Test func everyPixelMatchesTheRealValuedFormulaWithinOneCodeValue() {
    // 50 columns: one 32-column block, one 16-column block and one pair handled alone, so every
    // path is checked.
    let width = 50
    let pixmap = randomPixmap(width: width, height: 6)
    var frame = YUVFrame(width: width, height: 6)
    YUVConverter.convert(pixmap, into: &frame)
    func channel(_ x: Int, _ y: Int, _ c: Int) -> Double { Double(pixmap.bytes[(y * width + x) * 4 + c]) }
    for y in 0..<6 {
        for x in 0..<width {
            let (r, g, b) = (channel(x, y, 0), channel(x, y, 1), channel(x, y, 2))
            let expected = 16 + 219.0 / 255 * (0.2126 * r + 0.7152 * g + 0.0722 * b)
            #expect(abs(Double(frame.luma[y * width + x]) - expected) <= 1)
        }
    }
    for cy in 0..<3 {
        for cx in 0..<(width / 2) {
            var (r, g, b) = (0.0, 0.0, 0.0)
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                r += channel(2 * cx + dx, 2 * cy + dy, 0) / 4
                g += channel(2 * cx + dx, 2 * cy + dy, 1) / 4
                b += channel(2 * cx + dx, 2 * cy + dy, 2) / 4
            }
            let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let expectedBlue = 128 + 224.0 / 255 * (b - luma) / 1.8556
            let expectedRed = 128 + 224.0 / 255 * (r - luma) / 1.5748
            #expect(abs(Double(frame.chromaBlue[cy * (width / 2) + cx]) - expectedBlue) <= 1)
            #expect(abs(Double(frame.chromaRed[cy * (width / 2) + cx]) - expectedRed) <= 1)
        }
    }
}

@Test func convertingChangedRowsWritesExactlyTheirTwoByTwoBlocks() {
    var pixmap = Pixmap(width: 40, height: 8)
    pixmap.clear(to: PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
    var frame = YUVFrame(width: 40, height: 8)
    var changes = ChangedRows(width: 40, height: 8)
    // Columns 3…20 of row 5: blocks of columns 2…21 in rows 4 and 5, chroma row 2 (columns
    // 1…10) — through the 16-column SIMD path and the pair path both.
    changes.include(row: 5, columns: 3..<21)
    YUVConverter.convert(pixmap, into: &frame, changes: changes)
    var whole = YUVFrame(width: 40, height: 8)
    YUVConverter.convert(pixmap, into: &whole)
    for row in 0..<8 {
        for column in 0..<40 {
            let inside = (4...5).contains(row) && (2...21).contains(column)
            #expect(frame.luma[row * 40 + column] == (inside ? whole.luma[row * 40 + column] : 16))
        }
    }
    for row in 0..<4 {
        for column in 0..<20 {
            let inside = row == 2 && (1...10).contains(column)
            #expect(frame.chromaRed[row * 20 + column] == (inside ? 240 : 128))
            #expect(
                frame.chromaBlue[row * 20 + column] == (inside ? whole.chromaBlue[row * 20 + column] : 128))
        }
    }
}

@Test func sixteenColumnAndPairPathsGiveTheSameBytes() {
    // Random pixels, converted whole (16-column blocks, then pairs) and pair by pair through
    // two-column changes: every byte agrees.
    let pixmap = randomPixmap(width: 36, height: 4)
    var whole = YUVFrame(width: 36, height: 4)
    YUVConverter.convert(pixmap, into: &whole)
    var pairs = YUVFrame(width: 36, height: 4)
    for column in stride(from: 0, to: 36, by: 2) {
        var changes = ChangedRows(width: 36, height: 4)
        changes.include(PixelBounds(columns: column..<(column + 2), rows: 0..<4))
        YUVConverter.convert(pixmap, into: &pairs, changes: changes)
    }
    #expect(pairs == whole)
}

@Test(.enabled(if: YUVConverter.Lanes.widest == .wide, "the processor has no AVX2"))
func wideAndNarrowLanesGiveTheSameBytes() {
    // 1010 columns: 31 blocks of 32 then one of 16 and a pair in wide lanes; 63 blocks of 16 and
    // a pair in narrow ones.
    let pixmap = randomPixmap(width: 1010, height: 8)
    var wide = YUVFrame(width: 1010, height: 8)
    YUVConverter.convert(pixmap, into: &wide, lanes: .wide)
    var narrow = YUVFrame(width: 1010, height: 8)
    YUVConverter.convert(pixmap, into: &narrow, lanes: .narrow)
    #expect(wide == narrow)
}
