import FlipbookGeometry
import Foundation

/// Shaping a line's pieces: each cut into units of one face and one direction (fallback fonts
/// for characters its run's fonts lack; the bidirectional algorithm's levels), shaped by
/// HarfBuzz and placed one after another in visual order.
extension LineBreaker {
    /// Shapes `pieces` one after another on a baseline at y = 0.
    func place(_ pieces: [Piece]) -> ShapedLine { shape(pieces) }

    func shape(_ pieces: [Piece]) -> ShapedLine {
        var line = ShapedLine()
        let characterOffsets = pieces.map { Self.characterIndices($0.text) }
        for unit in units(of: pieces) {
            let piece = pieces[unit.piece]
            let style = runs[piece.run].style
            let features = style.monospacedDigit ? style.features + ["tnum"] : style.features
            let scale = style.size / unit.face.unitsPerEm
            for shaped in unit.face.shape(unit.text, features: features, rightToLeft: unit.rightToLeft) {
                let offset = unit.utf8Start + shaped.cluster
                if shaped.glyph == 0, let character = Self.character(at: shaped.cluster, in: unit.text) {
                    line.missing.append(character)
                }
                var x = line.width + shaped.offset.x * scale
                // A made-up bold's outlines are wider by its emboldening: so is its advance (not
                // a mark's, which has none).
                let grown = shaped.advance != 0 ? unit.face.emboldening : 0
                var advance = (shaped.advance + grown) * scale
                if style.monospacedDigit, unit.face.digitAdvance > 0,
                    Self.character(at: shaped.cluster, in: unit.text)?.isDigitZeroToNine == true
                {
                    // A digit centred in the widest digit's cell, for fonts without tabular figures.
                    let cell = unit.face.digitAdvance * scale
                    x += (cell - advance) / 2
                    advance = cell
                }
                line.glyphs.append(
                    TextLayout.PlacedGlyph(
                        face: unit.face, glyph: shaped.glyph,
                        position: CGPoint(x: x, y: shaped.offset.y * scale - style.baselineOffset),
                        run: piece.run,
                        character: piece.firstCharacter + (characterOffsets[unit.piece][offset] ?? 0),
                        size: style.size, advance: advance))
                line.width += advance + style.tracking
            }
        }
        return line
    }

    /// A stretch of one piece set in one face and one direction: what HarfBuzz shapes at once.
    fileprivate struct Unit {
        var piece: Int
        var face: FontFace
        var text: String
        /// Where `text` starts in the piece's text, in UTF-8 bytes.
        var utf8Start: Int
        /// The direction to shape in: `nil` (guessed) on a line with nothing right to left.
        var rightToLeft: Bool?
    }

    /// The units of `pieces`, in the order they are set from left to right. A line of a
    /// paragraph with Hebrew, Arabic or Arabic digits in it is split where the bidirectional
    /// algorithm changes level, and its units are ordered by it (`BidiLevels`); a line whose
    /// characters are all at level 0 keeps its pieces' order.
    fileprivate func units(of pieces: [Piece]) -> [Unit] {
        var units: [Unit] = []
        // Each unit character's index in the whole text.
        var indices: [Int] = []
        for (index, piece) in pieces.enumerated() {
            let faces = runFaces[piece.run]
            guard !faces.isEmpty else { continue }
            var next = piece.firstCharacter
            for segment in segments(of: piece.text, run: piece.run) {
                units.append(
                    Unit(piece: index, face: segment.face, text: segment.text, utf8Start: segment.utf8Start))
                let count = segment.text.count
                indices += next..<(next + count)
                next += count
            }
        }
        guard let characterLevels else { return units }
        let characters = units.flatMap { Array($0.text) }
        let base = paragraphLevel(at: pieces.first?.firstCharacter ?? 0)
        // An ellipsis put in the text takes the level of the character it stands before.
        let inParagraph = indices.map { $0 < characterLevels.count ? characterLevels[$0] : base }
        let levels = BidiLevels.lineLevels(inParagraph, of: characters, base: base)
        guard levels.contains(where: { $0 != 0 }) else { return units }
        // Each unit cut where the level changes, then all of them in visual order.
        var split: [(unit: Unit, level: UInt8)] = []
        var position = 0
        for unit in units {
            var part = Unit(piece: unit.piece, face: unit.face, text: "", utf8Start: unit.utf8Start)
            var partLevel = levels[position]
            for character in unit.text {
                if levels[position] != partLevel, !part.text.isEmpty {
                    part.rightToLeft = partLevel % 2 == 1
                    split.append((part, partLevel))
                    part = Unit(
                        piece: unit.piece, face: unit.face, text: "",
                        utf8Start: part.utf8Start + part.text.utf8.count)
                    partLevel = levels[position]
                }
                part.text.append(character)
                position += 1
            }
            part.rightToLeft = partLevel % 2 == 1
            split.append((part, partLevel))
        }
        return BidiLevels.visualOrder(of: split.map(\.level)).map { split[$0].unit }
    }

    /// Splits `text`, of run `run`, into segments that each use one face: the first of the
    /// run's faces that has the character, else the face of the segment it follows if that has
    /// it, else an installed face covering it. Spaces stay with the segment they are in, unless
    /// it is emoji. (The first face comes first, as in browsers: a composition's own font that
    /// lacks "é" draws the rest of "Café au lait" again, rather than leaving it to the font
    /// that had the "é".) Needs the run to have a face.
    private func segments(of text: String, run: Int) -> [(
        face: FontFace, text: String, utf8Start: Int
    )] {
        let faces = runFaces[run]
        var segments: [(face: FontFace, text: String, utf8Start: Int)] = []
        var utf8Offset = 0
        for character in text {
            let scalars = character.unicodeScalars
            let choice: FontFace
            // Spaces stay in the segment they are in, except after emoji: a colour font's space
            // is as wide as an emoji.
            if let last = segments.last, character.isWhitespace, !last.face.hasColor {
                choice = last.face
            } else if let face = faces.first(where: { face in
                scalars.allSatisfy { face.glyph(for: $0) != nil }
            }) {
                choice = face
            } else if let last = segments.last, scalars.allSatisfy({ last.face.glyph(for: $0) != nil }) {
                choice = last.face
            } else {
                choice =
                    scalars.first.flatMap { library.face(covering: $0, styled: runs[run].style.font) }
                    ?? faces[0]
            }
            if let last = segments.last, last.face === choice {
                segments[segments.count - 1].text.append(character)
            } else {
                segments.append((choice, String(character), utf8Offset))
            }
            utf8Offset += character.utf8.count
        }
        return segments
    }

    /// The character index at each character's first UTF-8 offset in `text`.
    private static func characterIndices(_ text: String) -> [Int: Int] {
        var indices: [Int: Int] = [:]
        var offset = 0
        for (i, character) in text.enumerated() {
            indices[offset] = i
            offset += character.utf8.count
        }
        return indices
    }

    private static func character(at utf8Offset: Int, in text: String) -> Character? {
        let utf8 = text.utf8
        guard let index = utf8.index(utf8.startIndex, offsetBy: utf8Offset, limitedBy: utf8.endIndex),
            index < text.endIndex
        else { return nil }
        return text[index...].first
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    fileprivate var isDigitZeroToNine: Bool { ("0"..."9").contains(self) }
}
