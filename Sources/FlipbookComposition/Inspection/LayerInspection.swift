import FlipbookText
import Foundation

/// One layer as `flipbook inspect` shows it at one time: where it is drawn, whether it shows,
/// the lines of its text and the fonts they are set in, and the layers of its group.
///
/// Recorded by the code that draws the layer (`LayerRenderer` with a `LayerInspector`), so
/// that the box is where the layer is drawn, however it was laid out.
package struct LayerInspection: Sendable {
    /// Its name (as `--explain` gives it) and JSON path (`layers[1].layers[0]`).
    package var name: String
    package var path: String
    /// `scene`, `text`, `image`, `video`, `shape`, `group`, `stack` or `spacer`.
    package var kind: String
    /// Whether any of it shows: it is within its time window, not at opacity 0 (nor is any
    /// group it is in), not wiped out by a transition, and its box meets the canvas (for a
    /// group, its box or a visible layer of it); never for a spacer.
    package var visible: Bool
    /// The layer's box in output pixels: the axis-aligned bounds of its box (its size, at its
    /// place) after every transform — its position and anchor, scale, rotation and 3D turn,
    /// its transitions', its groups' and the render's scale — as it is drawn.
    package var box: CGRect
    /// The layers of a group, as they are drawn (bottom first).
    package var layers: [LayerInspection] = []
    /// A text layer's lines and fonts; `nil` for other layers, and for a captioned text while
    /// no cue shows.
    package var text: Typesetting?
    /// A text layer's smallest em size in output pixels (its glyphs' size through every
    /// transform and the render's scale), and the lightest weight it is set in (400 regular,
    /// 700 bold); `nil` for other layers.
    package var textSize: Double?
    package var textWeight: Double?

    package init(name: String, path: String, kind: String, visible: Bool, box: CGRect) {
        (self.name, self.path, self.kind, self.visible, self.box) = (name, path, kind, visible, box)
    }

    /// How a text is set: its lines, and the font of each stretch of it.
    package struct Typesetting: Sendable {
        /// Each line's characters, in logical order (with "…" where the line limit cut it).
        package var lines: [String]
        /// The text in stretches each set in one face, in order.
        package var fonts: [FontRun]

        /// The setting of `layout`.
        package init(_ layout: TextLayout) {
            lines = layout.lines.map(\.text)
            let characters = Array(layout.runs.lazy.flatMap(\.text))
            let starts = layout.lines.map { $0.glyphs.map(\.character).min() }
            fonts = layout.lines.indices.flatMap { index in
                let glyphs = layout.lines[index].glyphs.sorted { $0.character < $1.character }
                // The line's characters end where the next line's start (a cut line, at its last glyph).
                let next = starts[(index + 1)...].compactMap { $0 }.first
                let end =
                    layout.truncated && index == layout.lines.count - 1
                    ? (glyphs.last?.character ?? -1) + 1 : next ?? characters.count
                return Self.stretches(of: glyphs, ending: min(end, characters.count), in: characters)
            }
        }

        /// The stretches of `glyphs` (one line's, in character order) set in one face each, the
        /// last ending before character `end` of `characters`.
        private static func stretches(
            of glyphs: [TextLayout.PlacedGlyph], ending end: Int, in characters: [Character]
        ) -> [FontRun] {
            var stretches: [(face: FontFace, first: Int)] = []
            for glyph in glyphs where stretches.last.map({ $0.face !== glyph.face }) ?? true {
                stretches.append((glyph.face, glyph.character))
            }
            return stretches.indices.map { index in
                let (face, first) = stretches[index]
                let next = index + 1 < stretches.count ? stretches[index + 1].first : end
                // (An ellipsis stands for characters cut: its index may lie past the last.)
                let lower = min(first, characters.count)
                let text = String(characters[lower..<min(max(first, next), characters.count)])
                return FontRun(
                    text: text.trimmingCharacters(in: .whitespacesAndNewlines), family: face.familyName,
                    style: face.styleName, file: face.path)
            }
        }
    }

    /// A stretch of text set in one face.
    package struct FontRun: Sendable {
        package var text: String
        package var family: String
        package var style: String
        /// The font file.
        package var file: String
    }
}
