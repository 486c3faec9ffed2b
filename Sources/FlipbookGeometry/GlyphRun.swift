import Foundation

/// Outline glyphs at their places, each with what identifies its outline: a text's fill as the
/// rasterizer can cache it glyph by glyph.
///
/// `path` is every outline placed, the fill itself; `glyphs` says which outline sits where, so
/// that a rasterizer can keep each glyph's coverage by (face, glyph, size, transform, subpixel
/// position) and reuse it when the text moves, or when a counter changes one digit and keeps
/// the others — as Skia's glyph cache (`SkStrike`) and FreeType's cache subsystem (`FTC_*`)
/// do. Built once per laid-out text (or per revealed part of it) and shared, so a class.
///
/// Invariant: `path` is the union of every glyph's `outline` mapped through
/// `CGAffineTransform(scaleX: scale, y: scale)` and then translated to its `position`, in order.
package final class GlyphRun: Hashable, Sendable {
    /// What an outline is: equal identities, equal outlines.
    package struct OutlineID: Hashable, Sendable {
        /// The face's own number (`FontFace.identifier`), unique in the process.
        package var face: Int
        package var glyph: UInt32
        /// Font units to points: the em size over the face's units per em.
        package var scale: Double
    }

    /// One glyph: its outline in font units (y down) and its pen position in points.
    package struct Glyph: Hashable, Sendable {
        package var id: OutlineID
        package var outline: Path
        package var position: CGPoint

        /// Glyph `glyph` of the face numbered `face`, whose outline is `outline`, drawn at
        /// `scale` points per font unit with its pen at `position`.
        package init(face: Int, glyph: UInt32, scale: Double, outline: Path, position: CGPoint) {
            id = OutlineID(face: face, glyph: glyph, scale: scale)
            (self.outline, self.position) = (outline, position)
        }

        /// `glyph` moved to `position`.
        package init(_ glyph: Glyph, at position: CGPoint) {
            (id, outline, self.position) = (glyph.id, glyph.outline, position)
        }

        /// Equal by identity and place: the outline follows from the identity, and comparing
        /// it element by element would cost what the identity saves.
        package static func == (lhs: Glyph, rhs: Glyph) -> Bool {
            lhs.id == rhs.id && lhs.position == rhs.position
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(position)
        }
    }

    package let glyphs: [Glyph]
    /// Every outline at its place, in points: the path a fill of the run fills.
    package let path: Path

    /// A run of `glyphs`, with the path of their outlines placed built once.
    package init(_ glyphs: [Glyph]) {
        self.glyphs = glyphs
        var path = Path()
        for glyph in glyphs {
            let transform = CGAffineTransform(scaleX: glyph.id.scale, y: glyph.id.scale)
                .concatenating(CGAffineTransform(translationX: glyph.position.x, y: glyph.position.y))
            path.addPath(glyph.outline, transform: transform)
        }
        self.path = path
    }

    package static func == (lhs: GlyphRun, rhs: GlyphRun) -> Bool {
        lhs === rhs || lhs.glyphs == rhs.glyphs
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(glyphs)
    }
}
