import FlipbookText
import Foundation

/// A laid-out text's characters, words or lines, numbered in reading order, for transitions
/// that move them one after another: which unit each drawn character belongs to, and how
/// many units have a glyph.
struct TextUnits {
    /// The unit of each character index that has a glyph.
    private(set) var unitOfCharacter: [Int: Int] = [:]
    private(set) var count = 0

    init(_ layout: TextLayout, by unit: Transition.Unit) {
        let characters = Array(layout.runs.map(\.text).joined())
        // A key per character that sorts in reading order and is equal within a unit.
        let key: (TextLayout.PlacedGlyph, _ line: Int) -> Int
        switch unit {
        case .layer:
            key = { _, _ in 0 }
        case .character:
            key = { glyph, _ in glyph.character }
        case .line:
            key = { _, line in line }
        case .word:
            // A word is a stretch of characters between white space; the index of its first
            // character names it.
            var wordStart = [Int](repeating: 0, count: characters.count)
            var start = 0
            for (index, character) in characters.enumerated() {
                if character.isWhitespace { start = index + 1 }
                wordStart[index] = start
            }
            key = { glyph, _ in
                glyph.character < wordStart.count ? wordStart[glyph.character] : glyph.character
            }
        }
        var keys: [Int: Int] = [:]
        for (lineIndex, line) in layout.lines.enumerated() {
            for glyph in line.glyphs { keys[glyph.character] = key(glyph, lineIndex) }
        }
        let order = Set(keys.values).sorted()
        let numbers = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        unitOfCharacter = keys.mapValues { numbers[$0] ?? 0 }
        count = order.count
    }
}
