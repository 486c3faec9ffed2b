import FlipbookCanvas
import FlipbookRaster

/// What a composition puts into a designer's Lottie file in place of what it holds — so one
/// template renders once per row of a `batch` table.
///
/// Each value is found by a name: a slot's id (Lottie's `slots`, which properties name by
/// `sid`), or a layer's or shape item's name (`nm`). A text replaces the text of a text layer
/// (all its keyframes keep their style); a colour replaces a colour slot, a fill's or stroke's
/// colour (`fl`, `st`, by the item's name), every fill and stroke of a shape layer (by the
/// layer's name), a text layer's fill or a solid layer's colour; a picture replaces an image
/// asset's (by its `id`), drawn at the asset's `w` × `h`.
public struct LottieTemplate: Sendable {
    public var texts: [String: String] = [:]
    public var colors: [String: Color] = [:]
    package var images: [String: RasterImage] = [:]

    package init(
        texts: [String: String] = [:], colors: [String: Color] = [:], images: [String: RasterImage] = [:]
    ) {
        (self.texts, self.colors, self.images) = (texts, colors, images)
    }
}

/// The names a Lottie file offers a template, as decoding found them.
public struct LottieTemplateTargets: Sendable {
    /// Text layers' names and the ids of text slots.
    public var texts: Set<String> = []
    /// Colour slots' ids, the names of fills, strokes, shape layers, text layers and solids.
    public var colors: Set<String> = []
    /// Image assets' ids.
    public var images: Set<String> = []
}
