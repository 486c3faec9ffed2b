/// One picture in planar 8-bit YUV 4:2:0 (`yuv420p`): full-resolution luma, and two chroma
/// planes at half width and half height. Rows are tightly packed.
///
/// A value type so it can move from a render worker to the encoder thread without sharing.
package struct YUVFrame: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// Luma, `height` rows of `width` bytes.
    package var luma: [UInt8]
    /// Blue-difference chroma, `height/2` rows of `width/2` bytes.
    package var chromaBlue: [UInt8]
    /// Red-difference chroma, `height/2` rows of `width/2` bytes.
    package var chromaRed: [UInt8]

    /// A black frame (tv range: Y = 16, Cb = Cr = 128). Width and height must be even — an
    /// export pads odd canvases by a pixel, and the encoder settings refuse odd sizes before any
    /// frame is made.
    package init(width: Int, height: Int) {
        precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0)
        self.width = width
        self.height = height
        luma = [UInt8](repeating: 16, count: width * height)
        chromaBlue = [UInt8](repeating: 128, count: width * height / 4)
        chromaRed = [UInt8](repeating: 128, count: width * height / 4)
    }

    /// Makes this frame's pixels `other`'s (of the same size), into the memory this frame
    /// already owns (assigning would share `other`'s, which its owner may write next).
    package mutating func copyPixels(from other: YUVFrame) {
        precondition(other.width == width && other.height == height)
        func copy(_ source: [UInt8], into destination: inout [UInt8]) {
            destination.withUnsafeMutableBytes { destination in
                source.withUnsafeBytes { destination.copyMemory(from: $0) }
            }
        }
        copy(other.luma, into: &luma)
        copy(other.chromaBlue, into: &chromaBlue)
        copy(other.chromaRed, into: &chromaRed)
    }

    package var chromaWidth: Int { width / 2 }
    package var chromaHeight: Int { height / 2 }
}
