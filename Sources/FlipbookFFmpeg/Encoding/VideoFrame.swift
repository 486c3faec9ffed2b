import FlipbookRaster

/// A rendered picture on its way to an encoder, in the form that encoder takes.
///
/// Value types (copy-on-write arrays), so a frame can move from a render worker to the encoder
/// thread without sharing.
package enum VideoFrame: Sendable {
    /// Converted by the render worker to BT.709 tv-range `yuv420p`: the fast path of the MP4
    /// and WebM encoders.
    case yuv420(YUVFrame)
    /// Premultiplied RGBA, for encoders that need alpha, other pixel formats or a palette.
    case rgba(Pixmap)

    package var width: Int {
        switch self {
        case .yuv420(let frame): frame.width
        case .rgba(let pixmap): pixmap.width
        }
    }

    package var height: Int {
        switch self {
        case .yuv420(let frame): frame.height
        case .rgba(let pixmap): pixmap.height
        }
    }

    /// The memory the pixels take.
    package var byteCount: Int {
        switch self {
        case .yuv420(let frame): frame.luma.count + frame.chromaBlue.count + frame.chromaRed.count
        case .rgba(let pixmap): pixmap.bytes.count
        }
    }
}

/// Which `VideoFrame` form an output takes.
package enum FrameInput: Hashable, Sendable {
    case yuv420
    case rgba
}

extension VideoEncoderSettings {
    /// `.yuv420` when the file's pixels are exactly what the render workers' converter makes
    /// (8-bit 4:2:0 tv range without alpha), else `.rgba` for the encoder to convert.
    package var frameInput: FrameInput {
        let fastPath = options.format.hasRateControl
        return fastPath && resolvedPixelFormat == "yuv420p" && options.colorRange == .limited
            ? .yuv420 : .rgba
    }
}
