import FlipbookRaster

/// Converts premultiplied RGBA8 pixmaps to BT.709 tv-range `yuv420p`, in fixed point.
///
/// Runs in the render workers (one conversion per frame, in parallel), so the serial encoder
/// only copies planes. Alpha is dropped: premultiplied colour is exactly the picture composited
/// over black, which is what a format without alpha must show.
///
/// Coefficients (ITU-R BT.709, Kr = 0.2126, Kb = 0.0722; 8-bit tv range: Y in 16…235,
/// Cb/Cr in 16…240), applied to R, G, B in 0…255:
/// ```
/// Y  = 16  + 219/255 · (0.2126 R + 0.7152 G + 0.0722 B)
/// Cb = 128 + 224/255 · (B − Y′) / 1.8556        Y′ = 0.2126 R + 0.7152 G + 0.0722 B
/// Cr = 128 + 224/255 · (R − Y′) / 1.5748
/// ```
/// Chroma is computed from the mean of each 2×2 block (the conversion is linear, so this equals
/// averaging the converted values), sited at the block centre. Coefficients are scaled by 2¹⁶
/// and rounded; results are exact to ±1 code value of the real-valued formula.
public enum YUVConverter {
    private static let kr = 0.2126
    private static let kb = 0.0722
    private static let kg = 1 - kr - kb
    private static let lumaScale = 219.0 / 255.0
    private static let chromaScale = 224.0 / 255.0
    private static let one = 65536.0

    private static func fixed(_ value: Double) -> Int32 { Int32((value * one).rounded()) }

    private static let yR = fixed(kr * lumaScale)
    private static let yG = fixed(kg * lumaScale)
    private static let yB = fixed(kb * lumaScale)
    private static let cbR = fixed(-kr / (2 * (1 - kb)) * chromaScale)
    private static let cbG = fixed(-kg / (2 * (1 - kb)) * chromaScale)
    private static let cbB = fixed(0.5 * chromaScale)
    private static let crR = fixed(0.5 * chromaScale)
    private static let crG = fixed(-kg / (2 * (1 - kr)) * chromaScale)
    private static let crB = fixed(-kb / (2 * (1 - kr)) * chromaScale)

    /// Writes `pixmap` into `frame`; both must have the same (even) size.
    ///
    /// Eight columns of a row pair at a time in SIMD lanes, the rest one pair of columns at a
    /// time; both compute the same integers.
    public static func convert(_ pixmap: Pixmap, into frame: inout YUVFrame) {
        precondition(pixmap.width == frame.width && pixmap.height == frame.height)
        let (width, height) = (frame.width, frame.height)
        let vectorColumns = width / 8 * 8
        pixmap.bytes.withUnsafeBytes { rgba in
            frame.luma.withUnsafeMutableBytes { luma in
                frame.chromaBlue.withUnsafeMutableBytes { cb in
                    frame.chromaRed.withUnsafeMutableBytes { cr in
                        guard let rgba = rgba.baseAddress, let luma = luma.baseAddress,
                            let cb = cb.baseAddress, let cr = cr.baseAddress
                        else { return }
                        let k = Coefficients()
                        for pairRow in 0..<(height / 2) {
                            let top = pairRow * 2 * width
                            let chromaRow = pairRow * (width / 2)
                            var column = 0
                            while column < vectorColumns {
                                convertEight(
                                    rgba + (top + column) * 4, width: width, luma: luma + top + column,
                                    cb: cb + chromaRow + column / 2, cr: cr + chromaRow + column / 2, k: k)
                                column += 8
                            }
                            while column < width {
                                convertPair(
                                    rgba + (top + column) * 4, width: width, luma: luma + top + column,
                                    cb: cb + chromaRow + column / 2, cr: cr + chromaRow + column / 2)
                                column += 2
                            }
                        }
                    }
                }
            }
        }
    }

    private static let lumaBias: Int32 = (16 << 16) + (1 << 15)
    /// Chroma sums four pixels, so its fixed point has two more fractional bits.
    private static let chromaBias: Int32 = (128 << 18) + (1 << 17)

    /// Eight columns of two rows starting at `source`: 16 luma and 4 + 4 chroma values.
    @inline(__always)
    private static func convertEight(
        _ source: UnsafeRawPointer, width: Int, luma: UnsafeMutableRawPointer, cb: UnsafeMutableRawPointer,
        cr: UnsafeMutableRawPointer, k: Coefficients
    ) {
        let top = SIMD8<Int32>(truncatingIfNeeded: source.loadUnaligned(as: SIMD8<UInt32>.self))
        let bottom = SIMD8<Int32>(
            truncatingIfNeeded: (source + width * 4).loadUnaligned(as: SIMD8<UInt32>.self))
        let mask = SIMD8<Int32>(repeating: 0xFF)
        let (rt, gt, bt) = (top & mask, (top &>> 8) & mask, (top &>> 16) & mask)
        let (rb, gb, bb) = (bottom & mask, (bottom &>> 8) & mask, (bottom &>> 16) & mask)
        // Luma in 16-bit lanes (SSE2 multiplies those natively; 32-bit lane multiplies it must
        // emulate): weights ×256 sum to 220, so a sum never exceeds 16 bits, and the result stays
        // within ±1 code value of the exact formula.
        let lumaTop =
            (k.yR16 &* SIMD8<UInt16>(truncatingIfNeeded: rt) &+ k.yG16
                &* SIMD8<UInt16>(truncatingIfNeeded: gt)
                &+ k.yB16 &* SIMD8<UInt16>(truncatingIfNeeded: bt) &+ 128) &>> 8 &+ 16
        let lumaBottom =
            (k.yR16 &* SIMD8<UInt16>(truncatingIfNeeded: rb) &+ k.yG16
                &* SIMD8<UInt16>(truncatingIfNeeded: gb)
                &+ k.yB16 &* SIMD8<UInt16>(truncatingIfNeeded: bb) &+ 128) &>> 8 &+ 16
        luma.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: lumaTop), as: SIMD8<UInt8>.self)
        (luma + width).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: lumaBottom), as: SIMD8<UInt8>.self)
        let (r, g, b) = (rt &+ rb, gt &+ gb, bt &+ bb)
        let sumR = r.evenHalf &+ r.oddHalf
        let sumG = g.evenHalf &+ g.oddHalf
        let sumB = b.evenHalf &+ b.oddHalf
        let blue = (k.cbR &* sumR &+ k.cbG &* sumG &+ k.cbB &* sumB &+ k.chromaBias) &>> 18
        let red = (k.crR &* sumR &+ k.crG &* sumG &+ k.crB &* sumB &+ k.chromaBias) &>> 18
        cb.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: blue), as: SIMD4<UInt8>.self)
        cr.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: red), as: SIMD4<UInt8>.self)
    }

    /// The coefficients read once per conversion into locals, so the inner loop does not touch
    /// lazily initialised globals.
    private struct Coefficients {
        let yR16 = UInt16((kr * lumaScale * 256).rounded())
        let yG16 = UInt16((kg * lumaScale * 256).rounded())
        let yB16 = UInt16((kb * lumaScale * 256).rounded())
        let cbR = YUVConverter.cbR, cbG = YUVConverter.cbG, cbB = YUVConverter.cbB
        let crR = YUVConverter.crR, crG = YUVConverter.crG, crB = YUVConverter.crB
        let chromaBias = YUVConverter.chromaBias
    }

    /// Two columns of two rows starting at `source`: 4 luma and 1 + 1 chroma values.
    @inline(__always)
    private static func convertPair(
        _ source: UnsafeRawPointer, width: Int, luma: UnsafeMutableRawPointer, cb: UnsafeMutableRawPointer,
        cr: UnsafeMutableRawPointer
    ) {
        var (sumR, sumG, sumB): (Int32, Int32, Int32) = (0, 0, 0)
        for (offset, lumaOffset) in [(0, 0), (4, 1), (width * 4, width), (width * 4 + 4, width + 1)] {
            let pixel = source.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            let (r, g, b) = (Int32(pixel & 0xFF), Int32((pixel >> 8) & 0xFF), Int32((pixel >> 16) & 0xFF))
            luma.storeBytes(
                of: UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ lumaBias) >> 16),
                toByteOffset: lumaOffset, as: UInt8.self)
            (sumR, sumG, sumB) = (sumR &+ r, sumG &+ g, sumB &+ b)
        }
        cb.storeBytes(
            of: UInt8(truncatingIfNeeded: (cbR &* sumR &+ cbG &* sumG &+ cbB &* sumB &+ chromaBias) >> 18),
            as: UInt8.self)
        cr.storeBytes(
            of: UInt8(truncatingIfNeeded: (crR &* sumR &+ crG &* sumG &+ crB &* sumB &+ chromaBias) >> 18),
            as: UInt8.self)
    }
}
