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
    public static func convert(_ pixmap: Pixmap, into frame: inout YUVFrame) {
        precondition(pixmap.width == frame.width && pixmap.height == frame.height)
        let (width, height) = (frame.width, frame.height)
        let (yR, yG, yB) = (Self.yR, Self.yG, Self.yB)
        let (cbR, cbG, cbB) = (Self.cbR, Self.cbG, Self.cbB)
        let (crR, crG, crB) = (Self.crR, Self.crG, Self.crB)
        let lumaBias: Int32 = (16 << 16) + (1 << 15)
        // Chroma sums four pixels, so its fixed point has two more fractional bits.
        let chromaBias: Int32 = (128 << 18) + (1 << 17)
        pixmap.bytes.withUnsafeBufferPointer { rgba in
            frame.luma.withUnsafeMutableBufferPointer { luma in
                frame.chromaBlue.withUnsafeMutableBufferPointer { cb in
                    frame.chromaRed.withUnsafeMutableBufferPointer { cr in
                        /// Writes the luma of pixel `index` and returns its R, G, B.
                        @inline(__always)
                        func lumaPixel(_ index: Int) -> (Int32, Int32, Int32) {
                            let r = Int32(rgba[index &* 4])
                            let g = Int32(rgba[index &* 4 &+ 1])
                            let b = Int32(rgba[index &* 4 &+ 2])
                            luma[index] = UInt8(
                                truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ lumaBias) >> 16)
                            return (r, g, b)
                        }
                        for pairRow in 0..<(height / 2) {
                            let top = pairRow * 2 * width
                            let bottom = top + width
                            let chromaRow = pairRow * (width / 2)
                            for pairColumn in 0..<(width / 2) {
                                let p0 = lumaPixel(top + 2 * pairColumn)
                                let p1 = lumaPixel(top + 2 * pairColumn + 1)
                                let p2 = lumaPixel(bottom + 2 * pairColumn)
                                let p3 = lumaPixel(bottom + 2 * pairColumn + 1)
                                let sumR = p0.0 &+ p1.0 &+ p2.0 &+ p3.0
                                let sumG = p0.1 &+ p1.1 &+ p2.1 &+ p3.1
                                let sumB = p0.2 &+ p1.2 &+ p2.2 &+ p3.2
                                let c = chromaRow + pairColumn
                                cb[c] = UInt8(
                                    truncatingIfNeeded: (cbR &* sumR &+ cbG &* sumG &+ cbB &* sumB
                                        &+ chromaBias) >> 18)
                                cr[c] = UInt8(
                                    truncatingIfNeeded: (crR &* sumR &+ crG &* sumG &+ crB &* sumB
                                        &+ chromaBias) >> 18)
                            }
                        }
                    }
                }
            }
        }
    }
}
