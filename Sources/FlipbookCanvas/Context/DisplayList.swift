import FlipbookGeometry
import FlipbookRaster
import Foundation

/// Everything one frame drew, in order, as plain values.
///
/// `GraphicsContext` records into a display list instead of touching pixels, so a frame can be
/// fingerprinted (it is `Hashable`), compared with the previous one, and rendered on any
/// worker (`render(into:using:layers:onLayer:)`, in `FlipbookRendering`). Pixels are a pure
/// function of the display list and the pixmap size.
package struct DisplayList: Hashable, Sendable {
    /// One recorded drawing operation.
    package enum Item: Hashable, Sendable {
        case fill(Fill)
        /// A fill of text: its path with the glyphs it is made of, which the rasterizer takes
        /// from its glyph cache. Boxed, as the glyphs would make a fill larger than 128 bytes.
        indirect case glyphs(GlyphFill)
        /// Boxed: a stroke's style makes it the largest item, and every item is as large as it.
        indirect case stroke(Stroke)
        case layer(Layer)
        case stamp(Stamp)
    }

    /// A canvas symbol's drawing, recorded once per frame in its own box.
    package struct Symbol: Hashable, Sendable {
        package var id: String
        package var size: CGSize
        package var content: DisplayList
    }

    /// One placement of a symbol: its box's user space mapped to device pixels by `transform`.
    package struct Stamp: Hashable, Sendable {
        package var symbol: Symbol
        package var transform: CGAffineTransform
        package var opacity: Double
        package var blendMode: BlendMode = .normal
        package var clips: [Clip] = []
    }

    /// One clip in effect for a drawing operation; an operation draws only where all of its
    /// clips let it through.
    package enum Clip: Hashable, Sendable {
        /// Inside `path` (mapped through `transform`) under the fill rule of `style`; outside it
        /// when `inverse`.
        case path(Path, transform: CGAffineTransform, style: FillStyle, inverse: Bool)
        /// Where `content` is opaque, times `opacity` (`clipToLayer`); where it is transparent
        /// when `inverse`.
        case layer(DisplayList, opacity: Double, inverse: Bool)
    }

    /// Drawing composited as one offscreen layer (`drawLayer`, or an operation drawn under
    /// filters). Equal layers give equal pixels, so a renderer may reuse a layer's pixels from an
    /// earlier frame.
    package struct Layer: Hashable, Sendable {
        /// The name given with `drawLayer(named:)`, used in explanations; `nil` if unnamed.
        package var name: String?
        package var content: DisplayList
        /// The context's opacity when the layer was drawn, applied when compositing it.
        package var opacity: Double
        package var blendMode: BlendMode = .normal
        /// Applied to the layer's pixels, in order, before compositing.
        package var filters: [Filter] = []
        package var clips: [Clip] = []
        /// Whether the filters see what the content draws beyond the canvas, as far as they
        /// reach (`GraphicsContext.filtersSeeBeyondCanvas`): a blurred shape half off the
        /// frame stays full strength at the frame's edge instead of fading into it.
        package var seesBeyondCanvas = false

        /// A layer of `content`, for the renderer's own layers (a stamp drawn as vectors, the
        /// key a filtered layer is kept under).
        package init(
            name: String? = nil, content: DisplayList, opacity: Double, blendMode: BlendMode = .normal,
            filters: [Filter] = [], clips: [Clip] = [], seesBeyondCanvas: Bool = false
        ) {
            (self.name, self.content, self.opacity, self.blendMode) = (name, content, opacity, blendMode)
            (self.filters, self.clips, self.seesBeyondCanvas) = (filters, clips, seesBeyondCanvas)
        }
    }

    /// A path filled with a paint, with all of the context's state resolved.
    package struct Fill: Hashable, Sendable {
        /// The path in the user space of the `transform`.
        package var path: Path
        // The one- and two-byte fields next, in the bytes the path leaves before the next
        // multiple of eight: then a fill is 128 bytes, an item fits in that, and the compiler
        // copies an item with a few vector moves instead of a call to `memcpy` (twice per item
        // drawn, a few per cent of drawing confetti).
        package var style: FillStyle
        package var blendMode: BlendMode = .normal
        /// User space → device pixels; the paint's geometry is in the same user space.
        package var transform: CGAffineTransform
        package var paint: Paint
        /// The context's opacity at the time of the call (0…1).
        package var opacity: Double
        package var clips: [Clip] = []
    }

    /// A fill of text's outlines, `fill.path` being `run.path`: the rasterizer takes each glyph's
    /// coverage from its glyph cache instead of flattening the whole path.
    package struct GlyphFill: Hashable, Sendable {
        package var fill: Fill
        package var run: GlyphRun
    }

    /// A path stroked with a paint, with all of the context's state resolved.
    package struct Stroke: Hashable, Sendable {
        /// The path in the user space of the `transform`.
        package var path: Path
        /// User space → device pixels; the pen and the paint are shaped by it too.
        package var transform: CGAffineTransform
        package var paint: Paint
        package var style: StrokeStyle
        /// The context's opacity at the time of the call (0…1).
        package var opacity: Double
        package var blendMode: BlendMode = .normal
        package var clips: [Clip] = []
        /// The glyphs `path` is made of, when it is the outline of text: the rasterizer then
        /// strokes each glyph alone and keeps its coverage in its glyph cache, as it does for
        /// a fill of text (`Rasterizer.stroke(_:glyphs:style:…)`).
        package var glyphs: GlyphRun? = nil
    }

    package var items: [Item] = []

    package init() {}

    /// A list of `items`, for the renderer's rewritten lists (moved, or wrapped in a layer).
    package init(items: [Item]) {
        self.items = items
    }
}

extension DisplayList.Item {
    /// The item at full opacity, normal blending and without clips — for drawing inside a
    /// layer that applies those itself.
    var plain: DisplayList.Item {
        switch self {
        case .fill(var fill):
            (fill.opacity, fill.blendMode, fill.clips) = (1, .normal, [])
            return .fill(fill)
        case .glyphs(var text):
            (text.fill.opacity, text.fill.blendMode, text.fill.clips) = (1, .normal, [])
            return .glyphs(text)
        case .stroke(var stroke):
            (stroke.opacity, stroke.blendMode, stroke.clips) = (1, .normal, [])
            return .stroke(stroke)
        case .layer(var layer):
            (layer.opacity, layer.blendMode, layer.clips) = (1, .normal, [])
            return .layer(layer)
        case .stamp(var stamp):
            (stamp.opacity, stamp.blendMode, stamp.clips) = (1, .normal, [])
            return .stamp(stamp)
        }
    }
}
