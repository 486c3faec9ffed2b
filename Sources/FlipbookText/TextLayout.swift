import FlipbookGeometry
import Foundation

/// Text shaped and laid out in lines: glyphs from the best font that has them (fontconfig's
/// fallback order), placed by HarfBuzz (kerning, ligatures, marks), broken into lines at `\n`
/// and — given a width — between words.
///
/// Coordinates are points with y down; the layout box starts at (0, 0), the first baseline at
/// `ascent`. `path` is every glyph's outline at its place, ready to fill.
public struct TextLayout: Sendable {
    /// How text is set.
    public struct Style: Hashable, Sendable {
        public var font: FontDescriptor
        /// Em size in points.
        public var size: Double
        /// Extra space after every glyph, in points (SwiftUI's `kerning`/`tracking`).
        public var tracking: Double
        /// HarfBuzz features, e.g. `["-kern"]` to turn kerning off.
        public var features: [String]

        public init(
            font: FontDescriptor = FontDescriptor(), size: Double = 17, tracking: Double = 0,
            features: [String] = []
        ) {
            (self.font, self.size, self.tracking, self.features) = (font, size, tracking, features)
        }
    }

    /// One glyph at its pen position (on the baseline).
    public struct PlacedGlyph: Sendable {
        public let face: FontFace
        public let glyph: UInt32
        public let position: CGPoint
    }

    /// One line: its glyphs, its advance width and its baseline's y.
    public struct Line: Sendable {
        public var glyphs: [PlacedGlyph]
        public var width: Double
        public var baseline: Double
    }

    public let style: Style
    public private(set) var lines: [Line] = []
    /// Above and below the baseline, and from one baseline to the next, in points.
    public let ascent: Double
    public let descent: Double
    public let lineHeight: Double
    /// Glyphs the fonts could not provide (drawn as the font's missing-glyph box).
    public private(set) var missingCharacters: [Character] = []

    /// Lays out `text`; with `maxWidth`, lines break between words to stay within it (a word
    /// wider than the width gets a line of its own).
    public init(_ text: String, style: Style, maxWidth: Double? = nil, library: FontLibrary = .shared) {
        self.style = style
        let faces = library.faces(for: style.font)
        let primary = faces.first
        let scale = style.size / (primary?.unitsPerEm ?? 1000)
        ascent = (primary?.ascender ?? 800) * scale
        descent = -(primary?.descender ?? -200) * scale
        lineHeight = ascent + descent + (primary?.lineGap ?? 0) * scale
        guard !faces.isEmpty else { return }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let baseline = ascent + Double(lines.count) * lineHeight
            if let maxWidth, maxWidth.isFinite, maxWidth > 0 {
                wrap(String(paragraph), faces: faces, maxWidth: maxWidth)
            } else {
                lines.append(Line(glyphs: [], width: 0, baseline: baseline))
                append(String(paragraph), faces: faces, to: lines.count - 1)
            }
        }
    }

    /// The size of the layout box: the widest line by all lines' height.
    public var size: CGSize {
        CGSize(
            width: lines.map(\.width).max() ?? 0,
            height: lines.isEmpty ? 0 : Double(lines.count - 1) * lineHeight + ascent + descent)
    }

    /// Every glyph's outline at its place, in points.
    public var path: Path {
        var path = Path()
        for line in lines {
            for placed in line.glyphs {
                let scale = style.size / placed.face.unitsPerEm
                let transform = CGAffineTransform(scaleX: scale, y: scale)
                    .concatenating(CGAffineTransform(translationX: placed.position.x, y: placed.position.y))
                path.addPath(placed.face.outline(of: placed.glyph), transform: transform)
            }
        }
        return path
    }

    /// Shapes `text` with font fallback and appends its glyphs to line `index`.
    private mutating func append(_ text: String, faces: [FontFace], to index: Int) {
        for run in Self.runs(of: text, faces: faces) {
            let face = faces[run.face]
            let scale = style.size / face.unitsPerEm
            for shaped in face.shape(run.text, features: style.features) {
                if shaped.glyph == 0, let character = Self.character(at: shaped.cluster, in: run.text) {
                    missingCharacters.append(character)
                }
                let pen = CGPoint(
                    x: lines[index].width + shaped.offset.x * scale,
                    y: lines[index].baseline + shaped.offset.y * scale)
                lines[index].glyphs.append(PlacedGlyph(face: face, glyph: shaped.glyph, position: pen))
                lines[index].width += shaped.advance * scale + style.tracking
            }
        }
    }

    /// Greedy line filling word by word.
    private mutating func wrap(_ paragraph: String, faces: [FontFace], maxWidth: Double) {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var current = ""
        func measure(_ text: String) -> Double {
            TextLayout(text, style: style).lines.first?.width ?? 0
        }
        func flush() {
            lines.append(Line(glyphs: [], width: 0, baseline: ascent + Double(lines.count) * lineHeight))
            append(current, faces: faces, to: lines.count - 1)
        }
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if !current.isEmpty, measure(candidate) > maxWidth {
                flush()
                current = word
            } else {
                current = candidate
            }
        }
        flush()
    }

    /// Splits `text` into runs that each use one face: the first face that has the character
    /// (spaces and marks stay with the run they are in).
    static func runs(of text: String, faces: [FontFace]) -> [(face: Int, text: String)] {
        var runs: [(face: Int, text: String)] = []
        for character in text {
            let scalars = character.unicodeScalars
            let choice: Int
            if let last = runs.last,
                character.isWhitespace || scalars.allSatisfy({ faces[last.face].glyph(for: $0) != nil })
            {
                choice = last.face
            } else {
                choice =
                    faces.indices.first { face in scalars.allSatisfy { faces[face].glyph(for: $0) != nil } }
                    ?? 0
            }
            if let last = runs.last, last.face == choice {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((choice, String(character)))
            }
        }
        return runs
    }

    private static func character(at utf8Offset: Int, in text: String) -> Character? {
        let utf8 = text.utf8
        guard let index = utf8.index(utf8.startIndex, offsetBy: utf8Offset, limitedBy: utf8.endIndex),
            index < text.endIndex
        else { return nil }
        return text[index...].first
    }
}
