import CLanes
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
/// averaging the converted values), sited at the block centre. Luma weights are scaled by 2⁸
/// (47, 157, 16: they sum to 220, so a weighted sum fits 16 bits), chroma coefficients by 2¹⁶
/// (each below 2¹⁵ in magnitude, so it fits a signed 16-bit lane); results are exact to ±1 code
/// value of the real-valued formula.
///
/// Every path — 32 columns in AVX2 lanes (`flipbook_yuv_convert_wide`, where the processor has
/// them), sixteen in SSE2 lanes, or one pair of columns — computes the same integers, so
/// converting a part of a frame gives exactly the bytes a whole conversion gives there.
package enum YUVConverter {
    private static let kr = 0.2126
    private static let kb = 0.0722
    private static let kg = 1 - kr - kb
    private static let lumaScale = 219.0 / 255.0
    private static let chromaScale = 224.0 / 255.0

    private static func luma(_ weight: Double) -> Int32 { Int32((weight * lumaScale * 256).rounded()) }
    private static func chroma(_ value: Double) -> Int32 { Int32((value * chromaScale * 65536).rounded()) }

    private static let yR = luma(kr)
    private static let yG = luma(kg)
    private static let yB = luma(kb)
    private static let cbR = chroma(-kr / (2 * (1 - kb)))
    private static let cbG = chroma(-kg / (2 * (1 - kb)))
    private static let cbB = chroma(0.5)
    private static let crR = chroma(0.5)
    private static let crG = chroma(-kg / (2 * (1 - kr)))
    private static let crB = chroma(-kb / (2 * (1 - kr)))

    /// Rounds the 2⁸-scaled weighted sum and adds the tv-range offset 16, before the shift.
    private static let lumaBias: Int32 = (16 << 8) + (1 << 7)
    /// Chroma sums four pixels, so its fixed point has two more fractional bits.
    private static let chromaBias: Int32 = (128 << 18) + (1 << 17)

    /// The lanes a conversion runs in: AVX2's 32 columns at a time (`wide`), or SSE2's 16, part
    /// of every x86-64 processor (`narrow`). Both give the same bytes.
    package enum Lanes: Sendable {
        case wide, narrow

        /// The widest this processor has.
        package static let widest: Lanes = flipbook_has_wide_lanes() ? .wide : .narrow
    }

    /// Writes `pixmap` into `frame`; both must have the same (even) size.
    package static func convert(_ pixmap: Pixmap, into frame: inout YUVFrame) {
        convert(pixmap, into: &frame, lanes: .widest)
    }

    /// Writes `pixmap` into `frame` in the lanes given — so tests can check that every width
    /// gives the same bytes.
    package static func convert(_ pixmap: Pixmap, into frame: inout YUVFrame, lanes: Lanes) {
        let columns = 0..<frame.width
        convert(pixmap, into: &frame, lanes: lanes) { _ in columns }
    }

    /// Writes the pixels of `pixmap` that `changes` names into `frame` — every 2×2 block they
    /// meet, since a chroma value belongs to a whole block — and leaves the rest of `frame` as it
    /// was. All three must have the same (even) size.
    ///
    /// A render worker whose pixmap changed only there since `frame` was converted from it gets,
    /// this way, exactly the bytes a whole conversion would give.
    package static func convert(_ pixmap: Pixmap, into frame: inout YUVFrame, changes: ChangedRows) {
        precondition(changes.width == frame.width && changes.height == frame.height)
        let width = frame.width
        convert(pixmap, into: &frame, lanes: .widest) { pairRow in
            let (top, bottom) = (changes.columns(inRow: pairRow * 2), changes.columns(inRow: pairRow * 2 + 1))
            let start = min(top?.lowerBound ?? width, bottom?.lowerBound ?? width)
            let end = max(top?.upperBound ?? 0, bottom?.upperBound ?? 0)
            guard start < end else { return nil }
            return (start & ~1)..<min(width, (end + 1) & ~1)
        }
    }

    /// Converts, in each pair of rows, the (even-aligned) columns `columns` gives for it: blocks
    /// of 32 columns in wide lanes if asked, then blocks of 16, then pairs.
    @inline(__always)
    private static func convert(
        _ pixmap: Pixmap, into frame: inout YUVFrame, lanes: Lanes, columns: (_ pairRow: Int) -> Range<Int>?
    ) {
        precondition(pixmap.width == frame.width && pixmap.height == frame.height)
        let width = frame.width
        let pairRows = frame.height / 2
        var k = weights()
        pixmap.bytes.withUnsafeBytes { rgba in
            frame.luma.withUnsafeMutableBytes { luma in
                frame.chromaBlue.withUnsafeMutableBytes { cb in
                    frame.chromaRed.withUnsafeMutableBytes { cr in
                        guard let rgba = rgba.baseAddress, let luma = luma.baseAddress,
                            let cb = cb.baseAddress, let cr = cr.baseAddress
                        else { return }
                        for pairRow in 0..<pairRows {
                            guard let columns = columns(pairRow) else { continue }
                            let top = pairRow * 2 * width
                            let chromaRow = pairRow * (width / 2)
                            var column = columns.lowerBound
                            if lanes == .wide {
                                column = flipbook_yuv_convert_wide(
                                    (rgba + top * 4).assumingMemoryBound(to: UInt8.self), width,
                                    (luma + top).assumingMemoryBound(to: UInt8.self),
                                    (cb + chromaRow).assumingMemoryBound(to: UInt8.self),
                                    (cr + chromaRow).assumingMemoryBound(to: UInt8.self), column,
                                    columns.upperBound, &k)
                            }
                            while column + 16 <= columns.upperBound {
                                convertSixteen(
                                    rgba + (top + column) * 4, width: width, luma: luma + top + column,
                                    cb: cb + chromaRow + column / 2, cr: cr + chromaRow + column / 2, k: k)
                                column += 16
                            }
                            while column < columns.upperBound {
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

    /// The weights as 16-bit lane pairs, built once per conversion into a local so the inner
    /// loop does not touch lazily initialised globals: (red, blue) pairs and (green, alpha)
    /// pairs, alpha weighing nothing. A multiply-add of lane pairs (`pmaddwd`) weighs a pair with
    /// one instruction, exactly, into 32 bits.
    private static func weights() -> flipbook_yuv_weights {
        func pairs(_ even: Int32, _ odd: Int32) -> SIMD8<Int16> {
            let pair = SIMD2(Int16(even), Int16(odd))
            return SIMD8(
                lowHalf: SIMD4(lowHalf: pair, highHalf: pair), highHalf: SIMD4(lowHalf: pair, highHalf: pair))
        }
        return flipbook_yuv_weights(
            luma_rb: pairs(yR, yB), luma_ga: pairs(yG, 0), blue_rb: pairs(cbR, cbB), blue_ga: pairs(cbG, 0),
            red_rb: pairs(crR, crB), red_ga: pairs(crG, 0), luma_bias: lumaBias, chroma_bias: chromaBias)
    }

    /// Four pixels (or 2×2 blocks' sums) as two 32-bit lanes each: red | blue << 16 and
    /// green | alpha << 16. Sums of up to 256 pixels stay within their 16 bits.
    private typealias Pairs = (rb: SIMD4<UInt32>, ga: SIMD4<UInt32>)

    @inline(__always)
    private static func pairs(_ source: UnsafeRawPointer) -> Pairs {
        // As 16-bit lanes a pixel is (red | green << 8, blue | alpha << 8): a mask keeps red and
        // blue, a 16-bit shift alone leaves green and alpha.
        let lanes = source.loadUnaligned(as: SIMD8<UInt16>.self)
        return (
            unsafeBitCast(lanes & 0x00FF, to: SIMD4<UInt32>.self),
            unsafeBitCast(lanes &>> 8, to: SIMD4<UInt32>.self)
        )
    }

    /// `pairs` weighed: red, blue, green and alpha times their weights, summed per lane.
    @inline(__always)
    private static func weigh(_ pairs: Pairs, _ rb: SIMD8<Int16>, _ ga: SIMD8<Int16>) -> SIMD4<Int32> {
        flipbook_multiply_add_pairs(unsafeBitCast(pairs.rb, to: SIMD8<Int16>.self), rb)
            &+ flipbook_multiply_add_pairs(unsafeBitCast(pairs.ga, to: SIMD8<Int16>.self), ga)
    }

    /// The luma of four pixels.
    @inline(__always)
    private static func luma(_ pixels: Pairs, _ k: flipbook_yuv_weights) -> SIMD4<Int32> {
        (weigh(pixels, k.luma_rb, k.luma_ga) &+ lumaBias) &>> 8
    }

    /// Adjacent lanes added, `a`'s then `b`'s: column sums of eight columns become the sums of
    /// four 2×2 blocks.
    @inline(__always)
    private static func blockSums(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let lanes = SIMD8(lowHalf: a, highHalf: b)
        return lanes.evenHalf &+ lanes.oddHalf
    }

    /// Sixteen columns of two rows starting at `source`: 32 luma and 8 + 8 chroma values.
    @inline(__always)
    private static func convertSixteen(
        _ source: UnsafeRawPointer, width: Int, luma: UnsafeMutableRawPointer, cb: UnsafeMutableRawPointer,
        cr: UnsafeMutableRawPointer, k: flipbook_yuv_weights
    ) {
        let below = source + width * 4
        let top = (pairs(source), pairs(source + 16), pairs(source + 32), pairs(source + 48))
        let bottom = (pairs(below), pairs(below + 16), pairs(below + 32), pairs(below + 48))
        luma.storeBytes(
            of: flipbook_pack_bytes(
                Self.luma(top.0, k), Self.luma(top.1, k), Self.luma(top.2, k), Self.luma(top.3, k)),
            as: SIMD16<UInt8>.self)
        (luma + width).storeBytes(
            of: flipbook_pack_bytes(
                Self.luma(bottom.0, k), Self.luma(bottom.1, k), Self.luma(bottom.2, k), Self.luma(bottom.3, k)
            ),
            as: SIMD16<UInt8>.self)
        func blocks(_ left: (top: Pairs, bottom: Pairs), _ right: (top: Pairs, bottom: Pairs)) -> Pairs {
            (
                blockSums(left.top.rb &+ left.bottom.rb, right.top.rb &+ right.bottom.rb),
                blockSums(left.top.ga &+ left.bottom.ga, right.top.ga &+ right.bottom.ga)
            )
        }
        let first = blocks((top.0, bottom.0), (top.1, bottom.1))
        let second = blocks((top.2, bottom.2), (top.3, bottom.3))
        func chroma(_ blocks: Pairs, _ rb: SIMD8<Int16>, _ ga: SIMD8<Int16>) -> SIMD4<Int32> {
            (weigh(blocks, rb, ga) &+ chromaBias) &>> 18
        }
        let packed = flipbook_pack_bytes(
            chroma(first, k.blue_rb, k.blue_ga), chroma(second, k.blue_rb, k.blue_ga),
            chroma(first, k.red_rb, k.red_ga), chroma(second, k.red_rb, k.red_ga))
        cb.storeBytes(of: packed.lowHalf, as: SIMD8<UInt8>.self)
        cr.storeBytes(of: packed.highHalf, as: SIMD8<UInt8>.self)
    }

    /// Two columns of two rows starting at `source`: 4 luma and 1 + 1 chroma values, with the
    /// same integers as the SIMD path.
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
                of: UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ lumaBias) >> 8),
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
