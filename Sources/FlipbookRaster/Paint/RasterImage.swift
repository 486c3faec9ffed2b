import Foundation

/// An immutable picture shared by every paint, frame and thread that draws it, with its
/// content digest computed once — so display lists that hold images hash and compare in
/// constant time however large the image is.
package final class RasterImage: Hashable, Sendable {
    package let pixmap: Pixmap
    /// FNV-1a of the size and pixels.
    package let digest: UInt64

    package init(_ pixmap: Pixmap) {
        self.pixmap = pixmap
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in [UInt64(pixmap.width), UInt64(pixmap.height)] {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        pixmap.bytes.withUnsafeBytes { bytes in
            let words = bytes.bindMemory(to: UInt32.self)
            for word in words { hash = (hash ^ UInt64(word)) &* 0x0000_0100_0000_01B3 }
        }
        digest = hash
    }

    package var width: Int { pixmap.width }
    package var height: Int { pixmap.height }

    package static func == (lhs: RasterImage, rhs: RasterImage) -> Bool {
        lhs === rhs || (lhs.digest == rhs.digest && lhs.pixmap == rhs.pixmap)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}
