import CFFmpeg
import Dispatch
import FlipbookPalette
import FlipbookRaster

/// Turns a GIF's frames into palette pictures one frame ahead of FFmpeg's GIF encoder, on a
/// queue of its own: while the encoder compresses frame n on the encoder thread, frame n + 1 is
/// quantized here.
///
/// Why: both halves are serial — the quantizer keeps the last palette while it still fits
/// (`PaletteQuantizer`), and the encoder compares each frame with the one before — and at
/// 1080p each took about as long as the other, so a GIF was encoded on one core while the
/// render workers waited. The frames, their palettes and their order are the same as
/// quantizing on the encoder thread, so the file's bytes are too.
///
/// Used from one thread (the encoder's): `submit` hands a picture to the queue, `takeResult`
/// waits for it. Everything else is touched only by blocks on the serial queue, or by the
/// encoder thread after `queue.sync` has waited for them, hence `@unchecked Sendable`.
final class PaletteStage: @unchecked Sendable {
    private let queue = DispatchQueue(label: "flipbook.gif-palette")
    private let keepsAlpha: Bool
    private let matte: PremultipliedColor?
    private var quantizer: PaletteQuantizer
    /// Straight-alpha pixels of a transparent frame, reused from frame to frame.
    private var straight: [UInt8] = []
    /// The last picture's palette indices, `width` per row, and its 256 palette entries as
    /// FFmpeg's `pal8` takes them (0xAARRGGBB).
    private var indices: [UInt8] = []
    private var entries = [UInt32](repeating: 0, count: 256)
    private var width = 0
    /// Whether a picture was submitted and not yet taken (encoder thread only).
    private var pending = false

    init(settings: VideoEncoderSettings) {
        keepsAlpha = settings.keepsAlpha
        matte = settings.matte
        quantizer = PaletteQuantizer(dither: settings.dither)
    }

    /// Starts quantizing `pixmap`, after the pictures submitted before it. Take its result
    /// before submitting the next.
    func submit(_ pixmap: Pixmap) {
        pending = true
        queue.async { self.quantize(pixmap) }
    }

    /// Waits for the picture submitted last and writes it into `frame` (a writable `pal8`
    /// frame of the picture's size); `false`, leaving `frame` alone, when none is pending.
    func takeResult(into frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard pending else { return false }
        pending = false
        queue.sync {}
        guard let target = cffmpeg_frame_data(frame, 0), let palette = cffmpeg_frame_data(frame, 1) else {
            return false
        }
        let stride = Int(cffmpeg_frame_linesize(frame, 0))
        indices.withUnsafeBufferPointer { source in
            guard let source = source.baseAddress else { return }
            for row in 0..<(indices.count / max(width, 1)) {
                (target + row * stride).update(from: source + row * width, count: width)
            }
        }
        entries.withUnsafeBytes { bytes in
            guard let bytes = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(palette).copyMemory(from: bytes, byteCount: 256 * 4)
        }
        return true
    }

    /// Chooses the palette for `pixmap` and maps its pixels (on the queue).
    private func quantize(_ pixmap: Pixmap) {
        let picture: PalettePicture
        if keepsAlpha, let matte {
            picture = PalettePicture(pixmap, over: matte)
        } else if keepsAlpha {
            straight = FrameConverter.unpremultiplied(pixmap.bytes, reusing: straight)
            picture = PalettePicture(width: pixmap.width, height: pixmap.height, straight: straight)
        } else {
            picture = PalettePicture(pixmap)
        }
        width = pixmap.width
        if indices.count != pixmap.width * pixmap.height {
            indices = [UInt8](repeating: 0, count: pixmap.width * pixmap.height)
        }
        indices.withUnsafeMutableBufferPointer { indices in
            guard let base = indices.baseAddress else { return }
            quantizer.quantize(picture, into: base, stride: width)
        }
        // FFmpeg's GIF encoder takes the entry of lowest alpha, if below 128, as the clear one
        // (it crops each frame to what is not clear and disposes of it to the background).
        for index in 0..<256 {
            let color = index < quantizer.palette.count ? quantizer.palette[index] : 0
            let clear = keepsAlpha && index == PaletteQuantizer.clearIndex
            entries[index] = clear ? 0 : 0xFF00_0000 | color
        }
    }
}
