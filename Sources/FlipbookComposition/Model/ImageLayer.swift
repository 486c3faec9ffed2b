import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookRaster
import FlipbookSVG
import Foundation

/// A picture in the layer's box: decoded pixels (PNG, JPEG, WebP), an SVG document,
/// rasterised by librsvg at the size it is drawn at, or a video clip's frame at the layer's time.
public struct ImageLayer: Sendable {
    package enum Source: Sendable {
        case raster(RasterImage)
        case svg(SVGDocument)
        case video(VideoClip)
    }

    /// How the picture fills the box: whole and letterboxed, covering it (cropped), or
    /// stretched.
    public enum Fit: String, CaseIterable, Hashable, Sendable {
        case contain, cover, fill

        /// Where a picture of `natural` size goes in `box`: whole and centred (`contain`),
        /// covering it and centred (`cover`), or stretched to it (`fill`).
        public func rect(for natural: CGSize, in box: CGRect) -> CGRect {
            let (sx, sy) = (box.width / natural.width, box.height / natural.height)
            let size: CGSize
            switch self {
            case .fill: return box
            case .contain:
                size = CGSize(width: natural.width * min(sx, sy), height: natural.height * min(sx, sy))
            case .cover:
                size = CGSize(width: natural.width * max(sx, sy), height: natural.height * max(sx, sy))
            }
            return CGRect(
                x: box.midX - size.width / 2, y: box.midY - size.height / 2, width: size.width,
                height: size.height)
        }
    }

    package var source: Source
    public var fit: Fit = .contain
    public var cornerRadius: Animated<Length> = .constant(Length(0))
    /// A video's time at the layer's start, in seconds: where in the clip it begins.
    public var clipOffset: Double = 0
    /// Whether a video starts again from `clipOffset` when it ends, instead of holding its
    /// last frame.
    public var loops = false
    /// Whether a video's own sound is left out of the video's mix.
    public var muted = false
    /// The gain of a video's own sound in the mix (1 as recorded).
    public var volume: Double = 1
    /// How fast a video plays: 2 twice as fast (a time-lapse), 0.5 at half speed (slow
    /// motion). Its sound plays only at 1: faster or slower, it would change in pitch.
    public var speed: Double = 1

    /// The video's time at layer time `time`.
    public func clipTime(at time: Double) -> Double {
        guard case .video(let clip) = source else { return 0 }
        let elapsed = max(time, 0) * speed
        guard loops else { return clipOffset + elapsed }
        let length = clip.duration - clipOffset
        return length > 0 ? clipOffset + elapsed.truncatingRemainder(dividingBy: length) : clipOffset
    }

    /// Whether a video shows different frames at layer times `from` and `to` (`from` ≤ `to`).
    func videoMoves(_ from: Double, _ to: Double) -> Bool {
        guard case .video(let clip) = source, to > from else { return false }
        return loops || clipTime(at: from) < clip.duration
    }

    /// The picture's own size in points (pixels, or the SVG's intrinsic size).
    public var naturalSize: CGSize {
        switch source {
        case .raster(let image): CGSize(width: Double(image.width), height: Double(image.height))
        case .svg(let document): CGSize(width: document.intrinsicWidth, height: document.intrinsicHeight)
        case .video(let clip): CGSize(width: Double(clip.width), height: Double(clip.height))
        }
    }
}
