import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A text layer's text (`ty: 5`): its documents by frame (`t.d.k`, each held until the next),
/// set in a font of the file's `fonts` list.
struct LottieText: Sendable {
    /// One text document (a keyframe's `s`): what it says and how it is set.
    struct Document: Sendable {
        /// The text, lines broken by `\r` (as After Effects writes them) or `\n`.
        var text: String
        /// The font's family and style (`fonts.list` by `f`, the document's font name).
        var family: String
        var style: String
        /// Points (`s`).
        var size: Double
        /// `j`: 0 left, 1 right, 2 centre (3…6, justified lines, are set left, centre or right).
        var justification: Int
        /// Thousandths of an em between characters (`tr`).
        var tracking: Double
        /// Points from baseline to baseline (`lh`).
        var lineHeight: Double
        var fill: Color?
        var stroke: Color?
        var strokeWidth: Double
        /// A paragraph box (`sz`, at `ps`, its top-left corner): lines wrap to its width.
        var box: CGRect?
    }

    /// A character's outlines from the file's `chars`, drawn instead of the font's glyph.
    struct Glyph: Sendable {
        /// The outlines, at font size `size`, the baseline at y = 0.
        var shapes: [LottieShape]
        var size: Double
        /// How far the next character starts, at font size `size` (`w`).
        var advance: Double
    }

    /// Documents in frame order (never empty).
    var documents: [(frame: Double, document: Document)]
    /// The file's glyphs by `glyphKey` (empty without `chars`): a line all of whose characters
    /// have one in its font is drawn from them.
    var glyphs: [String: Glyph] = [:]

    /// The key of the glyph of `character` in a font of `family` and `style`.
    static func glyphKey(_ character: Character, family: String, style: String) -> String {
        "\(family)\u{0}\(style)\u{0}\(character)"
    }

    /// The document shown at `frame`: the last whose frame is at or before it (the first before).
    func document(at frame: Double) -> Document {
        documents.last { $0.frame <= frame }?.document ?? documents[0].document
    }
}
