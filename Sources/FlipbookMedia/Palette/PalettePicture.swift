import FlipbookRaster

/// A frame as the GIF palette reads it: the colour each pixel shows and, for a transparent GIF,
/// which pixels are clear.
///
/// GIF transparency is one bit per pixel: a pixel at least half opaque (alpha ≥ 128) is drawn
/// with its own colour at full opacity (straight, unpremultiplied — a half-transparent red stays
/// red), and one less than half opaque is clear. An opaque GIF shows the premultiplied colour,
/// which is the picture over black (the background was painted under it).
struct PalettePicture {
    let width: Int
    let height: Int
    /// RGBA, four bytes per pixel.
    let bytes: [UInt8]
    /// Whether pixels below half opacity are clear rather than drawn.
    let keepsAlpha: Bool

    /// The lowest alpha a pixel of a transparent GIF is drawn at.
    static let opaqueAlpha: UInt8 = 128

    /// An opaque frame: `pixmap`'s premultiplied colours.
    init(_ pixmap: Pixmap) {
        (width, height, bytes, keepsAlpha) = (pixmap.width, pixmap.height, pixmap.bytes, false)
    }

    /// A transparent frame from straight-alpha RGBA `bytes`.
    init(width: Int, height: Int, straight bytes: [UInt8]) {
        (self.width, self.height, self.bytes, keepsAlpha) = (width, height, bytes, true)
    }

    /// A transparent frame whose drawn pixels show `pixmap` over the opaque `matte`: the colour
    /// of a half-covered edge pixel is half the matte's, so it blends into a page of that colour.
    init(_ pixmap: Pixmap, over matte: PremultipliedColor) {
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

    /// Whether pixel `pixel` (row-major index) is clear.
    @inline(__always)
    func isClear(_ pixel: Int) -> Bool {
        keepsAlpha && bytes[pixel &* 4 &+ 3] < Self.opaqueAlpha
    }

    /// The colour of pixel `pixel` as 0xRRGGBB.
    @inline(__always)
    func rgb(_ pixel: Int) -> UInt32 {
        let i = pixel &* 4
        return UInt32(bytes[i]) << 16 | UInt32(bytes[i &+ 1]) << 8 | UInt32(bytes[i &+ 2])
    }

    /// One channel (0 red, 1 green, 2 blue) of pixel `pixel`.
    @inline(__always)
    func channel(_ channel: Int, of pixel: Int) -> Int {
        Int(bytes[pixel &* 4 &+ channel])
    }
}
