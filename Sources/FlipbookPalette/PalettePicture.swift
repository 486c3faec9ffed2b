import FlipbookRaster

/// A frame as the GIF palette reads it: the colour each pixel shows and, for a transparent GIF,
/// which pixels are clear.
///
/// GIF transparency is one bit per pixel: a pixel at least half opaque (alpha ≥ 128) is drawn
/// with its own colour at full opacity (straight, unpremultiplied — a half-transparent red stays
/// red), and one less than half opaque is clear. An opaque GIF shows the premultiplied colour,
/// which is the picture over black (the background was painted under it).
package struct PalettePicture {
    let width: Int
    let height: Int
    /// RGBA, four bytes per pixel.
    let bytes: [UInt8]
    /// Whether pixels below half opacity are clear rather than drawn.
    let keepsAlpha: Bool

    /// The lowest alpha a pixel of a transparent GIF is drawn at.
    static let opaqueAlpha: UInt8 = 128

    /// An opaque frame: `pixmap`'s premultiplied colours.
    package init(_ pixmap: Pixmap) {
        (width, height, bytes, keepsAlpha) = (pixmap.width, pixmap.height, pixmap.bytes, false)
    }

    /// A transparent frame from straight-alpha RGBA `bytes`.
    package init(width: Int, height: Int, straight bytes: [UInt8]) {
        (self.width, self.height, self.bytes, keepsAlpha) = (width, height, bytes, true)
    }

    /// A transparent frame whose drawn pixels show `pixmap` over the opaque `matte`: the colour
    /// of a half-covered edge pixel is half the matte's, so it blends into a page of that colour.
    package init(_ pixmap: Pixmap, over matte: PremultipliedColor) {
        var bytes = pixmap.bytes
        let backing = [UInt32(matte.red), UInt32(matte.green), UInt32(matte.blue)]
        for i in Swift.stride(from: 0, to: bytes.count, by: 4) {
            let uncovered = 255 - UInt32(bytes[i + 3])
            for channel in 0..<3 {
                // Premultiplied colour plus the matte's share, rounded: at most 255.
                bytes[i + channel] = UInt8(
                    UInt32(bytes[i + channel]) + (backing[channel] * uncovered + 127) / 255)
            }
        }
        (width, height, self.bytes, keepsAlpha) = (pixmap.width, pixmap.height, bytes, true)
    }

    /// The number of pixels.
    var pixelCount: Int { width * height }

    /// The pixels as 32-bit words, for the quantizer's per-pixel loops: one load per pixel and
    /// no bounds check.
    struct Pixels {
        /// Bytes R, G, B, A in memory: a little-endian word holds R lowest.
        let words: UnsafePointer<UInt32>
        let keepsAlpha: Bool

        /// Whether pixel `pixel` (row-major index) is clear.
        @inline(__always)
        func isClear(_ pixel: Int) -> Bool {
            keepsAlpha && UInt8(truncatingIfNeeded: words[pixel] >> 24) < PalettePicture.opaqueAlpha
        }

        /// The colour of pixel `pixel` as 0xRRGGBB.
        @inline(__always)
        func rgb(_ pixel: Int) -> UInt32 {
            let word = words[pixel]
            return (word & 0xFF) << 16 | (word & 0xFF00) | (word >> 16 & 0xFF)
        }

        /// One channel (0 red, 1 green, 2 blue) of pixel `pixel`.
        @inline(__always)
        func channel(_ channel: Int, of pixel: Int) -> Int {
            Int(truncatingIfNeeded: words[pixel] >> UInt32(8 &* channel) & 0xFF)
        }
    }

    /// Runs `body` with the pixels.
    func withPixels<Result>(_ body: (Pixels) -> Result) -> Result {
        bytes.withUnsafeBytes { raw in
            body(Pixels(words: raw.baseAddress!.assumingMemoryBound(to: UInt32.self), keepsAlpha: keepsAlpha))
        }
    }

    /// Calls `body` with each run of consecutive pixels (row after row) that are not clear and
    /// have one colour: the colour (0xRRGGBB) and the run's length. Work per colour is then done
    /// once per run — a flat background is a few long runs, not millions of pixels.
    func forEachRun(_ body: (_ color: UInt32, _ count: Int) -> Void) {
        withPixels { pixels in
            let count = pixelCount
            var pixel = 0
            while pixel < count {
                let (word, start) = (pixels.words[pixel], pixel)
                pixel &+= 1
                // Equal words have equal colours and alpha, so equal clearness.
                while pixel < count, pixels.words[pixel] == word { pixel &+= 1 }
                if !pixels.isClear(start) { body(pixels.rgb(start), pixel &- start) }
            }
        }
    }
}
