import FlipbookJSON
import FlipbookRaster
import Foundation

/// Where an image asset's picture is, as the asset writes it: bytes embedded in the file (a
/// `data:` URL in `p`, base64), or a file beside it (`u` + `p`, relative to the Lottie file's
/// folder).
public enum LottieImageSource: Sendable {
    case embedded(Data)
    case file(String)
}

/// Decodes an image asset's picture — `nil` when its file is not there, as players draw
/// nothing for it — throwing an error located at the asset's `p` when it cannot be used (a
/// file outside the folders a preset may read, not a picture): Flipbook's image decoding
/// (FFmpeg) lives above this module, so the caller gives it.
package typealias LottiePictureLoader = (LottieImageSource, JSONField) throws(PresetError) -> RasterImage?
